import { makeAutoObservable, observableRef } from 'mobx';
import type { ApiClient } from '../../../engine/api';
import { addDays, dayOf, dayRangeProblem, everyDay, type DayRange } from '../../../engine/format';
import { Loader } from '../../../engine/state/Loader';
import type { FinanceStatistics, FinanceSummary } from '../../../generated/types';

/** The range presets of the overview, in days (today included). */
export const RANGE_PRESETS = [7, 30, 90] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

/** The longest range the server answers (finance-statistics.query.schema.json). */
export const MAX_RANGE_DAYS = 366;

export type { DayRange };

/** The last `days` days up to the (UTC) day of `now`, today included. */
export function lastDays(now: number, days: number): DayRange {
  const end = dayOf(now);
  return { start: addDays(end, -(days - 1)), end };
}

/** Why a chosen range cannot be asked for, or null when it can. */
export const rangeProblem = (range: DayRange) => dayRangeProblem(range, MAX_RANGE_DAYS);

/** One day of the overview: money in (credit) and out (debit), decimal strings. */
export interface FinanceDay {
  date: string;
  debit: string;
  credit: string;
}

/**
 * The finances page: the summary (`GET finances/summary`: balance, reserve, free, spend and how long it lasts,
 * unpaid invoices) and the overview's statistics (`GET finances/statistics` for a range: a preset of 7, 30 or 90
 * days, or any range up to 366 days). Each loads and fails on its own; a failure keeps what was shown.
 */
export class FinancesStore {
  summary: FinanceSummary | null = null;
  statistics: FinanceStatistics | null = null;
  range: DayRange;
  /** The preset the range is, or null for a range the user picked. */
  preset: RangePreset | null = 30;
  readonly loaders: { readonly summary: Loader<FinanceSummary>; readonly statistics: Loader<FinanceStatistics> };

  constructor(
    api: Pick<ApiClient, 'get'>,
    private readonly now: () => number = Date.now,
  ) {
    this.range = lastDays(now(), 30);
    this.loaders = {
      summary: new Loader({
        fetch: async (signal) => (await api.get<{ data: FinanceSummary }>('finances/summary', { signal })).data,
        apply: (summary) => (this.summary = summary),
      }),
      statistics: new Loader({
        fetch: async (signal) => (await api.get<{ data: FinanceStatistics }>('finances/statistics', { signal, params: { ...this.range } })).data,
        apply: (statistics) => (this.statistics = statistics),
      }),
    };
    makeAutoObservable<FinancesStore, 'now'>(this, { loaders: false, now: false, summary: observableRef, statistics: observableRef }, { autoBind: true });
  }

  loadSummary(): void {
    void this.loaders.summary.run();
  }

  loadStatistics(): void {
    void this.loaders.statistics.run();
  }

  /** Shows the last 7, 30 or 90 days. */
  setPreset(days: RangePreset): void {
    this.preset = days;
    this.range = lastDays(this.now(), days);
    this.loadStatistics();
  }

  /** Shows a range the user picked; refused (false) when it is backwards or longer than the server answers. */
  setRange(range: DayRange): boolean {
    if (rangeProblem(range)) return false;
    this.range = range;
    this.preset = null;
    this.loadStatistics();
    return true;
  }

  /** Every day of the range (a day the answer lacks at zero), oldest first. */
  get days(): FinanceDay[] {
    const byDate = new Map((this.statistics?.rows ?? []).map((r) => [r.date.slice(0, 10), r]));
    return everyDay(this.range.start, this.range.end).map((date) => ({ date, debit: byDate.get(date)?.debit ?? '0.00', credit: byDate.get(date)?.credit ?? '0.00' }));
  }

  /** Whether the range moved any money. */
  get hasMoney(): boolean {
    return this.days.some((d) => Number(d.debit) !== 0 || Number(d.credit) !== 0);
  }

  dispose(): void {
    this.loaders.summary.abort();
    this.loaders.statistics.abort();
  }
}
