import type { Meta, StoryObj } from '@storybook/react-vite';
import { MetricChart } from '../../widgets/chart';

/** Deterministic days ending 2026-11-20, with a weekly rhythm. */
function days(count: number, scale: number) {
  return Array.from({ length: count }, (_, i) => {
    const day = new Date(Date.UTC(2026, 10, 20 - (count - 1 - i)));
    return { date: day.toISOString().slice(0, 10), value: Math.round(scale * (1 + 0.4 * Math.sin(i / 1.2) + i / count) * 100) / 100 };
  });
}

const meta = {
  title: 'Widgets/Metric chart',
  component: MetricChart,
  argTypes: {
    type: { control: 'inline-radio', options: ['count', 'money', 'cost', 'percent'] },
    locale: { control: 'inline-radio', options: ['en', 'de', 'es', 'jp', 'ru'] },
  },
  args: { points: days(14, 1200), type: 'count', locale: 'en', height: 300, ariaLabel: 'Impressions per day', emptyText: 'No statistics for these filters' },
  parameters: { docs: { description: { component: 'One metric over time (nivo, loaded lazily); numbers formatted by type as in the tables.' } } },
} satisfies Meta<typeof MetricChart>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Impressions: Story = {};
export const Cost: Story = { args: { points: days(30, 84.1234), type: 'cost', ariaLabel: 'Cost per day' } };
export const Ctr: Story = { args: { points: days(14, 0.0123), type: 'percent', ariaLabel: 'CTR per day', locale: 'de' } };
export const Empty: Story = { args: { points: [] } };
