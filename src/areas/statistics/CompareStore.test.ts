import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CompareSeries } from '../../../generated/types';
import type { CompareFetch } from './CompareStore';
import { groupingsFor, statisticsSets } from './groupings';
import { parseAddress } from './reportFilters';
import { ReportStorage, reportStorageKey } from './reportStorage';
import { StatisticsStore, type StatisticsAnswer, type StatisticsFetch } from './StatisticsStore';
import { STATISTICS_SCREENS } from './statisticsScreens';

const TODAY = '2026-11-20';
const series = [
  { date: '2026-11-19', cost: '1.5000', impressions: 100, clicks: 3, ctr: '0.030000' },
  { date: '2026-11-20', cost: '2.2500', impressions: 200, clicks: 4, ctr: '0.020000' },
];

function answerFor(params: Record<string, unknown>): StatisticsAnswer {
  const set = statisticsSets.get(String(params.group));
  const row = Object.fromEntries(set.columns.map((c) => [c.id, c.type === 'text' ? 'x' : c.type === 'date' ? '2026-11-20' : 1]));
  return { data: [row], series };
}

const top = (key: string, label: string | null, other = false): CompareSeries => ({
  key: other ? null : key,
  label,
  other,
  total: 7,
  points: series.map((p) => ({ date: p.date, value: 3 })),
});

function setup(search = '', compareFetch?: CompareFetch, screen: keyof typeof STATISTICS_SCREENS = 'campaign-statistics') {
  const reports: Record<string, unknown>[] = [];
  const compares: { endpoint: string; params: Record<string, unknown> }[] = [];
  const fetch = vi.fn<StatisticsFetch>(async (_endpoint, params) => {
    reports.push(params);
    return answerFor(params);
  });
  const compare = vi.fn<CompareFetch>(
    compareFetch ??
      (async (endpoint, params) => {
        compares.push({ endpoint, params });
        return { data: [top('4', 'Germany'), top('9', null), top('', null, true)] };
      }),
  );
  const config = STATISTICS_SCREENS[screen];
  const store = new StatisticsStore({
    config,
    groupings: groupingsFor(config.screen, []),
    fetch,
    compareFetch: compare,
    storage: new ReportStorage(reportStorageKey('adnet', 7)),
    search: new URLSearchParams(search),
    today: () => TODAY,
    debounceMs: 0,
  });
  return { store, reports, compares, compare };
}

const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the chart’s compare mode', () => {
  it('is offered on groupings of things, not of days or hours, and only where the screen has the call', () => {
    const { store } = setup('group=date');
    expect(store.comparable).toBe(false);
    store.setGrouping('hour');
    expect(store.comparable).toBe(false);
    for (const group of ['campaign', 'country', 'creative', 'site']) {
      store.setGrouping(group);
      expect(store.comparable, group).toBe(true);
    }
    store.dispose();
    const ssp = setup('', undefined, 'ssp-statistics').store;
    ssp.setGrouping('ssp-platform');
    expect(ssp.compare).toBeNull();
    expect(ssp.comparable).toBe(false);
    ssp.dispose();
  });

  it('loads the top rows for the report’s range, grouping, filters and metric, beside the rows', async () => {
    const { store, compares, reports } = setup('group=country&start=2026-11-01&end=2026-11-20&campaigns=3&ads=12&metric=clicks');
    store.start();
    await settle();
    expect(compares).toHaveLength(0);
    store.setCompare({ enabled: true });
    await settle();
    expect(compares).toEqual([
      { endpoint: 'campaign-statistics/compare', params: { start_date: '2026-11-01', end_date: TODAY, group: 'country', campaigns: [3], ads: [12], metric: 'clicks', limit: 5 } },
    ]);
    expect(reports.at(-1)).toMatchObject({ ads: [12] });
    expect(store.compare!.status).toBe('ready');
    expect(store.compare!.series.map((s) => s.label)).toEqual(['Germany', null, null]);

    // The limit, "Other" and the metric ask again; the same question is not asked twice.
    store.setCompare({ limit: 10, other: true });
    await settle();
    expect(compares.at(-1)!.params).toMatchObject({ limit: 10, other: true, metric: 'clicks' });
    store.setChartMetric('cost');
    await settle();
    expect(compares.at(-1)!.params).toMatchObject({ metric: 'cost' });
    const asked = compares.length;
    store.setChartMetric('cost');
    await settle();
    expect(compares).toHaveLength(asked);

    // A filter change reloads the rows and the series together.
    store.setFilters({ statuses: ['paused'] });
    await settle();
    expect(compares.at(-1)!.params).toMatchObject({ statuses: ['paused'], metric: 'cost' });
    expect(reports.at(-1)).toMatchObject({ statuses: ['paused'] });

    // Back to days: nothing to compare, nothing asked.
    store.setGrouping('date');
    await settle();
    expect(store.comparing).toBe(false);
    expect(compares).toHaveLength(asked + 1);
    store.dispose();
  });

  it('lives in the address: a bookmark opens the comparison, and a time grouping leaves it out', async () => {
    const { store, compares } = setup('group=campaign&start=2026-11-10&end=2026-11-20&metric=impressions&compare=3&other=1');
    expect(store.comparing).toBe(true);
    expect(store.address).toBe('group=campaign&start=2026-11-10&end=2026-11-20&metric=impressions&compare=3&other=1');
    store.start();
    await settle();
    expect(compares[0].params).toMatchObject({ group: 'campaign', limit: 3, other: true, metric: 'impressions' });
    store.setCompare({ enabled: false });
    expect(store.address).not.toMatch(/compare=/);
    store.setCompare({ enabled: true });
    store.setGrouping('date');
    expect(store.address).not.toMatch(/compare=/);
    store.dispose();

    const config = STATISTICS_SCREENS['campaign-statistics'];
    expect(parseAddress(new URLSearchParams('compare=11'), config, TODAY).compare).toBeNull();
    expect(parseAddress(new URLSearchParams('compare=x'), config, TODAY).compare).toBeNull();
    expect(parseAddress(new URLSearchParams('compare=5'), config, TODAY).compare).toEqual({ limit: 5, other: false });
    expect(parseAddress(new URLSearchParams('ads=4,x,4,9'), config, TODAY).filters.ads).toEqual([4, 9]);
  });

  it('keeps a failure in place and retries', async () => {
    let fail = true;
    const { store } = setup('group=country&compare=5', async () => {
      if (fail) throw new Error('down');
      return { data: [top('4', 'Germany')] };
    });
    store.start();
    await settle();
    expect(store.compare!.status).toBe('error');
    expect(store.table.status).toBe('ready');
    fail = false;
    store.compare!.retry();
    await settle();
    expect(store.compare!.status).toBe('ready');
    expect(store.compare!.series).toHaveLength(1);
    store.dispose();
  });
});
