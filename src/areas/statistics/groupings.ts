import type { ColumnSet as ColumnSetFile } from '../../../generated/types';
import type { ColumnSet as EngineColumnSet } from '../../../engine/table/columnSet';
import { createColumnSetRegistry } from '../../../engine/table/columnSets';
import type { ReportScreen } from './statisticsScreens';

/** A statistics column set: columns, and where its rows come from (schemas/meta/column-set.schema.json `source`). */
export type ColumnSet = EngineColumnSet<NonNullable<ColumnSetFile['source']>>;

/** Every statistics column set (schemas/statistics/), checked once when the statistics code loads. */
export const statisticsSets = createColumnSetRegistry<NonNullable<ColumnSetFile['source']>>(import.meta.glob('/schemas/statistics/*.columns.json', { eager: true, import: 'default' }));

/** What a grouping needs to know of an ad format: the id of its statistics set (format.json `statistics`). */
export interface FormatStatistics {
  id: string;
  statistics?: string;
}

/**
 * The groupings a screen offers, in selector order: the sets whose `source.screen` is the screen, by
 * `source.order`; a per-format set (`source.byFormat`) only when the network sells a format naming it.
 */
export function groupingsFor(screen: ReportScreen, formats: readonly FormatStatistics[], sets: readonly ColumnSet[] = statisticsSets.ids().map(statisticsSets.get)): ColumnSet[] {
  const sold = new Set(formats.map((f) => f.statistics).filter(Boolean));
  return sets
    .filter((set) => set.source?.screen === screen && (!set.source.byFormat || sold.has(set.id)))
    .sort((a, b) => (a.source?.order ?? Infinity) - (b.source?.order ?? Infinity) || a.id.localeCompare(b.id));
}

/** The number kind of a metric of the answer's series, from the columns of the same id (cost, percent, …). */
export function metricType(metric: string, sets: readonly ColumnSet[] = statisticsSets.ids().map(statisticsSets.get)): 'count' | 'money' | 'cost' | 'percent' {
  for (const set of sets) {
    const column = set.columns.find((c) => c.id === metric);
    if (column && (column.type === 'money' || column.type === 'cost' || column.type === 'percent' || column.type === 'count')) return column.type;
  }
  return 'count';
}
