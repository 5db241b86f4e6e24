import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { StoreContext } from '../../src/app/context';
import type { RootStore } from '../../src/app/RootStore';
import { StatisticsReport } from '../../src/areas/statistics/StatisticsReport';
import type { ReportScreen } from '../../src/areas/statistics/statisticsScreens';
import { PanelEnglish } from '../ads/PanelEnglish';
import { createStatisticsServer, type StatisticsBehaviour } from './statisticsFixtures';
import { createStatisticsStoryStores } from './storyStores';

interface StoryProps {
  screen: ReportScreen;
  /** How the statistics call answers. */
  behaviour: StatisticsBehaviour;
  /** The address the page opens with (`group=country&campaigns=501,503`). */
  query: string;
}

/** A statistics page as the panel shows it (same report, stores and API client), over fixture answers. */
function StatisticsPageStory({ screen, behaviour, query }: StoryProps) {
  const [stores] = useState(() => createStatisticsStoryStores(createStatisticsServer(behaviour)));
  return (
    <PanelEnglish>
      <StoreContext.Provider value={stores as RootStore}>
        <MemoryRouter initialEntries={[`/${screen}${query ? `?${query}` : ''}`]}>
          <StatisticsReport screen={screen} />
        </MemoryRouter>
      </StoreContext.Provider>
    </PanelEnglish>
  );
}

const meta = {
  title: 'Pages/Statistics',
  component: StatisticsPageStory,
  // A new page (its own stores) for every change of the controls.
  render: (args) => <StatisticsPageStory key={JSON.stringify(args)} {...args} />,
  argTypes: {
    screen: { control: 'inline-radio', options: ['campaign-statistics', 'ssp-statistics', 'rtb-statistics'] },
    behaviour: { control: 'inline-radio', options: ['normal', 'empty', 'failing', 'invalid', 'slow'] },
  },
  args: { screen: 'campaign-statistics', behaviour: 'normal', query: '' },
  parameters: {
    layout: 'fullscreen',
    docs: { description: { component: 'One generic report configured per screen; groupings are the column sets of `schemas/statistics/` offered to the screen.' } },
  },
} satisfies Meta<typeof StatisticsPageStory>;

export default meta;
type Story = StoryObj<typeof meta>;

export const CampaignStatistics: Story = {};
export const ByCountry: Story = { args: { query: 'group=country&campaigns=501,503&metric=clicks' } };
export const SspStatistics: Story = { args: { screen: 'ssp-statistics' } };
export const RtbStatistics: Story = { args: { screen: 'rtb-statistics' } };
export const Empty: Story = { args: { behaviour: 'empty' } };
export const Failing: Story = { args: { behaviour: 'failing' } };
export const InvalidRange: Story = { args: { behaviour: 'invalid' } };
export const Slow: Story = { args: { behaviour: 'slow' } };
