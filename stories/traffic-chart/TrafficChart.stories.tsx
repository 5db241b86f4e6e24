import type { Meta, StoryObj } from '@storybook/react-vite';
import TrafficChartPage from '../../src/areas/traffic/TrafficChartPage';
import { StoryPanel } from '../dashboard/StoryPanel';
import type { EstimateRequest } from '../campaigns/trafficEstimate';
import { createTrafficChartTransport } from './trafficChartTransport';

/** The props of the traffic chart's stories. */
export interface TrafficChartStoryProps {
  /** Simulated latency of the story's API in ms (availability takes twice as long). */
  latencyMs: number;
  /** Fail this many first availability requests. */
  failFirst: number;
  /** Sees every availability request (tests). */
  onTrafficRequest?: (body: EstimateRequest) => void;
}

/** /traffic-chart over a fixture API (trafficChartTransport.ts), as the panel shows it. */
export function TrafficChartStory({ latencyMs, failFirst, onTrafficRequest }: TrafficChartStoryProps) {
  return (
    <StoryPanel key={`${latencyMs}:${failFirst}`} path="/traffic-chart" transport={() => createTrafficChartTransport({ latencyMs, failFirst, onTrafficRequest })}>
      <TrafficChartPage />
    </StoryPanel>
  );
}

const meta = {
  title: 'Pages/Traffic chart',
  component: TrafficChartStory,
  args: { latencyMs: 300, failFirst: 0 },
  argTypes: {
    latencyMs: { control: { type: 'number', min: 0, step: 100 } },
    failFirst: { control: { type: 'number', min: 0, step: 1 } },
  },
  parameters: {
    layout: 'fullscreen',
    docs: {
      description: {
        component:
          'The traffic availability chart: ad format, pricing model (the format’s, among the settings’ traffic chart models), ' +
          'countries, premium sites and an optional price; every change asks `POST available-traffic-by-country` again after ' +
          '500 ms of rest. Top 15 countries as bars (won at the price, and the rest), every country in the table.',
      },
    },
  },
} satisfies Meta<typeof TrafficChartStory>;
export default meta;

type Story = StoryObj<typeof meta>;

/** AdNet's formats over the campaign stories' deterministic estimate. */
export const Default: Story = {};

/** The first update fails: the list is emptied and the error offers a retry (which works). */
export const UpdateFails: Story = { args: { failFirst: 1 } };
