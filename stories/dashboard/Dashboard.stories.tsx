import type { Meta, StoryObj } from '@storybook/react-vite';
import DashboardPage from '../../src/areas/dashboard/DashboardPage';
import { createDashboardTransport, type DashboardScenario } from './dashboardTransport';
import { StoryPanel } from './StoryPanel';

/** The props of the dashboard's stories. */
export interface DashboardStoryProps {
  scenario: DashboardScenario;
  /** Simulated latency of the story's API in ms. */
  latencyMs: number;
}

/** /dashboard over a fixture API (dashboardTransport.ts), as the panel shows it. */
export function DashboardStory({ scenario, latencyMs }: DashboardStoryProps) {
  return (
    <StoryPanel key={`${scenario}:${latencyMs}`} path="/dashboard" transport={() => createDashboardTransport({ scenario, latencyMs })}>
      <DashboardPage />
    </StoryPanel>
  );
}

const meta = {
  title: 'Pages/Dashboard',
  component: DashboardStory,
  args: { scenario: 'advertiser', latencyMs: 300 },
  argTypes: {
    scenario: { control: 'inline-radio', options: ['advertiser', 'new-user', 'failures'] },
    latencyMs: { control: { type: 'number', min: 0, step: 100 } },
  },
  parameters: {
    layout: 'fullscreen',
    docs: {
      description: {
        component:
          'The dashboard: spend today, yesterday, this and last month, campaign counts (each a link to the campaigns it counts), ' +
          'balance (`-` until `GET home` answers) and reserve; the last 14 days as a chart with a metric switch; this week’s ' +
          'spend; the campaign table. Fixture answers for `GET home`, `GET campaign-statistics`, `GET week-spent`, `GET campaigns` and `GET campaign-tooltips`.',
      },
    },
  },
} satisfies Meta<typeof DashboardStory>;
export default meta;

type Story = StoryObj<typeof meta>;

/** An advertiser with campaigns and statistics. */
export const Advertiser: Story = {};

/** A user who just signed up: no campaign yet, so the page offers to create one. */
export const NewUser: Story = { args: { scenario: 'new-user' } };

/** The chart's and the week's first loads fail: each panel says why and retries on its own. */
export const PanelFailures: Story = { args: { scenario: 'failures' } };

/** A slow network: skeletons, and the balance reading '-' until it arrives. */
export const Loading: Story = { args: { latencyMs: 4000 } };
