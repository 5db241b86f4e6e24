import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, ValidationError } from '../../../engine/api/errors';
import { groupingsFor, statisticsSets, type ColumnSet } from './groupings';
import { ReportStorage, reportStorageKey } from './reportStorage';
import { StatisticsStore, type StatisticsAnswer, type StatisticsFetch } from './StatisticsStore';
import { STATISTICS_SCREENS } from './statisticsScreens';

const TODAY = '2026-11-20';
const FORMATS = [
  { id: 'banner', statistics: 'banner' },
  { id: 'popunder' },
];
const series = [
  { date: '2026-11-19', cost: '1.5000', impressions: 100, clicks: 3, ctr: '0.030000', requests: 0 },
  { date: '2026-11-20', cost: '2.2500', impressions: 200, clicks: 4, ctr: '0.020000', requests: 0 },
];

function answerFor(params: Record<string, unknown>): StatisticsAnswer {
  const group = String(params.group ?? params.groupBy);
  const set = statisticsSets.get(group);
  const row = Object.fromEntries(set.columns.map((c) => [c.id, c.type === 'text' ? 'x' : c.type === 'date' ? '2026-11-20' : c.type === 'percent' ? '0.010000' : 1]));
  return { data: [row, { ...row, [set.columns[0].id]: set.columns[0].type === 'date' ? '2026-11-19' : 'y' }], series };
}

function setup(options: { search?: string; fetch?: StatisticsFetch; screen?: keyof typeof STATISTICS_SCREENS } = {}) {
  const calls: Record<string, unknown>[] = [];
  const fetch = vi.fn<StatisticsFetch>(
    options.fetch ??
      (async (_endpoint, params) => {
        calls.push(params);
        return answerFor(params);
      }),
  );
  const config = STATISTICS_SCREENS[options.screen ?? 'campaign-statistics'];
  const store = new StatisticsStore({
    config,
    groupings: groupingsFor(config.screen, FORMATS),
    fetch,
    storage: new ReportStorage(reportStorageKey('adnet', 7)),
    search: new URLSearchParams(options.search ?? ''),
    today: () => TODAY,
  });
  return { store, fetch, calls };
}

const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('groupings offered', () => {
  const set = (id: string, source: ColumnSet['source']): ColumnSet => ({ id, title: id, source, columns: [{ id: 'x', title: 'X', type: 'count', total: 'sum' }], defaultSort: { column: 'x', direction: 'desc' } });
  const sets = [
    set('late', { screen: 'campaign-statistics', groupBy: 'site', order: 50 }),
    set('first', { screen: 'campaign-statistics', groupBy: 'date', order: 0 }),
    set('sold', { screen: 'campaign-statistics', groupBy: 'creative', byFormat: true, order: 100 }),
    set('unsold', { screen: 'campaign-statistics', groupBy: 'creative', byFormat: true, order: 110 }),
    set('other-screen', { screen: 'rtb-statistics', groupBy: 'date', order: 0 }),
    set('no-source', undefined),
  ];

  it('lists the screen’s sets by order, per-format sets only for formats the network sells', () => {
    expect(groupingsFor('campaign-statistics', [{ id: 'banner', statistics: 'sold' }, { id: 'popunder' }], sets).map((s) => s.id)).toEqual(['first', 'late', 'sold']);
    expect(groupingsFor('rtb-statistics', [], sets).map((s) => s.id)).toEqual(['other-screen']);
  });

  it('reads the real sets of schemas/statistics', () => {
    const ids = groupingsFor('campaign-statistics', FORMATS).map((s) => s.id);
    expect(ids[0]).toBe('date');
    expect(ids).toContain('country');
    expect(ids).toContain('banner');
    expect(ids).not.toContain('in-stream');
    expect(groupingsFor('ssp-statistics', []).every((s) => s.source?.screen === 'ssp-statistics')).toBe(true);
    expect(groupingsFor('rtb-statistics', [])[0].id).toBe('rtb-date');
  });
});

describe('StatisticsStore', () => {
  it('opens on the last 14 days by date, date descending, and sends the screen’s parameters', async () => {
    const { store, calls } = setup();
    store.start();
    await settle();
    expect(calls).toEqual([{ start_date: '2026-11-06', end_date: TODAY, group: 'date' }]);
    expect(store.table.sort).toEqual({ column: 'date', direction: 'desc' });
    expect(store.table.sortedRows.map((r) => r.date)).toEqual(['2026-11-20', '2026-11-19']);
    expect(store.table.totals.impressions).toBe('2');
    expect(store.metrics).toEqual(['cost', 'impressions', 'clicks', 'ctr']);
    expect(store.chartPoints).toEqual([
      { date: '2026-11-19', value: 1.5 },
      { date: '2026-11-20', value: 2.25 },
    ]);
    expect(store.activeMetricType).toBe('cost');
  });

  it('turns filters into the query (lists as arrays, empty ones left out) after 700 ms, once for rapid changes', async () => {
    const { store, calls } = setup();
    store.start();
    await settle();
    store.setFilters({ campaigns: [3] });
    await vi.advanceTimersByTimeAsync(300);
    store.setFilters({ campaigns: [3, 5], statuses: ['active'], formats: ['banner'] });
    await vi.advanceTimersByTimeAsync(699);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    expect(calls[1]).toEqual({ start_date: '2026-11-06', end_date: TODAY, group: 'date', campaigns: [3, 5], ad_formats: ['banner'], statuses: ['active'] });
  });

  it('uses the SSP and RTB parameter names', async () => {
    const { store, calls } = setup({ screen: 'rtb-statistics', search: 'ssps=2,4&start=2026-11-01&end=2026-11-10' });
    store.start();
    await settle();
    expect(calls[0]).toEqual({ start: '2026-11-01', end: '2026-11-10', groupBy: 'rtb-date', supplySidePlatforms: [2, 4] });
  });

  it('cancels a superseded call: only the newest answer lands', async () => {
    const signals: AbortSignal[] = [];
    const { store } = setup({
      fetch: (_e, params, signal) =>
        new Promise((resolve, reject) => {
          signals.push(signal);
          signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          setTimeout(() => resolve(answerFor(params)), 1000);
        }),
    });
    store.start();
    await settle();
    store.setGrouping('country');
    await vi.advanceTimersByTimeAsync(1000);
    expect(signals[0].aborted).toBe(true);
    expect(store.table.status).toBe('ready');
    expect(store.table.columns[0].id).toBe('country');
  });

  it('does not call with a wrong range and says why', async () => {
    const { store, calls } = setup();
    store.start();
    await settle();
    store.setFilters({ start: '2026-11-25' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toHaveLength(1);
    expect(store.clientErrors).toEqual({ start: 'startAfterEnd' });
    store.setFilters({ start: '' });
    expect(store.clientErrors).toEqual({ start: 'invalidDate' });
  });

  it('puts the server’s field errors beside the filters', async () => {
    const { store } = setup({
      fetch: async () => {
        throw new ValidationError({ start_date: ['The start date is too far back.'], group: ['Unknown grouping'], other: ['?'] }, 422);
      },
    });
    store.start();
    await settle();
    expect(store.table.status).toBe('error');
    expect(store.serverErrors).toEqual({ start: 'The start date is too far back.', group: 'Unknown grouping', form: '?' });
  });

  it('shows a report the server refused for load (429) as an error with its message, and loads it on retry (F11)', async () => {
    let busy = true;
    const { store } = setup({
      fetch: async (_endpoint, params) => {
        if (busy) throw new ApiError('Сейчас загружается слишком много отчётов; повторите через мгновение.', 429, { message: 'Сейчас загружается слишком много отчётов; повторите через мгновение.' });
        return answerFor(params);
      },
    });
    store.start();
    await settle();
    expect(store.table.status).toBe('error');
    expect((store.table.error as Error).message).toBe('Сейчас загружается слишком много отчётов; повторите через мгновение.');
    expect(store.serverErrors).toEqual({});
    busy = false;
    await store.table.reload(); // the table's Retry button
    expect(store.table.status).toBe('ready');
    expect(store.table.rows.length).toBe(2);
  });

  it('reads and writes the address', () => {
    const { store } = setup({ search: 'group=country&start=2026-10-01&end=2026-10-31&campaigns=4,x,9&statuses=paused,bogus&metric=clicks' });
    expect(store.grouping).toBe('country');
    expect(store.filters).toMatchObject({ start: '2026-10-01', end: '2026-10-31', campaigns: [4, 9], statuses: ['paused'] });
    expect(store.address).toBe('group=country&start=2026-10-01&end=2026-10-31&campaigns=4%2C9&statuses=paused&metric=clicks');
    store.applyAddress(new URLSearchParams(''));
    expect(store.grouping).toBe('date');
    expect(store.filters.start).toBe('2026-11-06');
  });

  it('keeps a date being edited when its own address comes back', () => {
    const { store } = setup();
    store.setFilters({ start: '' });
    store.applyAddress(new URLSearchParams(store.address));
    expect(store.filters.start).toBe('');
  });

  it('ignores a grouping the screen does not offer', () => {
    const { store } = setup({ search: 'group=in-stream' });
    expect(store.grouping).toBe('date');
    store.setGrouping('ssp-date');
    expect(store.grouping).toBe('date');
  });

  it('hides and shows columns per grouping without calling again, never the first, and remembers it per user', async () => {
    const { store, calls } = setup({ search: 'group=country' });
    store.start();
    await settle();
    store.toggleColumn('conversions');
    store.toggleColumn('country');
    await settle();
    expect(store.table.columns.map((c) => c.id)).toEqual(['country', 'cost', 'impressions', 'clicks', 'ctr']);
    expect(store.table.rows).toHaveLength(2);
    expect(calls).toHaveLength(1);
    expect(JSON.parse(localStorage.getItem('adpanel:statistics:adnet:7')!).hiddenColumns).toEqual({ country: ['conversions'] });

    const again = setup({ search: 'group=country' }).store;
    expect(again.columnChoices.find((c) => c.id === 'conversions')?.visible).toBe(false);
    again.setGrouping('browser');
    expect(again.columnChoices.every((c) => c.visible)).toBe(true);
    store.showAllColumns();
    expect(store.table.columns).toHaveLength(6);
  });

  it('keeps the sort when a column is hidden, falls back when the sort column goes', async () => {
    const { store } = setup({ search: 'group=country' });
    store.start();
    await settle();
    store.table.setSort('clicks');
    store.toggleColumn('cost');
    expect(store.table.sort.column).toBe('clicks');
    store.toggleColumn('clicks');
    expect(store.table.sort.column).toBe('country');
  });

  it('saves, applies and deletes presets (a range ending today moves with the calendar)', async () => {
    let today = TODAY;
    const storage = new ReportStorage('k');
    const make = () =>
      new StatisticsStore({ config: STATISTICS_SCREENS['campaign-statistics'], groupings: groupingsFor('campaign-statistics', FORMATS), fetch: async (_e, p) => answerFor(p), storage, today: () => today });
    const store = make();
    store.setGrouping('campaign');
    store.setFilters({ campaigns: [1], start: '2026-11-13' });
    store.setChartMetric('clicks');
    store.toggleColumn('reserved_balance');
    expect(store.savePreset('  Weekly  ')).toBe(false);
    store.setFilters({ start: '2026-11-01', end: '2026-11-05' });
    expect(store.savePreset('Fixed')).toBe(false);
    expect(store.savePreset('Fixed')).toBe(true);
    expect(store.presets.map((p) => p.name)).toEqual(['Weekly', 'Fixed']);

    today = '2026-12-01';
    const later = make();
    expect(later.grouping).toBe('date');
    expect(later.applyPreset('Weekly')).toBe(true);
    expect(later.grouping).toBe('campaign');
    expect(later.filters).toMatchObject({ start: '2026-11-24', end: '2026-12-01', campaigns: [1] });
    expect(later.chartMetric).toBe('clicks');
    expect(later.table.columns.map((c) => c.id)).not.toContain('reserved_balance');
    expect(later.applyPreset('Fixed')).toBe(true);
    expect(later.filters).toMatchObject({ start: '2026-11-01', end: '2026-11-05' });
    expect(later.applyPreset('Missing')).toBe(false);

    later.deletePreset('Weekly');
    expect(make().presets.map((p) => p.name)).toEqual(['Fixed']);
  });

  it('keeps presets per screen', () => {
    const { store } = setup();
    store.savePreset('Mine');
    expect(setup({ screen: 'ssp-statistics' }).store.presets).toEqual([]);
    expect(setup().store.presets).toHaveLength(1);
  });

  it('reads a broken storage value as nothing saved', () => {
    localStorage.setItem('adpanel:statistics:adnet:7', '{not json');
    expect(setup().store.presets).toEqual([]);
  });
});
