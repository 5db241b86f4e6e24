import { addDays } from '../../../engine/format/days';
import { formatDecimal, roundDecimal, sumDecimals, tryParseDecimal } from '../../../engine/format/decimal';
import type { ReportPoint } from '../../../generated/types';

/** The days the ad's page sums: the last 14 before today and today, as the statistics screen's default range. */
export const AD_STATISTICS_DAYS = 14;

/** The metrics the ad's page shows, in order: the series' field, and how it reads. */
export const AD_METRICS = [
  { id: 'impressions', field: 'impressions', kind: 'count' },
  { id: 'clicks', field: 'clicks', kind: 'count' },
  { id: 'ctr', field: 'ctr', kind: 'percent' },
  { id: 'conversions', field: 'conversions', kind: 'count' },
  { id: 'spend', field: 'cost', kind: 'money' },
] as const;

export type AdMetric = (typeof AD_METRICS)[number]['id'];

/** The ad's totals over the range: counts, CTR as clicks per impression (0 without impressions), spend to 2 decimals. */
export interface AdTotals {
  impressions: number;
  clicks: number;
  conversions: number;
  /** A fraction (0.0123 reads 1.23%). */
  ctr: number;
  /** Exact, 2 decimals (`12.35`). */
  spend: string;
}

/** The range of the ad's statistics ending `today` (`YYYY-MM-DD`, the browser's calendar like the statistics screen). */
export function adStatisticsRange(today: string): { start: string; end: string } {
  return { start: addDays(today, -AD_STATISTICS_DAYS), end: today };
}

/** Today in the browser's calendar, `YYYY-MM-DD` (the statistics screen's ranges are too). */
export function browserToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

const count = (value: unknown) => {
  const n = Number(value ?? 0);
  return Number.isFinite(n) ? n : 0;
};

/** The totals of a report's daily series (GET campaign-statistics `series`); cost is summed exactly, then rounded. */
export function adTotals(series: readonly ReportPoint[]): AdTotals {
  const impressions = series.reduce((s, p) => s + count(p.impressions), 0);
  const clicks = series.reduce((s, p) => s + count(p.clicks), 0);
  const conversions = series.reduce((s, p) => s + count(p.conversions), 0);
  const cost = sumDecimals(series.map((p) => tryParseDecimal(p.cost ?? '0')).filter((d) => d !== null));
  return { impressions, clicks, conversions, ctr: impressions ? clicks / impressions : 0, spend: formatDecimal(roundDecimal(cost, 2), 2) };
}

/** One metric of the series per day, for the chart (a missing value as 0). */
export function adMetricPoints(series: readonly ReportPoint[], metric: AdMetric): { date: string; value: number }[] {
  const field = AD_METRICS.find((m) => m.id === metric)!.field;
  return series.map((p) => ({ date: String(p.date), value: count(p[field]) }));
}
