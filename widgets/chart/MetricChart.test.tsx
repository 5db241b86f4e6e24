import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MetricChart } from './MetricChart';
import { formatMetric, formatShortDate } from './chartFormat';

const points = [
  { date: '2026-11-01', value: 12.5 },
  { date: '2026-11-02', value: 1234.25 },
  { date: '2026-11-03', value: 0 },
];

describe('MetricChart', () => {
  it('is an image with a label and a hidden table of every day, numbers formatted by type', () => {
    render(<MetricChart points={points} type="money" locale="en" ariaLabel="Cost per day" emptyText="No data" />);
    expect(screen.getByRole('img', { name: 'Cost per day' })).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Cost per day' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1].textContent).toBe('Nov 2' + '1,234.25');
  });

  it('shows the empty text when there are no points', () => {
    render(<MetricChart points={[]} type="count" locale="en" ariaLabel="Clicks per day" emptyText="No statistics for these filters" />);
    expect(screen.getByText('No statistics for these filters')).toBeTruthy();
    expect(screen.getByRole('img', { name: /Clicks per day/ })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('formats in the locale, Japanese under its Intl tag', () => {
    expect(formatShortDate('2026-11-20', 'jp')).toBe('11月20日');
    expect(formatShortDate('2026-11-20', 'de')).toBe('20. Nov.');
    expect(formatMetric(0.012345, 'percent', 'en')).toBe('1.23%');
    expect(formatMetric(0.1 + 0.2, 'cost', 'en')).toBe('0.3000');
    expect(formatMetric(1500, 'count', 'ru')).toBe('1\u00a0500');
  });

  it('loads the nivo chart lazily and draws a line', async () => {
    const { container } = render(<MetricChart points={points} type="count" locale="en" ariaLabel="Clicks" emptyText="-" height={200} />);
    await screen.findByRole('img', { name: 'Clicks' });
    // The chart module arrives after the first render (Suspense), then nivo renders its SVG.
    await expect.poll(() => container.querySelector('[aria-hidden="true"]')).toBeTruthy();
  });
});
