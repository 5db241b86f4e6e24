import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import dateSet from '../../schemas/statistics/date.columns.json';
import type { ColumnSet } from './columnSet';
import { TableStore, type TableLoadResult, type TableQuery, type TableRow } from './TableStore';

const columnSet = dateSet as ColumnSet;
type Filters = { start: string; end: string };
const FILTERS: Filters = { start: '2026-11-01', end: '2026-11-14' };

function row(date: string, cost: string, ctr: string, payouts = '0', clicks = 1): TableRow {
  return { date, cost, impressions: 100, clicks, video_views: null, ctr, conversions: 0, payouts };
}

/** A loader whose calls resolve or reject when the test says so. */
function controlledLoader() {
  const calls: { query: TableQuery<Filters>; signal: AbortSignal; resolve: (r: TableLoadResult<TableRow>) => void; reject: (e: unknown) => void }[] = [];
  const load = vi.fn(
    (query: TableQuery<Filters>, signal: AbortSignal) =>
      new Promise<TableLoadResult<TableRow>>((resolve, reject) => calls.push({ query, signal, resolve, reject })),
  );
  return { load, calls };
}

const rowsOf = (n: number) => Array.from({ length: n }, (_, i) => row(`2026-01-${String(i + 1).padStart(2, '0')}`, `${i}.5`, '0.01'));

function clientStore(rows: TableRow[], extra: Partial<ConstructorParameters<typeof TableStore<TableRow, Filters>>[0]> = {}) {
  const load = vi.fn(async () => ({ rows, recordsFiltered: rows.length }));
  const store = new TableStore<TableRow, Filters>({ columnSet, filters: FILTERS, load, ...extra });
  return { store, load };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('TableStore: states', () => {
  it('starts idle, is loading while the load runs, then ready', async () => {
    const { load, calls } = controlledLoader();
    const store = new TableStore<TableRow, Filters>({ columnSet, filters: FILTERS, load });
    expect(store.status).toBe('idle');
    const done = store.reload();
    expect(store.isLoading).toBe(true);
    calls[0].resolve({ rows: [row('2026-11-01', '1', '0.1')], recordsFiltered: 1 });
    await done;
    expect(store.status).toBe('ready');
    expect(store.visibleRows).toHaveLength(1);
    expect(store.isEmpty).toBe(false);
  });

  it('is empty when the load returns no rows', async () => {
    const { store } = clientStore([]);
    await store.reload();
    expect(store.isEmpty).toBe(true);
    expect(store.range).toEqual({ from: 0, to: 0 });
    expect(store.totals.cost).toBeNull();
  });

  it('keeps the error instead of throwing, and recovers on retry', async () => {
    const failure = new Error('boom');
    const load = vi.fn().mockRejectedValueOnce(failure).mockResolvedValueOnce({ rows: [row('2026-11-01', '1', '0')] });
    const store = new TableStore<TableRow, Filters>({ columnSet, filters: FILTERS, load });
    await expect(store.reload()).resolves.toBeUndefined();
    expect(store.status).toBe('error');
    expect(store.error).toBe(failure);
    await store.reload();
    expect(store.status).toBe('ready');
    expect(store.error).toBeNull();
  });

  it('treats a loader that throws synchronously as a failed load', async () => {
    const store = new TableStore<TableRow, Filters>({
      columnSet,
      filters: FILTERS,
      load: () => {
        throw new Error('sync');
      },
    });
    await store.reload();
    expect(store.status).toBe('error');
  });
});

describe('TableStore: sorting', () => {
  const rows = [row('2026-11-02', '10.5', '0.02'), row('2026-11-03', '9.75', '0.03'), row('2026-11-01', '100', '0.01')];

  it('sorts by the default sort of the set (date descending)', async () => {
    const { store } = clientStore(rows);
    await store.reload();
    expect(store.visibleRows.map((r) => r.date)).toEqual(['2026-11-03', '2026-11-02', '2026-11-01']);
    expect(store.ariaSort('date')).toBe('descending');
    expect(store.ariaSort('cost')).toBe('none');
  });

  it('sorts numbers exactly (decimal strings, not text), flipping on a second click', async () => {
    const { store, load } = clientStore(rows);
    await store.reload();
    store.setSort('cost');
    expect(store.sort).toEqual({ column: 'cost', direction: 'desc' });
    expect(store.visibleRows.map((r) => r.cost)).toEqual(['100', '10.5', '9.75']);
    store.setSort('cost');
    expect(store.ariaSort('cost')).toBe('ascending');
    expect(store.visibleRows.map((r) => r.cost)).toEqual(['9.75', '10.5', '100']);
    expect(load).toHaveBeenCalledTimes(1); // client mode sorts in memory
  });

  it('puts missing values last in both directions', async () => {
    const { store } = clientStore([row('a', '', '0'), row('b', '2', '0'), { ...row('c', '1', '0'), cost: null }, row('d', '3', '0')]);
    await store.reload();
    store.setSort('cost', 'asc');
    expect(store.visibleRows.map((r) => r.date)).toEqual(['b', 'd', 'a', 'c']);
    store.setSort('cost', 'desc');
    expect(store.visibleRows.map((r) => r.date)).toEqual(['d', 'b', 'a', 'c']);
  });

  it('ignores unknown and unsortable columns', async () => {
    const set: ColumnSet = { ...columnSet, columns: columnSet.columns.map((c) => (c.id === 'ctr' ? { ...c, sortable: false } : c)) };
    const { store } = clientStore(rows, { columnSet: set });
    store.setSort('ctr');
    store.setSort('nope');
    expect(store.sort).toEqual({ column: 'date', direction: 'desc' });
  });

  it('in server mode sends the sort to the loader and reloads at once', async () => {
    const load = vi.fn(async (_q: TableQuery<Filters>) => ({ rows, recordsFiltered: 3 }));
    const store = new TableStore<TableRow, Filters>({ columnSet, filters: FILTERS, load, mode: 'server' });
    await store.reload();
    store.setSort('clicks');
    expect(load).toHaveBeenCalledTimes(2);
    expect(load.mock.calls[1][0]).toMatchObject({ sort: { column: 'clicks', direction: 'desc' }, page: 0 });
    expect(store.visibleRows.map((r) => r.date)).toEqual(rows.map((r) => r.date)); // server order kept
  });
});

describe('TableStore: paging', () => {
  it('pages in memory with 15 rows by default and clamps pages', async () => {
    const { store } = clientStore(rowsOf(40));
    await store.reload();
    store.setSort('date', 'asc');
    expect(store.pageSize).toBe(15);
    expect(store.pageCount).toBe(3);
    expect(store.visibleRows).toHaveLength(15);
    expect(store.hasPrevPage).toBe(false);
    store.nextPage();
    store.nextPage();
    expect(store.page).toBe(2);
    expect(store.visibleRows).toHaveLength(10);
    expect(store.visibleRows[0].date).toBe('2026-01-31');
    expect(store.range).toEqual({ from: 31, to: 40 });
    expect(store.hasNextPage).toBe(false);
    store.nextPage();
    expect(store.page).toBe(2);
    store.setPage(-4);
    expect(store.page).toBe(0);
  });

  it('offers 15, 25, 50 and all (-1), and going to all shows every row on one page', async () => {
    const { store } = clientStore(rowsOf(60));
    await store.reload();
    expect(store.pageSizes).toEqual([15, 25, 50, -1]);
    store.setPage(3);
    store.setPageSize(-1);
    expect(store.page).toBe(0);
    expect(store.pageCount).toBe(1);
    expect(store.visibleRows).toHaveLength(60);
    expect(store.range).toEqual({ from: 1, to: 60 });
    store.setPageSize(50);
    expect(store.visibleRows).toHaveLength(50);
    expect(() => store.setPageSize(10)).toThrow('Page size 10 is not offered; valid: 15, 25, 50, -1');
  });

  it('sorting goes back to the first page', async () => {
    const { store } = clientStore(rowsOf(40));
    await store.reload();
    store.setPage(2);
    store.setSort('cost');
    expect(store.page).toBe(0);
  });

  it('in server mode asks the loader for the page (offset, size; -1 for all) and uses recordsFiltered', async () => {
    const load = vi.fn(async (_q: TableQuery<Filters>) => ({ rows: rowsOf(25), recordsFiltered: 120 }));
    const store = new TableStore<TableRow, Filters>({ columnSet, filters: FILTERS, load, mode: 'server', pageSize: 25 });
    await store.reload();
    expect(store.pageCount).toBe(5);
    store.setPage(3);
    expect(load).toHaveBeenCalledTimes(2);
    expect(load.mock.calls[1][0]).toMatchObject({ page: 3, pageSize: 25, offset: 75, filters: FILTERS });
    expect(store.range).toEqual({ from: 76, to: 100 });
    store.setPageSize(-1);
    expect(load).toHaveBeenCalledTimes(3);
    expect(load.mock.calls[2][0]).toMatchObject({ page: 0, pageSize: -1, offset: 0 });
  });
});

describe('TableStore: totals', () => {
  it('sums money exactly to 2 decimals and cost to 4, averages ctr, skips the date', async () => {
    const { store } = clientStore([
      row('2026-11-01', '0.00005', '0.01', '0.1', 3),
      row('2026-11-02', '0.00010', '0.02', '0.2', 4),
      row('2026-11-03', '1.2', '0.03', '', 5),
    ]);
    await store.reload();
    expect(store.totals).toEqual({
      date: null,
      cost: '1.2002', // 1.20015 rounded half up
      impressions: '300',
      clicks: '12',
      video_views: null, // no row has a value
      ctr: '0.0200',
      conversions: '0',
      payouts: '0.30',
    });
  });

  it('totals cover every loaded row, not only the page', async () => {
    const { store } = clientStore(rowsOf(20));
    await store.reload();
    expect(store.visibleRows).toHaveLength(15);
    expect(store.totals.impressions).toBe('2000');
  });

  it('prefers totals sent by the server', async () => {
    const load = vi.fn(async () => ({ rows: [row('2026-11-01', '1', '0.5')], recordsFiltered: 500, totals: { cost: '1234.5678', ctr: '0.0123' } }));
    const store = new TableStore<TableRow, Filters>({ columnSet, filters: FILTERS, load, mode: 'server' });
    await store.reload();
    expect(store.totals.cost).toBe('1234.5678');
    expect(store.totals.ctr).toBe('0.0123');
    expect(store.totals.clicks).toBe('1'); // not sent: computed from the rows
  });
});

describe('TableStore: reloads', () => {
  it('debounces filter changes (700 ms) into one load with the last filters', async () => {
    const { load, calls } = controlledLoader();
    const store = new TableStore<TableRow, Filters>({ columnSet, filters: FILTERS, load });
    store.setFilters({ ...FILTERS, start: '2026-10-01' });
    await vi.advanceTimersByTimeAsync(300);
    store.setFilters({ ...FILTERS, start: '2026-10-02' });
    await vi.advanceTimersByTimeAsync(699);
    expect(load).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(1);
    expect(calls[0].query.filters.start).toBe('2026-10-02');
    await vi.advanceTimersByTimeAsync(5000);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('honours a custom debounce and resets the page on filter change', async () => {
    const { store, load } = clientStore(rowsOf(40), { debounceMs: 50 });
    await store.reload();
    store.setPage(2);
    store.setFilters({ ...FILTERS, end: '2026-11-20' });
    expect(store.page).toBe(0);
    await vi.advanceTimersByTimeAsync(50);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('aborts a superseded load and ignores its late answer', async () => {
    const { load, calls } = controlledLoader();
    const store = new TableStore<TableRow, Filters>({ columnSet, filters: FILTERS, load });
    const first = store.reload();
    const second = store.reload();
    expect(calls[0].signal.aborted).toBe(true);
    expect(calls[1].signal.aborted).toBe(false);
    calls[1].resolve({ rows: [row('new', '2', '0')] });
    await second;
    calls[0].resolve({ rows: [row('old', '1', '0')] });
    await first;
    expect(store.rows.map((r) => r.date)).toEqual(['new']);
    expect(store.status).toBe('ready');
  });

  it('a superseded load that rejects (aborted) does not set an error', async () => {
    const { load, calls } = controlledLoader();
    const store = new TableStore<TableRow, Filters>({ columnSet, filters: FILTERS, load });
    const first = store.reload();
    void store.reload();
    calls[0].reject(new DOMException('aborted', 'AbortError'));
    await first;
    expect(store.status).toBe('loading');
    expect(store.error).toBeNull();
  });

  it('an immediate reload cancels a pending debounced one', async () => {
    const { store, load } = clientStore([]);
    store.setFilters({ ...FILTERS, start: '2026-01-01' });
    await store.reload();
    await vi.advanceTimersByTimeAsync(1000);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('dispose aborts the running load and drops the pending one', async () => {
    const { load, calls } = controlledLoader();
    const store = new TableStore<TableRow, Filters>({ columnSet, filters: FILTERS, load });
    void store.reload();
    store.setFilters(FILTERS);
    store.dispose();
    expect(calls[0].signal.aborted).toBe(true);
    expect(store.status).toBe('idle');
    await vi.advanceTimersByTimeAsync(1000);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('uses the latest loader after setLoader', async () => {
    const { store, load } = clientStore([]);
    const next = vi.fn(async () => ({ rows: [row('x', '1', '0')] }));
    store.setLoader(next);
    await store.reload();
    expect(load).not.toHaveBeenCalled();
    expect(store.rows).toHaveLength(1);
  });
});
