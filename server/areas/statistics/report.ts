/**
 * One statistics report: the rows of a column set (schemas/statistics) for a user's filters, and the daily series
 * of every metric for the chart. Generic over the sets: `source.groupBy` picks the rollup and the row key, each
 * column's `field` picks what goes in it. Rollups only, never the event log: hour and creative rows come from
 * `stat_hourly`; days, campaigns, traffic dimensions and providers from `stat_daily`.
 *
 * Values: counts are numbers, cost a decimal string with 4 places, money (payouts, reserved balance) 2 places,
 * ctr (clicks per impression) and win_rate (wins per bid) fractions with 6 places; a row key or name the data
 * does not have is null (the panel shows a dash).
 */
import { sql, type SQL } from 'drizzle-orm';
import { everyDay } from '../../../engine/format/days';
import type { Db } from '../../db/connect';
import { intArray, textArray } from '../../db/sqlArrays';
import { regionName } from '../../../engine/i18n/displayNames';
import { collections } from '../../reference/collections';
import { countries } from '../../reference/countries';
import { siteById } from '../../reference/sites';
import { trafficProviders } from '../../reference/trafficProviders';
import type { AdFormatInfo, CampaignStatisticsQuery, CollectionItem } from '../../../generated/types';
import { ALL_DIMENSION, COUNT_METRICS, isDailyDimension } from './events';
import type { StatisticsSet } from './sets';

/**
 * What one report covers, whichever call asked: `GET campaign-statistics` (CampaignStatisticsQuery) and the supply
 * calls (SupplyStatisticsQuery) name their parameters differently, and the route maps them to this one shape.
 */
export interface ReportScope {
  /** First day, `YYYY-MM-DD` (UTC). */
  start: string;
  /** Last day, included. */
  end: string;
  campaignIds?: readonly number[];
  adFormats?: readonly string[];
  statuses?: readonly NonNullable<CampaignStatisticsQuery['statuses']>[number][];
  /** Only the campaigns running these ads. */
  adIds?: readonly number[];
  /** Supply side platforms (traffic provider ids). */
  providerIds?: readonly number[];
  /** The reader's language (BCP 47): country names are written in it. */
  locale?: string;
}

export type ReportRow = Record<string, string | number | null>;

export interface Report {
  rows: ReportRow[];
  /** One point per day of the range, every metric. */
  series: ReportRow[];
}

/** Each metric's aggregate over a rollup, exact and rounded to the places the answers carry. */
export const METRIC_EXPRESSIONS: Record<string, string> = {
  ...Object.fromEntries(COUNT_METRICS.map((m) => [m, `coalesce(sum(${m}), 0)`])),
  cost: `round(coalesce(sum(cost), 0), 4)`,
  payouts: `round(coalesce(sum(payouts), 0), 2)`,
  ctr: `round(coalesce(sum(clicks)::numeric / nullif(sum(impressions), 0), 0), 6)`,
  win_rate: `round(coalesce(sum(wins)::numeric / nullif(sum(bids), 0), 0), 6)`,
};

/** Each metric's select expression over a rollup, as text (exact; node-postgres gives int8 as strings anyway). */
const METRIC_SQL: Record<string, string> = Object.fromEntries(Object.entries(METRIC_EXPRESSIONS).map(([m, expression]) => [m, `${expression}::text as ${m}`]));

/** The select list of the given metrics (every one by default): a report sums only what its columns show. */
const metricsSql = (names: Iterable<string> = Object.keys(METRIC_SQL)) => sql.raw([...names].map((m) => METRIC_SQL[m]).join(', '));

/** A day without events. */
export const EMPTY: Record<string, unknown> = { requests: 0, bids: 0, wins: 0, impressions: 0, clicks: 0, video_views: 0, conversions: 0, cost: '0.0000', payouts: '0.00', ctr: '0.000000', win_rate: '0.000000' };

/** Metric values of a result row: counts to numbers, the rest as the database wrote them; absent metrics left out. */
export function metrics(row: Record<string, unknown>): ReportRow {
  const out: ReportRow = {};
  for (const m of COUNT_METRICS) if (m in row) out[m] = Number(row[m]);
  for (const m of ['cost', 'payouts', 'ctr', 'win_rate']) if (m in row) out[m] = String(row[m]);
  return out;
}

let names: Map<string, Map<number, string>> | undefined;
let countryCodes: Map<number, string> | undefined;

/** Names of the dimension values (collections, providers), built once; countries in the reader's language. */
function dimensionName(groupBy: string, id: number, locale = 'en'): string | null {
  names ??= new Map([
    ['country', byId(collections.get('countries')())],
    ['browser', byId(collections.get('browsers')())],
    ['operating_system', byId(collections.get('operating-systems')())],
    ['carrier', byId(collections.get('carriers')())],
    ['traffic_platform', byId(collections.get('campaign-traffic-platforms')())],
    ['traffic_provider', byId(trafficProviders)],
  ]);
  if (!id) return null;
  if (groupBy === 'country') {
    countryCodes ??= new Map(countries().map((c) => [c.id, c.iso2]));
    return regionName(countryCodes.get(id), locale, names.get('country')?.get(id)) || null;
  }
  if (groupBy === 'site') return siteById(id)?.domain ?? null;
  if (groupBy === 'spot') return String(id);
  return names.get(groupBy)?.get(id) ?? null;
}

const byId = (items: readonly Pick<CollectionItem, 'id' | 'name'>[]) => new Map(items.map((i) => [i.id, i.name]));

/**
 * The condition on `h.campaign_id` the filters (and a per-format set's formats) make: the user's campaigns they keep.
 * No condition without filters: the rollups hold the user's rows only, so the campaigns need not be looked up.
 */
export async function campaignCondition(db: Db, userId: number, set: StatisticsSet, filters: ReportScope): Promise<SQL> {
  const formats = set.formats ? (filters.adFormats?.length ? set.formats.filter((f) => filters.adFormats!.includes(f)) : set.formats) : filters.adFormats;
  if (!filters.campaignIds?.length && !filters.statuses?.length && !filters.adIds?.length && !formats?.length && !set.formats) return sql``;
  const conditions: SQL[] = [sql`user_id = ${userId}`];
  if (filters.campaignIds?.length) conditions.push(sql`id = any(${intArray(filters.campaignIds)})`);
  if (filters.statuses?.length) conditions.push(sql`status = any(${textArray(filters.statuses)})`);
  if (filters.adIds?.length) conditions.push(sql`ad_id = any(${intArray(filters.adIds)})`);
  if (formats) conditions.push(sql`ad_format = any(${textArray(formats)})`);
  const result = (await db.execute(sql`select id from campaigns where ${sql.join(conditions, sql` and `)}`)) as unknown as { rows: { id: number }[] };
  return sql`and h.campaign_id = any(${intArray(result.rows.map((c) => c.id))})`;
}

/** The provider ids the filters keep, or undefined for all. */
function filteredProviders(set: StatisticsSet, filters: ReportScope): number[] | undefined {
  let ids = filters.providerIds?.length ? [...filters.providerIds] : undefined;
  const method = set.source.providerMethod;
  if (method) {
    const ofMethod = trafficProviders.filter((p) => p.method_type === method).map((p) => p.id);
    ids = ids ? ids.filter((id) => ofMethod.includes(id)) : ofMethod;
  }
  return ids;
}

/** The row key of the groupings read from the hourly rollup. */
export const HOURLY_KEY: Record<'hour' | 'creative', string> = {
  // Written `YYYY-MM-DD HH:00` (UTC); the report groups by h.hour, so it is formatted once per row, not per hour read.
  hour: `to_char(h.hour at time zone 'utc', 'YYYY-MM-DD HH24:00')`,
  // A creative, or the ad itself for formats without creatives (creative 0), whichever campaigns showed it.
  creative: `case when h.creative_id > 0 then 'c:' || h.creative_id else 'a:' || c.ad_id end`,
};

/** A query's rows as one JSON array text (`[]` when none). */
const jsonRows = (query: SQL) => sql`(select coalesce(json_agg(r), '[]') from (${query}) r)::text`;

/**
 * Reads a report; the caller checked the set belongs to the screen and the range is sane.
 *
 * The rows and the series are one statement answering two JSON arrays: one round trip and one plan instead of
 * two, and two text values to decode instead of a value per row and metric. On PGlite every query queues behind
 * the others and decoding a value costs about a microsecond in JavaScript, which made the wide reports (sites, hours)
 * spend as long decoding as summing.
 */
export async function statisticsReport(db: Db, userId: number, set: StatisticsSet, filters: ReportScope, formats: ReadonlyMap<string, AdFormatInfo>): Promise<Report> {
  const campaigns = await campaignCondition(db, userId, set, filters);
  const providers = filteredProviders(set, filters);
  const groupBy = set.source.groupBy;
  const wanted = new Set(set.columns.map((c) => c.field ?? c.id).filter((f) => Object.hasOwn(METRIC_SQL, f)));
  // Date rows double as the series, which carries every metric.
  const METRICS = groupBy === 'date' ? metricsSql() : metricsSql(wanted);
  // Days and campaigns come from the campaign-day totals, or from the provider split when providers are filtered.
  const totalsDimension = providers ? 'traffic_provider' : ALL_DIMENSION;
  const daily = (dimension: string) =>
    sql`h.user_id = ${userId} and h.dimension = ${dimension} and h.day between ${filters.start}::date and ${filters.end}::date
      ${campaigns} ${providers && dimension === 'traffic_provider' ? sql`and h.value_id = any(${intArray(providers)})` : sql``}`;

  let rowsQuery: SQL;
  if (groupBy === 'hour' || groupBy === 'creative') {
    if (providers) throw new Error(`statistics set ${set.id}: ${groupBy} rows cannot be filtered by provider`);
    rowsQuery = sql`
      select ${sql.raw(HOURLY_KEY[groupBy])} as key, ${METRICS} from stat_hourly h ${groupBy === 'creative' ? sql`join campaigns c on c.id = h.campaign_id` : sql``}
      where h.user_id = ${userId} and h.hour >= ${`${filters.start}T00:00:00Z`}::timestamptz and h.hour < (${filters.end}::date + 1)::timestamptz
        ${campaigns}
      group by ${sql.raw(groupBy === 'hour' ? 'h.hour' : '1')}`;
  } else {
    const totals = groupBy === 'date' || groupBy === 'campaign';
    if (!totals && !isDailyDimension(groupBy)) throw new Error(`statistics set ${set.id}: unknown source.groupBy "${groupBy}"`);
    const key = groupBy === 'date' ? `to_char(h.day, 'YYYY-MM-DD')` : groupBy === 'campaign' ? 'h.campaign_id' : 'h.value_id';
    rowsQuery = sql`select ${sql.raw(key)} as key, ${METRICS} from stat_daily h where ${daily(totals ? totalsDimension : groupBy)} group by 1`;
  }
  // The series: the date rows themselves when that is the grouping, else the small daily totals beside them.
  const seriesQuery = groupBy === 'date' ? undefined : sql`select to_char(h.day, 'YYYY-MM-DD') as key, ${metricsSql()} from stat_daily h where ${daily(totalsDimension)} group by 1`;
  const [answer] = ((await db.execute(sql`
    select ${jsonRows(rowsQuery)} as rows ${seriesQuery ? sql`, ${jsonRows(seriesQuery)} as series` : sql``}`)) as unknown as { rows: { rows: string; series?: string }[] }).rows;
  const raw = JSON.parse(answer.rows) as Record<string, unknown>[];
  const perDay = answer.series === undefined ? raw : (JSON.parse(answer.series) as Record<string, unknown>[]);
  const byDay = new Map(perDay.map((r) => [String(r.key), r]));
  const series = everyDay(filters.start, filters.end).map((date) => ({ date, ...metrics(byDay.get(date) ?? EMPTY) }));

  const labels = await rowLabels(db, userId, groupBy, raw.map((r) => String(r.key)), formats, filters.locale);
  // Each column's value: its label field, else its metric (as `metrics` writes it). Per column rather than merging
  // whole objects per row: a site report has hundreds of rows.
  const columns = set.columns.map((c) => ({ id: c.id, field: c.field ?? c.id, count: (COUNT_METRICS as readonly string[]).includes(c.field ?? c.id), metric: Object.hasOwn(METRIC_SQL, c.field ?? c.id) }));
  const rows = raw.map((r) => {
    const label = labels(String(r.key));
    const row: ReportRow = {};
    for (const { id, field, count, metric } of columns) {
      row[id] = (Object.hasOwn(label, field) ? label[field] : metric && field in r ? (count ? Number(r[field]) : String(r[field])) : null) ?? null;
    }
    // A set with a row action (blacklist) needs the row's id to act on.
    if (set.source?.rowAction) row.key = label.key ?? null;
    return row;
  });
  return { rows, series };
}

type Labels = (key: string) => ReportRow;

/** key, label (and creative fields) of each row key of a grouping. */
export async function rowLabels(db: Db, userId: number, groupBy: string, keys: string[], formats: ReadonlyMap<string, AdFormatInfo>, locale?: string): Promise<Labels> {
  if (groupBy === 'campaign') {
    const result = (await db.execute(sql`
      select id, name, reserved_balance::text as reserved_balance from campaigns where user_id = ${userId} and id = any(${intArray(keys.map(Number))})`)) as unknown as { rows: { id: number; name: string; reserved_balance: string }[] };
    const byId = new Map(result.rows.map((c) => [String(c.id), c]));
    return (key) => ({ key: Number(key), label: byId.get(key)?.name ?? null, reserved_balance: byId.get(key)?.reserved_balance ?? null });
  }
  if (groupBy === 'creative') return creativeLabels(db, keys, formats);
  if (groupBy === 'traffic_provider') {
    // The user's own providers (ids above 1000) by their names; the network's SSPs from the reference list.
    const own = keys.map(Number).filter((id) => id > 1000);
    const result = own.length
      ? ((await db.execute(sql`select id, name from traffic_providers where user_id = ${userId} and id = any(${intArray(own)})`)) as unknown as { rows: { id: number; name: string }[] })
      : { rows: [] };
    const names = new Map(result.rows.map((p) => [p.id, p.name]));
    return (key) => ({ key: Number(key) || null, label: names.get(Number(key)) ?? dimensionName(groupBy, Number(key), locale) });
  }
  if (groupBy === 'date' || groupBy === 'hour') return (key) => ({ key, label: key });
  return (key) => {
    const id = Number(key);
    return { key: id || null, label: dimensionName(groupBy, id, locale) };
  };
}

/** Creatives (`c:<id>`) and ads without creatives (`a:<ad id>`): the creative id (null for an ad), the ad's name, type, preview and format. */
async function creativeLabels(db: Db, keys: string[], formats: ReadonlyMap<string, AdFormatInfo>): Promise<Labels> {
  const ids = (prefix: string) => intArray([...new Set(keys.filter((k) => k.startsWith(prefix)).map((k) => Number(k.slice(2))))]);
  const result = (await db.execute(sql`
    select ac.id, ac.ad_id, ac.position, coalesce(ac.data ->> 'image', ac.data ->> 'icon') as src from ad_creatives ac
    where ac.id = any(${ids('c:')})`)) as unknown as { rows: { id: number; ad_id: number; position: number; src: string | null }[] };
  const creatives = new Map(result.rows.map((r) => [r.id, r]));
  const adIds = intArray([...new Set([...result.rows.map((r) => r.ad_id), ...keys.filter((k) => k.startsWith('a:')).map((k) => Number(k.slice(2)))])]);
  const ads = (await db.execute(sql`
    select id, name, format, coalesce(model ->> 'type', size) as type, model ->> 'url' as url from ads where id = any(${adIds})`)) as unknown as { rows: { id: number; name: string; format: string; type: string | null; url: string | null }[] };
  const adById = new Map(ads.rows.map((a) => [a.id, a]));
  return (key) => {
    const id = Number(key.slice(2));
    const creative = key.startsWith('c:') ? creatives.get(id) : undefined;
    const ad = adById.get(creative ? creative.ad_id : id);
    return {
      key: creative ? creative.id : null,
      label: ad ? (creative ? `${ad.name} #${creative.position + 1}` : ad.name) : null,
      creative_type: ad?.type ?? null,
      src: creative?.src ?? ad?.url ?? null,
      ad_type_name: ad ? (formats.get(ad.format)?.name ?? ad.format) : null,
    };
  };
}
