import { makeAutoObservable, observableRef, runInAction } from 'mobx';
import { isCancel, type ApiClient } from '../../../engine/api';
import { addDays, dayOf, everyDay, formatDecimal, sumDecimals, tryParseDecimal, type Decimal } from '../../../engine/format';
import type { LoadStatus } from '../../../engine/state/loadInto';
import type { Home, ReportPoint, WeekSpendDay } from '../../../generated/types';

/** `GET home`: costs with 4 decimals, counts, balance and reserve with 2 (schemas/dashboard/home.answer.schema.json). */
export type HomeSummary = Home;

/** One day of `GET campaign-statistics?group=date` (schemas/statistics/report-point.answer.schema.json). */
export type StatisticsDay = ReportPoint;

/** One item of `GET week-spent` (schemas/dashboard/week-spend-day.answer.schema.json). */
export type { WeekSpendDay };

/** The metrics the dashboard chart switches between, and how each is shown. */
export const CHART_METRICS = { cost: 'cost', impressions: 'count', clicks: 'count', conversions: 'count' } as const;
export type ChartMetric = keyof typeof CHART_METRICS;

/** The chart's range: the last 14 days (start 14 days before today, as the statistics screen starts). */
export const CHART_DAYS = 14;

/** The default statistics range ending on the (UTC) day of `now`: `{ start_date, end_date }` as YYYY-MM-DD. */
export function lastDays(now: number, days = CHART_DAYS): { start_date: string; end_date: string } {
  const end = dayOf(now);
  return { start_date: addDays(end, -days), end_date: end };
}

const asNumber = (value: unknown): number => {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : 0;
};

/** One load of a panel: its answer, status and error; a newer load or `dispose` aborts the one in flight. */
export class PanelLoad<T> {
  data: T | null = null;
  status: LoadStatus = 'idle';
  error: unknown = null;
  private controller: AbortController | null = null;

  constructor(private readonly fetch: (signal: AbortSignal) => Promise<T>) {
    makeAutoObservable<PanelLoad<T>, 'fetch' | 'controller'>(this, { fetch: false, controller: false, data: observableRef }, { autoBind: true });
  }

  /** Loads (again); a failure keeps the last answer and sets `error`. Never throws. */
  async load(): Promise<void> {
    this.controller?.abort();
    const controller = new AbortController();
    this.controller = controller;
    this.status = 'loading';
    this.error = null;
    try {
      const data = await this.fetch(controller.signal);
      if (controller.signal.aborted) return;
      runInAction(() => {
        this.data = data;
        this.status = 'ready';
      });
    } catch (error) {
      if (controller.signal.aborted || isCancel(error)) return;
      runInAction(() => {
        this.error = error;
        this.status = 'error';
      });
    }
  }

  /** Stops a load in flight (the page is left). */
  dispose() {
    this.controller?.abort();
    this.controller = null;
  }
}

/**
 * The dashboard: figures (`GET home`), the last 14 days of statistics for the chart (`GET campaign-statistics`,
 * grouped by date) with its metric, and what was spent each day of this week (`GET week-spent`). Each panel loads,
 * fails and retries on its own, so one failed call never blanks the page.
 */
export class DashboardStore {
  readonly home: PanelLoad<HomeSummary>;
  readonly statistics: PanelLoad<StatisticsDay[]>;
  readonly week: PanelLoad<WeekSpendDay[]>;
  metric: ChartMetric = 'cost';
  readonly range: { start_date: string; end_date: string };

  constructor(
    private readonly api: Pick<ApiClient, 'get'>,
    now: number = Date.now(),
  ) {
    this.range = lastDays(now);
    this.home = new PanelLoad(async (signal) => (await api.get<{ data: HomeSummary }>('home', { signal })).data);
    this.statistics = new PanelLoad(async (signal) => {
      const answer = await api.get<{ data?: StatisticsDay[]; series?: StatisticsDay[] }>('campaign-statistics', { signal, params: { ...this.range, group: 'date' } });
      return Array.isArray(answer.series) ? answer.series : Array.isArray(answer.data) ? answer.data : [];
    });
    this.week = new PanelLoad(async (signal) => {
      const { data } = await api.get<{ data: WeekSpendDay[] }>('week-spent', { signal });
      return Array.isArray(data) ? data : [];
    });
    makeAutoObservable<DashboardStore, 'api'>(this, { api: false, home: false, statistics: false, week: false, range: false });
  }

  /** Loads every panel. */
  load() {
    void this.home.load();
    void this.statistics.load();
    void this.week.load();
  }

  dispose() {
    this.home.dispose();
    this.statistics.dispose();
    this.week.dispose();
  }

  setMetric(metric: ChartMetric) {
    this.metric = metric;
  }

  /** The balance as a decimal string, or null until `GET home` answered (shown as '-'). */
  get balance(): string | null {
    return this.home.data?.balance ?? null;
  }

  /** A user with no campaign yet: the page offers to create one instead of an empty chart and table. */
  get isNewUser(): boolean {
    return this.home.data !== null && this.home.data.campaigns_total === 0;
  }

  /** The chart's points for the chosen metric: one per day of the range, days without statistics at zero. */
  get points(): { date: string; value: number }[] {
    const byDate = new Map((this.statistics.data ?? []).map((row) => [String(row.date).slice(0, 10), row]));
    return everyDay(this.range.start_date, this.range.end_date).map((date) => ({ date, value: asNumber(byDate.get(date)?.[this.metric]) }));
  }

  /** This week's spend summed exactly (4 decimals), or null until loaded. */
  get weekTotal(): string | null {
    const items = this.week.data;
    if (!items) return null;
    return formatDecimal(sumDecimals(items.map((i) => tryParseDecimal(i.money)).filter((d): d is Decimal => d !== null)), 4);
  }
}
