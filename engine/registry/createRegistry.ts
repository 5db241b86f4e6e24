/** Thrown when a registry is asked for an id it does not know; the message lists the ids it does know. */
export class RegistryError extends Error {
  override name = 'RegistryError';
}

/** A read-only id → item lookup. */
export interface Registry<T> {
  /** Whether `id` is registered. */
  has(id: string): boolean;
  /** All registered ids, in insertion order. */
  ids(): string[];
  /**
   * The item registered under `id`.
   * @throws {RegistryError} when `id` is unknown; the message names the registered ids.
   */
  get(id: string): T;
}

/**
 * Builds a read-only registry over a plain map.
 * @example
 * const widgets = createRegistry('widget', { lookup: LookupWidget });
 * widgets.get('lookp'); // throws: Unknown widget "lookp". Registered: lookup
 */
export function createRegistry<T>(kind: string, entries: Record<string, T>): Registry<T> {
  return {
    has: (id) => Object.hasOwn(entries, id),
    ids: () => Object.keys(entries),
    get(id) {
      if (!Object.hasOwn(entries, id)) {
        throw new RegistryError(`Unknown ${kind} "${id}". Registered: ${Object.keys(entries).join(', ') || '(none)'}`);
      }
      return entries[id];
    },
  };
}
