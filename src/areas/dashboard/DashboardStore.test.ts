import { describe, expect, it, vi } from 'vitest';
import { formatMoney } from '../../shell/money';
import { everyDay } from '../../../engine/format';
import { DashboardStore, lastDays, type HomeSummary } from './DashboardStore';

const HOME: HomeSummary = {
  today_cost: '12.3456',
  yesterday_cost: '20.0000',
  current_month_cost: '300.1000',
  previous_month_cost: '410.0001',
  pending_campaigns_count: 1,
  active_campaigns_count: 3,
  paused_campaigns_count: 2,
  campaigns_total: 6,
  balance: '1250.50',
  reserved_balance: '75.00',
};
const NOW = Date.parse('2026-03-15T10:00:00Z');

/** A fake `api.get` answering by path; a function answer may throw. */
function fakeApi(answers: Record<string, unknown | (() => unknown)>) {
  const get = vi.fn(async (url: string, _options?: { params?: object; signal?: AbortSignal }) => {
    const answer = answers[url];
    if (answer === undefined) throw new Error(`404 ${url}`);
    return typeof answer === 'function' ? (answer as () => unknown)() : answer;
  });
  return { api: { get } as never, get };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the chart range', () => {
  it('is the last 14 days: from 14 days before today to today (UTC)', () => {
    expect(lastDays(NOW)).toEqual({ start_date: '2026-03-01', end_date: '2026-03-15' });
    expect(everyDay('2026-02-27', '2026-03-02')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
  });
});

describe('DashboardStore', () => {
  it('shows the balance as "-" until GET home answers', async () => {
    let answer: (value: unknown) => void = () => {};
    const { api } = fakeApi({ home: () => new Promise((resolve) => (answer = resolve)), 'campaign-statistics': { data: [] }, 'week-spent': { data: [] } });
    const store = new DashboardStore(api, NOW);
    expect(store.balance).toBeNull();
    expect(formatMoney(store.balance, 'en', '$')).toBe('-');
    store.load();
    expect(store.loaders.home.status).toBe('loading');
    expect(formatMoney(store.balance, 'en', '$')).toBe('-');
    answer({ data: HOME });
    await settle();
    expect(store.loaders.home.status).toBe('ready');
    expect(formatMoney(store.balance, 'en', '$')).toBe('$1,250.50');
  });

  it('asks for the last 14 days grouped by date and draws one point per day, missing days at zero', async () => {
    const { api, get } = fakeApi({
      home: { data: HOME },
      'campaign-statistics': {
        data: [],
        series: [
          { date: '2026-03-02', cost: '1.5000', impressions: 1000, clicks: 10, conversions: 1 },
          { date: '2026-03-15', cost: '2.2500', impressions: 2000, clicks: 30, conversions: 0 },
        ],
      },
      'week-spent': { data: [] },
    });
    const store = new DashboardStore(api, NOW);
    store.load();
    await settle();
    expect(get).toHaveBeenCalledWith('campaign-statistics', expect.objectContaining({ params: { start_date: '2026-03-01', end_date: '2026-03-15', group: 'date' } }));
    expect(store.points).toHaveLength(15);
    expect(store.points[1]).toEqual({ date: '2026-03-02', value: 1.5 });
    expect(store.points[0]).toEqual({ date: '2026-03-01', value: 0 });
    store.setMetric('clicks');
    expect(store.points.at(-1)).toEqual({ date: '2026-03-15', value: 30 });
  });

  it('reads the rows when the answer has no series', async () => {
    const { api } = fakeApi({ home: { data: HOME }, 'campaign-statistics': { data: [{ date: '2026-03-10', cost: '4.0000' }] }, 'week-spent': { data: [] } });
    const store = new DashboardStore(api, NOW);
    store.load();
    await settle();
    expect(store.points.find((p) => p.date === '2026-03-10')?.value).toBe(4);
  });

  it('sums the week exactly, to 4 decimals', async () => {
    const days = ['0.1000', '0.2000', '0.0001', '10.0000', '0.0000', '3.3333', '0.1'].map((money, i) => ({ date: `2026-03-0${i + 1}`, money }));
    const { api } = fakeApi({ home: { data: HOME }, 'campaign-statistics': { data: [] }, 'week-spent': { data: days } });
    const store = new DashboardStore(api, NOW);
    expect(store.weekTotal).toBeNull();
    store.load();
    await settle();
    expect(store.weekTotal).toBe('13.7334');
  });

  it('lets one panel fail without the others, and retries it', async () => {
    let down = true;
    const { api } = fakeApi({
      home: { data: HOME },
      'campaign-statistics': { data: [] },
      'week-spent': () => {
        if (down) throw new Error('Spend is not available right now');
        return { data: [{ date: '2026-03-15', money: '1.0000' }] };
      },
    });
    const store = new DashboardStore(api, NOW);
    store.load();
    await settle();
    expect(store.loaders.week.status).toBe('error');
    expect((store.loaders.week.error as Error).message).toBe('Spend is not available right now');
    expect(store.loaders.home.status).toBe('ready');
    expect(store.loaders.statistics.status).toBe('ready');
    down = false;
    await store.loaders.week.retry();
    expect(store.loaders.week.status).toBe('ready');
    expect(store.weekTotal).toBe('1.0000');
  });

  it('tells a user without campaigns apart (the page offers to create one)', async () => {
    const { api } = fakeApi({ home: { data: { ...HOME, campaigns_total: 0, active_campaigns_count: 0, paused_campaigns_count: 0, pending_campaigns_count: 0 } }, 'campaign-statistics': { data: [] }, 'week-spent': { data: [] } });
    const store = new DashboardStore(api, NOW);
    expect(store.isNewUser).toBe(false);
    store.load();
    await settle();
    expect(store.isNewUser).toBe(true);
  });

  it('cancels the loads a new load supersedes, and drops their late answers', async () => {
    const answers: ((value: unknown) => void)[] = [];
    const { api, get } = fakeApi({ home: () => new Promise((resolve) => answers.push(resolve)), 'campaign-statistics': { data: [] }, 'week-spent': { data: [] } });
    const store = new DashboardStore(api, NOW);
    store.load();
    store.load();
    const homeSignals = get.mock.calls.filter(([url]) => url === 'home').map(([, options]) => options?.signal);
    expect(homeSignals.map((s) => s?.aborted)).toEqual([true, false]);
    answers[1]({ data: { ...HOME, balance: '2.00' } });
    answers[0]({ data: HOME });
    await settle();
    expect(store.balance).toBe('2.00');
  });

  it('drops an answer that arrives after the page was left', async () => {
    let answer: (value: unknown) => void = () => {};
    const { api } = fakeApi({ home: () => new Promise((resolve) => (answer = resolve)), 'campaign-statistics': { data: [] }, 'week-spent': { data: [] } });
    const store = new DashboardStore(api, NOW);
    store.load();
    store.dispose();
    expect(store.loaders.home.status).toBe('idle');
    answer({ data: HOME });
    await settle();
    expect(store.home).toBeNull();
    expect(store.balance).toBeNull();
  });
});
