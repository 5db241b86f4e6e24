/**
 * What the statistics area offers the other areas: the event log's kinds and the rollup that takes appended lines
 * into the statistics (the tracking area appends conversions). Anything else in this folder is internal.
 */
export { EVENT_KIND, type EventKind } from './events';
export { rollupStatistics, type RollupRange } from './store';
