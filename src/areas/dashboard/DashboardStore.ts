import { makeAutoObservable, observableRef } from 'mobx';
import type { ApiClient } from '../../../engine/api';
import { addDays, dayOf, everyDay, formatDecimal, sumDecimals, tryParseDecimal, type Decimal } from '../../../engine/format';
import { Loader } from '../../../engine/state/Loader';
import type { Home, ReportPoint, WeekSpendDay } from '../../../generated/types';

/** `GET home`: costs with 4 decimals, counts, balance and reserve with 2 (schemas/dashboard/home.answer.schema.json). */
export type HomeSummary = Home;

/** One day of `GET campaign-statistics?group=date` (schemas/statistics/report-point.answer.schema.json). */
export type StatisticsDay = ReportPoint;

/** One item of `GET week-spent` (schemas/dashboard/week-spend-day.answer.schema.json). */
export type { WeekSpendDay };

/** The metrics the dashboard chart switches between, and how each is shown. */
export const CHART_METRICS = { cost: 'money', impressions: 'count', clicks: 'count', conversions: 'count' } as const;
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

/**
 * The dashboard: figures (`GET home`), the last 14 days of statistics for the chart (`GET campaign-statistics`,
 * grouped by date) with its metric, and what was spent each day of this week (`GET week-spent`). Each panel has its
 * own loader: it loads, fails and retries on its own, so one failed call never blanks the page; a failure keeps the
 * panel's last answer.
 */
export class DashboardStore {
  /** `GET home`, or null until answered. */
  home: HomeSummary | null = null;
  /** The chart's days, or null until answered. */
  statistics: StatisticsDay[] | null = null;
  /** This week's days, or null until answered. */
  week: WeekSpendDay[] | null = null;
  metric: ChartMetric = 'cost';
  readonly range: { start_date: string; end_date: string };
  /** One loader per panel. */
  readonly loaders: { readonly home: Loader<HomeSummary>; readonly statistics: Loader<StatisticsDay[]>; readonly week: Loader<WeekSpendDay[]> };

  constructor(api: Pick<ApiClient, 'get'>, now: number = Date.now()) {
    this.range = lastDays(now);
    this.loaders = {
      home: new Loader({
        fetch: async (signal) => (await api.get<{ data: HomeSummary }>('home', { signal })).data,
        apply: (home) => (this.home = home),
      }),
      statistics: new Loader({
        fetch: async (signal) => {
          const answer = await api.get<{ data?: StatisticsDay[]; series?: StatisticsDay[] }>('campaign-statistics', { signal, params: { ...this.range, group: 'date' } });
          return Array.isArray(answer.series) ? answer.series : Array.isArray(answer.data) ? answer.data : [];
        },
        apply: (days) => (this.statistics = days),
      }),
      week: new Loader({
        fetch: async (signal) => {
          const { data } = await api.get<{ data: WeekSpendDay[] }>('week-spent', { signal });
          return Array.isArray(data) ? data : [];
        },
        apply: (days) => (this.week = days),
      }),
    };
    makeAutoObservable(this, { loaders: false, range: false, home: observableRef, statistics: observableRef, week: observableRef });
  }

  /** Loads every panel (again; a load in flight is cancelled). */
  load() {
    for (const loader of Object.values(this.loaders)) void loader.run();
  }

  /** Stops the loads in flight (the page is left). */
  dispose() {
    for (const loader of Object.values(this.loaders)) loader.abort();
  }

  setMetric(metric: ChartMetric) {
    this.metric = metric;
  }

  /** The balance as a decimal string, or null until `GET home` answered (shown as '-'). */
  get balance(): string | null {
    return this.home?.balance ?? null;
  }

  /** A user with no campaign yet: the page offers to create one instead of an empty chart and table. */
  get isNewUser(): boolean {
    return this.home !== null && this.home.campaigns_total === 0;
  }

  /** The chart's points for the chosen metric: one per day of the range, days without statistics at zero. */
  get points(): { date: string; value: number }[] {
    const byDate = new Map((this.statistics ?? []).map((row) => [String(row.date).slice(0, 10), row]));
    return everyDay(this.range.start_date, this.range.end_date).map((date) => ({ date, value: asNumber(byDate.get(date)?.[this.metric]) }));
  }

  /** This week's spend summed exactly (4 decimals), or null until loaded. */
  get weekTotal(): string | null {
    const items = this.week;
    if (!items) return null;
    return formatDecimal(sumDecimals(items.map((i) => tryParseDecimal(i.money)).filter((d): d is Decimal => d !== null)), 4);
  }
}
