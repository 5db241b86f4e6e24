import { createHash } from 'node:crypto';

/**
 * A numeric id derived from a natural key (48 bits of its SHA-1), so ids of data read from packages stay
 * the same across restarts and package reorders, and fit a JavaScript number and a bigint column.
 */
export function stableId(key: string): number {
  return createHash('sha1').update(key).digest().readUIntBE(0, 6);
}

/** Assigns stable ids to items and fails loudly on the (astronomically rare) collision. */
export function withStableIds<T>(kind: string, items: readonly T[], keyOf: (item: T) => string): (T & { id: number })[] {
  const seen = new Map<number, string>();
  return items.map((item) => {
    const key = keyOf(item);
    const id = stableId(key);
    const other = seen.get(id);
    if (other !== undefined && other !== key) throw new Error(`${kind}: id collision between "${other}" and "${key}"`);
    seen.set(id, key);
    return { ...item, id };
  });
}
