import { addDays, daysBetween } from '../../../engine/format/days';
import { CAMPAIGN_STATUSES, type ListFilter, type StatisticsScreenConfig } from './statisticsScreens';

/**
 * What a statistics report is filtered by, as the panel keeps it (the form, the address, saved presets), the same
 * for every screen. Dates are `YYYY-MM-DD`; empty lists mean "all". Not the call's query: `requestParams` writes it
 * under the screen's parameter names (`config.params`, checked against CampaignStatisticsQuery / SupplyStatisticsQuery).
 */
export interface ReportFilters {
  start: string;
  end: string;
  campaigns: number[];
  /** Ad ids: only the campaigns running them. */
  ads: number[];
  formats: string[];
  statuses: string[];
  ssps: number[];
}

/** The filters and the grouping (the id of a column set): everything a statistics call is asked for. */
export interface ReportQuery extends ReportFilters {
  group: string;
}

/** The default range: the last 14 days, `start` 14 days before `end`, `end` today. */
export const DEFAULT_RANGE_DAYS = 14;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether a string is a real calendar day written `YYYY-MM-DD`. */
export function isIsoDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value;
}

export { addDays, daysBetween };

/** Today in the browser's calendar, `YYYY-MM-DD`. */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The filters a report opens with: the last 14 days, nothing else narrowed. */
export function defaultFilters(today: string): ReportFilters {
  return { start: addDays(today, -DEFAULT_RANGE_DAYS), end: today, campaigns: [], ads: [], formats: [], statuses: [], ssps: [] };
}

/** The longest range the statistics calls answer, both ends included (schemas/statistics/*-statistics.query.schema.json). */
export const MAX_RANGE_DAYS = 366;

/** What can be wrong with a date range; each is a text `statistics.error.<id>`. */
export type RangeError = 'invalidDate' | 'startAfterEnd' | 'rangeTooLong';

/** What is wrong with a date range, per field; empty when it is fine (checked before any call). */
export function rangeErrors(filters: Pick<ReportFilters, 'start' | 'end'>): Partial<Record<'start' | 'end', RangeError>> {
  const out: Partial<Record<'start' | 'end', RangeError>> = {};
  if (!isIsoDate(filters.start)) out.start = 'invalidDate';
  if (!isIsoDate(filters.end)) out.end = 'invalidDate';
  if (out.start || out.end) return out;
  if (filters.start > filters.end) out.start = 'startAfterEnd';
  else if (daysBetween(filters.start, filters.end) >= MAX_RANGE_DAYS) out.start = 'rangeTooLong';
  return out;
}

/** The call's query parameters for a screen, under the server's names; empty lists are left out. */
export function requestParams(config: StatisticsScreenConfig, query: ReportQuery): Record<string, string | (string | number)[]> {
  const params: Record<string, string | (string | number)[]> = {
    [config.params.start]: query.start,
    [config.params.end]: query.end,
    [config.params.group]: query.group,
  };
  for (const filter of config.filters) {
    const name = config.params[filter];
    const values = query[filter];
    if (name && values.length) params[name] = [...values];
  }
  return params;
}

const ids = (raw: string | null) =>
  [...new Set((raw ?? '').split(',').map((s) => Number(s.trim())).filter((n) => Number.isInteger(n) && n > 0))];
const words = (raw: string | null) => [...new Set((raw ?? '').split(',').map((s) => s.trim()).filter((s) => /^[a-z0-9][a-z0-9_-]*$/i.test(s)))];

/** The chart's compare mode: how many top rows, and whether the rest show as one more series. */
export interface CompareState {
  limit: number;
  other: boolean;
}

/** The top-row counts the compare mode offers (the call takes 1–10). */
export const COMPARE_LIMITS = [3, 5, 10] as const;

/**
 * The address form of a report (`?group=country&start=…&end=…&campaigns=1,2&metric=clicks&compare=5&other=1`), for
 * bookmarks and reloads. `compare` is there only while the chart compares the top rows.
 */
export interface AddressState {
  group?: string;
  filters: ReportFilters;
  metric?: string;
  compare?: CompareState | null;
}

/**
 * Reads a report from the address: anything missing or malformed falls back to the defaults (so a hand-edited
 * link opens a working report); list filters the screen does not have are ignored.
 */
export function parseAddress(search: URLSearchParams, config: StatisticsScreenConfig, today: string): AddressState {
  const filters = defaultFilters(today);
  const start = search.get('start');
  const end = search.get('end');
  if (start && isIsoDate(start)) filters.start = start;
  if (end && isIsoDate(end)) filters.end = end;
  const has = (filter: ListFilter) => config.filters.includes(filter);
  if (has('campaigns')) filters.campaigns = ids(search.get('campaigns'));
  if (has('ads')) filters.ads = ids(search.get('ads'));
  if (has('ssps')) filters.ssps = ids(search.get('ssps'));
  if (has('formats')) filters.formats = words(search.get('formats'));
  if (has('statuses')) filters.statuses = words(search.get('statuses')).filter((s) => (CAMPAIGN_STATUSES as readonly string[]).includes(s));
  const limit = Number(search.get('compare'));
  const compare = Number.isInteger(limit) && limit >= 1 && limit <= 10 ? { limit, other: search.get('other') === '1' } : null;
  return { group: search.get('group') ?? undefined, metric: search.get('metric') ?? undefined, filters, compare };
}

/** The address of a report; the list filters the screen has, only when set. */
export function formatAddress(state: Required<Omit<AddressState, 'compare'>> & Pick<AddressState, 'compare'>, config: StatisticsScreenConfig): URLSearchParams {
  const search = new URLSearchParams({ group: state.group, start: state.filters.start, end: state.filters.end });
  for (const filter of config.filters) {
    const values = state.filters[filter];
    if (values.length) search.set(filter, values.join(','));
  }
  search.set('metric', state.metric);
  if (state.compare) {
    search.set('compare', String(state.compare.limit));
    if (state.compare.other) search.set('other', '1');
  }
  return search;
}
