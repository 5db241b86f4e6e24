/**
 * The statistics chart's compare mode: the top rows of a grouping by one metric's total over the range, each as
 * its own daily series, and optionally every other row together. Reads the same rollups as the report
 * (report.ts) with the same filters, so a series adds up to its row of the table and the top rows plus "Other"
 * add up to the report's series.
 */
import { sql, type SQL } from 'drizzle-orm';
import { everyDay } from '../../../engine/format/days';
import type { Db } from '../../db/connect';
import { textArray } from '../../db/sqlArrays';
import type { AdFormatInfo, CompareSeries, CompareSeriesQuery } from '../../../generated/types';
import { ALL_DIMENSION, isDailyDimension } from './events';
import { campaignCondition, EMPTY, HOURLY_KEY, METRIC_EXPRESSIONS, metrics, rowLabels, type ReportScope } from './report';
import type { StatisticsSet } from './sets';

/** Groupings whose rows are times, not things: a compare of them would be the plain chart. */
const TIME_GROUPINGS = new Set(['date', 'hour']);

/** Whether a set's rows can be compared over time (campaigns, creatives, dimension values). */
export const isComparable = (set: StatisticsSet) => !TIME_GROUPINGS.has(set.source.groupBy);

export interface CompareOptions {
  metric: CompareSeriesQuery['metric'];
  /** How many top rows (1–10). */
  limit: number;
  /** Add every other row as one more series. */
  other: boolean;
}

/** Where a grouping's rows come from: the rollup, its row key, its day (as `YYYY-MM-DD`) and its conditions. */
interface Source {
  from: SQL;
  key: string;
  day: string;
  where: SQL;
}

function sourceOf(userId: number, set: StatisticsSet, scope: ReportScope, campaigns: SQL): Source {
  const groupBy = set.source.groupBy;
  if (groupBy === 'creative') {
    return {
      from: sql`stat_hourly h join campaigns c on c.id = h.campaign_id`,
      key: HOURLY_KEY.creative,
      day: `to_char(h.hour at time zone 'utc', 'YYYY-MM-DD')`,
      where: sql`h.user_id = ${userId} and h.hour >= ${`${scope.start}T00:00:00Z`}::timestamptz and h.hour < (${scope.end}::date + 1)::timestamptz ${campaigns}`,
    };
  }
  if (groupBy !== 'campaign' && !isDailyDimension(groupBy)) throw new Error(`statistics set ${set.id}: source.groupBy "${groupBy}" cannot be compared`);
  const dimension = groupBy === 'campaign' ? ALL_DIMENSION : groupBy;
  return {
    from: sql`stat_daily h`,
    key: groupBy === 'campaign' ? 'h.campaign_id::text' : 'h.value_id::text',
    day: `to_char(h.day, 'YYYY-MM-DD')`,
    where: sql`h.user_id = ${userId} and h.dimension = ${dimension} and h.day between ${scope.start}::date and ${scope.end}::date ${campaigns}`,
  };
}

type Rows<T> = { rows: T[] };

/**
 * The top `limit` rows of the set by the metric's total (rows with none of it are not "top"; ties by key), each
 * with its value on every day of the range; then, when asked and there is any, the rest together.
 */
export async function compareSeries(db: Db, userId: number, set: StatisticsSet, scope: ReportScope, options: CompareOptions, formats: ReadonlyMap<string, AdFormatInfo>): Promise<CompareSeries[]> {
  if (!isComparable(set)) throw new Error(`statistics set ${set.id}: rows of ${set.source.groupBy} are not compared`);
  const expression = sql.raw(METRIC_EXPRESSIONS[options.metric]);
  const src = sourceOf(userId, set, scope, await campaignCondition(db, userId, set, scope));
  const key = sql.raw(src.key);
  const day = sql.raw(src.day);

  const top = ((await db.execute(sql`
    select ${key} as key, ${expression}::text as total from ${src.from} where ${src.where}
    group by 1 having ${expression} > 0 order by ${expression} desc, 1 limit ${options.limit}`)) as unknown as Rows<{ key: string; total: string }>).rows;
  const keys = top.map((r) => r.key);
  const inTop = sql`(${key}) = any(${textArray(keys)})`;

  const daily = keys.length
    ? ((await db.execute(sql`
        select ${key} as key, ${day} as day, ${expression}::text as value from ${src.from} where ${src.where} and ${inTop} group by 1, 2`)) as unknown as Rows<{ key: string; day: string; value: string }>).rows
    : [];
  const rest =
    options.other
      ? ((await db.execute(sql`
          select ${day} as day, ${expression}::text as value from ${src.from} where ${src.where} ${keys.length ? sql`and not ${inTop}` : sql``} group by 1`)) as unknown as Rows<{ day: string; value: string }>).rows
      : [];

  const days = everyDay(scope.start, scope.end);
  // A value as the report writes it: counts as numbers, decimals as the database's strings.
  const value = (raw: unknown) => metrics({ [options.metric]: raw ?? EMPTY[options.metric] })[options.metric]!;
  const points = (byDay: Map<string, string>) => days.map((date) => ({ date, value: value(byDay.get(date)) }));

  const labels = await rowLabels(db, userId, set.source.groupBy, keys, formats, scope.locale);
  const series: CompareSeries[] = top.map((row) => {
    const label = labels(row.key).label;
    return {
      key: row.key,
      label: typeof label === 'string' ? label : label === null || label === undefined ? null : String(label),
      other: false,
      total: value(row.total),
      points: points(new Map(daily.filter((d) => d.key === row.key).map((d) => [d.day, d.value]))),
    };
  });
  if (rest.length) {
    const total = ((await db.execute(sql`
      select ${expression}::text as total from ${src.from} where ${src.where} ${keys.length ? sql`and not ${inTop}` : sql``}`)) as unknown as Rows<{ total: string }>).rows[0]?.total;
    if (Number(total) > 0) series.push({ key: null, label: null, other: true, total: value(total), points: points(new Map(rest.map((d) => [d.day, d.value]))) });
  }
  return series;
}
