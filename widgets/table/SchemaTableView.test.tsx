import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import campaignSet from '../../schemas/statistics/campaign.columns.json';
import type { ColumnSet } from '../../engine/table/columnSet';
import { TableStore, type TableLoadResult, type TableRow } from '../../engine/table/TableStore';
import { SchemaTableView } from './SchemaTableView';

const columnSet = campaignSet as ColumnSet;
const rows: TableRow[] = [
  { campaign_id: 11, campaign: 'Spring', cost: '0.1', impressions: 1000, clicks: 10, video_views: null, ctr: '0.01', conversions: 1, payouts: '0.1', reserved_balance: '5' },
  { campaign_id: 12, campaign: 'Autumn', cost: '0.2', impressions: 2500, clicks: 50, video_views: 3, ctr: '0.02', conversions: 2, payouts: '0.2', reserved_balance: '7.5' },
];

async function mount(load: () => Promise<TableLoadResult<TableRow>>) {
  const table = new TableStore<TableRow>({ columnSet, filters: {}, load });
  render(<SchemaTableView table={table} rowKey={(r) => String(r.campaign_id)} />);
  await act(() => table.reload());
  return table;
}

const bodyRows = () => within(screen.getAllByRole('rowgroup')[1]).getAllByRole('row');
const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(`^${name}`) });

describe('SchemaTableView', () => {
  it('renders rows formatted by column type', async () => {
    await mount(async () => ({ rows }));
    // default sort: cost descending
    const [first, second] = bodyRows().map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));
    expect(first).toEqual(['12', 'Autumn', '0.2000', '2,500', '50', '3', '2.00%', '2', '0.20', '7.50']);
    expect(second[5]).toBe('—');
  });

  it('shows exact totals in the footer, ctr averaged', async () => {
    await mount(async () => ({ rows }));
    const footer = screen.getAllByRole('rowgroup')[2];
    const cells = [...footer.querySelectorAll('th, td')].map((c) => c.textContent);
    expect(within(footer).getByRole('rowheader').textContent).toBe('Total');
    expect(cells).toEqual(['Total', '', '0.3000', '3,500', '60', '3', '1.50%', '3', '0.30', '12.50']);
  });

  it('sorts when a header is clicked, with aria-sort on the header', async () => {
    await mount(async () => ({ rows }));
    expect(header('Cost').getAttribute('aria-sort')).toBe('descending');
    expect(header('Campaign').getAttribute('aria-sort')).toBe('none');
    fireEvent.click(within(header('Campaign')).getByRole('button'));
    expect(header('Campaign').getAttribute('aria-sort')).toBe('ascending');
    expect(header('Cost').getAttribute('aria-sort')).toBe('none');
    expect(bodyRows().map((r) => within(r).getAllByRole('cell')[1].textContent)).toEqual(['Autumn', 'Spring']);
    fireEvent.click(within(header('Campaign')).getByRole('button'));
    expect(bodyRows().map((r) => within(r).getAllByRole('cell')[1].textContent)).toEqual(['Spring', 'Autumn']);
  });

  it('shows the empty state and no totals when nothing matched', async () => {
    await mount(async () => ({ rows: [] }));
    expect(screen.getByText('No data')).toBeTruthy();
    expect(screen.getAllByRole('rowgroup')).toHaveLength(2);
  });

  it('shows the error with a retry that reloads', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('Server exploded')).mockResolvedValue({ rows });
    await mount(load);
    expect(screen.getByText('Could not load the data')).toBeTruthy();
    expect(screen.getByText('Server exploded')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /try again/i })));
    expect(load).toHaveBeenCalledTimes(2);
    expect(bodyRows()).toHaveLength(2);
  });

  it('shows a spinner while the first load runs', async () => {
    const table = new TableStore<TableRow>({ columnSet, filters: {}, load: () => new Promise(() => {}) });
    render(<SchemaTableView table={table} />);
    act(() => void table.reload());
    expect(screen.getByLabelText('Loading…')).toBeTruthy();
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('true');
  });

  it('pages with the buttons and changes the page size, including all', async () => {
    const many = Array.from({ length: 40 }, (_, i) => ({ ...rows[0], campaign_id: i + 1, cost: String(100 - i) }));
    const table = await mount(async () => ({ rows: many }));
    expect(bodyRows()).toHaveLength(15);
    expect(screen.getByText('1–15 of 40')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Previous page' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByText('16–30 of 40')).toBeTruthy();
    expect(within(bodyRows()[0]).getAllByRole('cell')[0].textContent).toBe('16');
    fireEvent.change(screen.getByRole('combobox'), { target: { value: '-1' } });
    expect(table.pageSize).toBe(-1);
    expect(bodyRows()).toHaveLength(40);
    expect(screen.getByText('1–40 of 40')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('renders only a window of 50,000 rows (page size all), keeping the header, the totals and scrolling', async () => {
    const many: TableRow[] = Array.from({ length: 50_000 }, (_, i) => ({
      ...rows[0],
      campaign_id: i + 1,
      campaign: `Campaign ${i + 1}`,
      cost: `${i}.5000`,
      impressions: 10,
    }));
    const table = new TableStore<TableRow>({ columnSet, filters: {}, load: async () => ({ rows: many }), pageSize: -1 });
    const { container } = render(<SchemaTableView table={table} rowKey={(r) => String(r.campaign_id)} />);
    await act(() => table.reload());

    const rendered = container.querySelectorAll('tr').length;
    expect(rendered).toBeGreaterThan(20);
    expect(rendered).toBeLessThanOrEqual(300);
    expect(screen.getByRole('table').getAttribute('aria-rowcount')).toBe('50002');
    expect(header('Cost').getAttribute('aria-sort')).toBe('descending');
    const footer = screen.getAllByRole('rowgroup')[2];
    expect(within(footer).getByRole('rowheader').textContent).toBe('Total');
    expect(within(footer).getAllByRole('cell')[2].textContent).toBe('500,000'); // impressions of every row, not the window
    expect(within(bodyRows()[0]).getAllByRole('cell')[0].textContent).toBe('50000');
    expect(screen.getByText('1–50000 of 50000')).toBeTruthy();

    // The scrolling box takes the focus (keyboard scrolling) and brings other rows in as it scrolls.
    const region = screen.getByRole('region', { name: 'Table rows' });
    expect(region.tabIndex).toBe(0);
    Object.defineProperty(region, 'scrollTop', { configurable: true, value: 27 * 30_000 });
    await act(async () => fireEvent.scroll(region));
    const indexes = bodyRows().map((r) => Number(r.getAttribute('aria-rowindex')));
    expect(Math.min(...indexes)).toBeGreaterThan(29_900);
    expect(Math.max(...indexes)).toBeLessThan(30_100);
    expect(container.querySelectorAll('tr').length).toBeLessThanOrEqual(300);

    // A new sort starts again from the first row.
    const scrollTo = vi.fn();
    region.scrollTo = scrollTo;
    fireEvent.click(within(header('Campaign')).getByRole('button'));
    expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
  });

  it('does not virtualize pages of up to 100 rows', async () => {
    const hundred = Array.from({ length: 100 }, (_, i) => ({ ...rows[0], campaign_id: i + 1 }));
    const table = new TableStore<TableRow>({ columnSet, filters: {}, load: async () => ({ rows: hundred }), pageSize: -1 });
    render(<SchemaTableView table={table} rowKey={(r) => String(r.campaign_id)} />);
    await act(() => table.reload());
    expect(bodyRows()).toHaveLength(100);
    expect(screen.queryByRole('region')).toBeNull();
  });
});
