/**
 * The statistics column sets (schemas/statistics/*.columns.json) as the server uses them: which sets each screen
 * offers, and which ad formats a per-format set covers (the formats whose format.json names it in `statistics`).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ColumnSet as ColumnSetFile } from '../../../generated/types';
import { checkColumnSet, type ColumnSet } from '../../../engine/table/columnSet';
import { paths } from '../../paths';
import { loadAdFormats } from '../../settings/adFormats';

/** Where a statistics set's rows come from (schemas/meta/column-set.schema.json `source`). */
type StatisticsSource = NonNullable<ColumnSetFile['source']>;
/** The screens whose grouping selector lists statistics sets. */
export type StatisticsScreen = StatisticsSource['screen'];

/** A set with a source, plus the formats it is limited to (per-format sets only). */
export interface StatisticsSet extends ColumnSet<StatisticsSource> {
  source: StatisticsSource;
  /** Per-format sets: the formats naming it; otherwise undefined (every format). */
  formats?: string[];
}

let cache: Map<string, StatisticsSet> | undefined;

/**
 * Every statistics set by id, read and checked once.
 * @throws {Error} naming the file when a set has no source, or a provider screen's set groups by something the
 *   provider rollup does not keep.
 */
export function statisticsSets(dir = join(paths.schemas, 'statistics')): Map<string, StatisticsSet> {
  if (cache && dir === join(paths.schemas, 'statistics')) return cache;
  const formats = [...loadAdFormats().values()];
  const sets = new Map<string, StatisticsSet>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.columns.json')).sort()) {
    const set = checkColumnSet(JSON.parse(readFileSync(join(dir, file), 'utf8')) as ColumnSet<StatisticsSource>, file);
    if (!set.source) throw new Error(`schemas/statistics/${file}: a statistics set needs a source`);
    if (set.source.screen !== 'campaign-statistics' && !['date', 'traffic_provider'].includes(set.source.groupBy)) {
      throw new Error(`schemas/statistics/${file}: ${set.source.screen} sets group by date or traffic_provider (the daily provider rollup), not ${set.source.groupBy}`);
    }
    const named = set.source.byFormat ? formats.filter((f) => f.statistics === set.id).map((f) => f.id) : undefined;
    sets.set(set.id, { ...set, source: set.source, formats: named });
  }
  if (dir === join(paths.schemas, 'statistics')) cache = sets;
  return sets;
}

/** The sets a screen offers, in selector order. */
export function screenSets(screen: StatisticsScreen): StatisticsSet[] {
  return [...statisticsSets().values()].filter((s) => s.source.screen === screen).sort((a, b) => (a.source.order ?? 0) - (b.source.order ?? 0));
}
