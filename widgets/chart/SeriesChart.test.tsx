import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SeriesChart, type ChartSeries } from './SeriesChart';
import { otherColor, seriesColors } from './seriesColors';

const days = ['2026-11-18', '2026-11-19', '2026-11-20'];
const line = (id: string, label: string, values: number[], other = false): ChartSeries => ({ id, label, other, points: days.map((date, i) => ({ date, value: values[i] })) });
const series = [line('4', 'Germany', [10, 20, 30]), line('9', 'France', [5, 1234.5, 0]), line('other', 'Other', [1, 1, 1], true)];

describe('SeriesChart', () => {
  it('is an image with a legend of the rows and a hidden table, a column per series', () => {
    render(<SeriesChart series={series} type="count" locale="en" ariaLabel="Clicks per day, top 2" legendLabel="Legend" emptyText="No data" today="2026-11-20" />);
    expect(screen.getByRole('img', { name: 'Clicks per day, top 2' })).toBeTruthy();
    const legend = screen.getByRole('list', { name: 'Legend' });
    expect(within(legend).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Germany', 'France', 'Other']);
    const table = screen.getByRole('table', { name: 'Clicks per day, top 2' });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Germany', 'France', 'Other']);
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(rows[2].textContent).toBe('Nov 19' + '20' + '1,235' + '1');
  });

  it('colours the lines from the accent, the first in the accent itself, "Other" in grey', () => {
    const { container } = render(<SeriesChart series={series} type="count" locale="en" ariaLabel="x" legendLabel="Legend" emptyText="-" />);
    const swatches = [...container.querySelectorAll<HTMLElement>('li span[aria-hidden="true"]')].map((s) => s.style.background);
    expect(swatches).toHaveLength(3);
    expect(new Set(swatches).size).toBe(3);
    // jsdom has no theme variables: Blueprint's blue, as the single-line chart.
    expect(swatches[0]).toBe('rgb(45, 114, 210)');
    expect(swatches[2]).toBe(hexToRgb(otherColor(false)));
  });

  it('shows the empty text when there is no series', () => {
    render(<SeriesChart series={[]} type="count" locale="en" ariaLabel="Clicks per day" legendLabel="Legend" emptyText="No row has any clicks" />);
    expect(screen.getByText('No row has any clicks')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('loads the nivo chart lazily', async () => {
    const { container } = render(<SeriesChart series={series} type="count" locale="en" ariaLabel="Lines" legendLabel="Legend" emptyText="-" height={200} today="2026-11-20" />);
    // The chart module arrives after the first render (Suspense); jsdom has no layout, so nivo's SVG is checked end to end.
    await expect.poll(() => container.querySelector('[role="img"] [aria-hidden="true"]')).toBeTruthy();
  });
});

describe('seriesColors', () => {
  it('starts at the accent and turns its hue: distinct colours, stable for a count', () => {
    const colors = seriesColors('#7c3aed', 6, false);
    expect(colors[0]).toBe('#7c3aed');
    expect(new Set(colors).size).toBe(6);
    expect(seriesColors('#7c3aed', 3, false)).toEqual(colors.slice(0, 3));
    expect(colors.every((c) => /^#[0-9a-f]{6}$/.test(c))).toBe(true);
  });

  it('reads on a dark page and from a grey brand; falls back to Blueprint’s blue', () => {
    const grey = seriesColors('#777777', 4, true);
    expect(new Set(grey).size).toBe(4);
    expect(seriesColors(null, 2, false)[0]).toBe('#2D72D2');
    expect(seriesColors('rgb(1, 2, 3)', 2, false)).toHaveLength(2);
  });
});

function hexToRgb(hex: string) {
  const n = parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}
