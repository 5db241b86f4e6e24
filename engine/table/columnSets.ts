import { createRegistry, type Registry } from '../registry/createRegistry';
import { ColumnSetError, checkColumnSet, type ColumnSet } from './columnSet';

/**
 * A registry of column sets by id, from data modules keyed by their file path (as `import.meta.glob` gives
 * them). Each set is checked on the way in, and its id must match its file name.
 * @throws {ColumnSetError} when a set breaks a rule; the message names the file.
 * @example
 * const sets = createColumnSetRegistry(import.meta.glob('/schemas/statistics/*.columns.json', { eager: true, import: 'default' }));
 * sets.get('date'); // throws listing the known ids when missing
 */
export function createColumnSetRegistry<S = unknown>(modules: Record<string, unknown>): Registry<ColumnSet<S>> {
  const entries: Record<string, ColumnSet<S>> = {};
  for (const [path, data] of Object.entries(modules)) {
    const set = checkColumnSet(data as ColumnSet<S>, path);
    const fileId = /([^/]+)\.columns\.json$/.exec(path)?.[1];
    if (fileId && fileId !== set.id) throw new ColumnSetError(`${path}: /id is "${set.id}" but the file is named "${fileId}"`);
    entries[set.id] = set;
  }
  return createRegistry('column set', entries);
}
