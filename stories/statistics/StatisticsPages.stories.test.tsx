import { composeStories } from '@storybook/react-vite';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseCsv } from '../../engine/table/csv';
import { STORY_CAMPAIGNS } from './statisticsFixtures';
import * as stories from './StatisticsPages.stories';
import * as chartStories from './MetricChart.stories';

const { CampaignStatistics, ByCountry, RtbStatistics, Empty, Failing, InvalidRange } = composeStories(stories);
const { Impressions } = composeStories(chartStories);

afterEach(() => vi.restoreAllMocks());

/** The body rows of the report table (not the header or the totals). */
const bodyRows = () => screen.getAllByRole('row').filter((r) => r.closest('tbody') && r.closest('.schema-table'));

describe('statistics page stories', () => {
  it('opens by date over the last 14 days with totals, chart and the address filled in', async () => {
    render(<CampaignStatistics />);
    expect(await screen.findByRole('heading', { name: 'Statistics' })).toBeTruthy();
    await waitFor(() => expect(bodyRows()).toHaveLength(15));
    expect(screen.getByText('Total')).toBeTruthy();
    expect((screen.getByLabelText('Group by') as HTMLSelectElement).value).toBe('date');
    const start = screen.getByLabelText('From') as HTMLInputElement;
    const end = screen.getByLabelText('To') as HTMLInputElement;
    expect(Date.parse(end.value) - Date.parse(start.value)).toBe(14 * 86_400_000);
    expect(screen.getByRole('img', { name: /^Cost per day/ })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: /CTR/ })).toBeTruthy();
  });

  it('offers per-format groupings only for formats the network sells, and switches grouping', async () => {
    render(<CampaignStatistics />);
    const select = (await screen.findByLabelText('Group by')) as HTMLSelectElement;
    const ids = [...select.options].map((o) => o.value);
    expect(ids.slice(0, 3)).toEqual(['date', 'hour', 'campaign']);
    expect(ids).toContain('banner');
    fireEvent.change(select, { target: { value: 'country' } });
    expect(await screen.findByRole('cell', { name: 'Germany' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: /Country/ })).toBeTruthy();
  });

  it('reads filters from the address and narrows by campaign through the list filter', async () => {
    const user = userEvent.setup();
    render(<ByCountry />);
    const button = await screen.findByRole('button', { name: /Campaigns/ });
    await waitFor(() => expect(button.textContent).toContain('2 selected'));
    await user.click(button);
    const box = await screen.findByRole('checkbox', { name: STORY_CAMPAIGNS[3].name });
    await user.click(box);
    expect(button.textContent).toContain('3 selected');
    expect((screen.getByLabelText('Metric') as HTMLSelectElement).value).toBe('clicks');
  });

  it('exports the shown columns, every row and the totals as CSV', async () => {
    const created: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => (created.push(blob), 'blob:x'));
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    render(<CampaignStatistics />);
    await waitFor(() => expect(bodyRows()).toHaveLength(15));
    fireEvent.click(screen.getByRole('button', { name: /Export CSV/ }));
    expect(click).toHaveBeenCalled();
    const rows = parseCsv(await created[0].text());
    expect(rows[0]).toEqual(['Date', 'Cost', 'Impressions', 'Clicks', 'Video views', 'CTR', 'Conversions', 'Payouts']);
    expect(rows).toHaveLength(1 + 15 + 1);
    expect(rows.at(-1)?.[0]).toBe('Total');
  });

  it('hides a column through the chooser', async () => {
    const user = userEvent.setup();
    render(<CampaignStatistics />);
    await waitFor(() => expect(bodyRows()).toHaveLength(15));
    await user.click(screen.getByRole('button', { name: /Columns/ }));
    const group = await screen.findByRole('group', { name: 'Columns' });
    expect((within(group).getByRole('checkbox', { name: 'Date' }) as HTMLInputElement).disabled).toBe(true);
    await user.click(within(group).getByRole('checkbox', { name: 'Payouts' }));
    await waitFor(() => expect(screen.queryByRole('columnheader', { name: /Payouts/ })).toBeNull());
  });

  it('saves a report and deletes it after a confirmation', async () => {
    const user = userEvent.setup();
    render(<CampaignStatistics />);
    await user.click(await screen.findByRole('button', { name: 'Saved reports' }));
    await user.type(screen.getByLabelText('Report name'), 'Weekly');
    await user.click(screen.getByRole('button', { name: 'Save current report' }));
    expect(await screen.findByRole('button', { name: 'Open “Weekly”' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Delete “Weekly”' }));
    expect(await screen.findByText(/Delete the saved report “Weekly”/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Open “Weekly”' })).toBeNull());
  });

  it('offers only RTB platforms on the RTB screen', async () => {
    const user = userEvent.setup();
    render(<RtbStatistics />);
    await user.click(await screen.findByRole('button', { name: /Supply side platforms/ }));
    const group = await screen.findByRole('group', { name: 'Supply side platforms' });
    expect(within(group).getAllByRole('checkbox').map((c) => c.closest('label')?.textContent)).toEqual(['OpenX Exchange', 'PubMatic', 'Magnite']);
  });

  it('shows the empty, error and field-error states', async () => {
    const { unmount } = render(<Empty />);
    expect(await screen.findAllByText('No statistics for these filters')).toBeTruthy();
    unmount();
    const failing = render(<Failing />);
    expect(await screen.findByText('Could not load the data', undefined, { timeout: 3000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Try again/ })).toBeTruthy();
    failing.unmount();
    render(<InvalidRange />);
    expect(await screen.findByText('The start date is before your account was created.')).toBeTruthy();
  });

  it('renders the chart story', () => {
    render(<Impressions />);
    expect(screen.getByRole('img', { name: 'Impressions per day' })).toBeTruthy();
  });
});
