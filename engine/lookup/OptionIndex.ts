import { createAtom, type IAtom } from 'mobx';
import type { LookupOption } from './types';

/** The key under which a value is indexed: ids `7` and `"7"` are the same option. */
export const optionKey = (value: unknown): string => String(value);

/**
 * Every option seen for one source, by value: O(1) label and membership look-ups for hundreds of
 * selected ids. Observable as a whole (MobX observers re-render when options are added).
 */
export class OptionIndex {
  private readonly byKey = new Map<string, LookupOption>();
  private readonly atom: IAtom = createAtom('OptionIndex');

  /** Number of distinct options seen. */
  get size(): number {
    this.atom.reportObserved();
    return this.byKey.size;
  }

  /** Records options (later labels win); observers are notified once per call. */
  add(options: readonly LookupOption[]): void {
    let changed = false;
    for (const option of options) {
      const key = optionKey(option.value);
      const known = this.byKey.get(key);
      if (!known || known.label !== option.label) {
        this.byKey.set(key, option);
        changed = true;
      }
    }
    if (changed) this.atom.reportChanged();
  }

  /** Whether the option with this value has been seen. */
  has(value: unknown): boolean {
    this.atom.reportObserved();
    return this.byKey.has(optionKey(value));
  }

  /** The option with this value, if seen. */
  get(value: unknown): LookupOption | undefined {
    this.atom.reportObserved();
    return this.byKey.get(optionKey(value));
  }

  /** The label of a value, or the value itself as text when it has not been seen (yet). */
  label(value: unknown): string {
    return this.get(value)?.label ?? optionKey(value);
  }

  /** The values among `values` whose labels are unknown. */
  missing(values: readonly unknown[]): unknown[] {
    this.atom.reportObserved();
    return values.filter((v) => !this.byKey.has(optionKey(v)));
  }
}

/** A read-only Set of selected values keyed like the index, so `has` works for ids as numbers or strings. */
export class Selection {
  private readonly keys: Set<string>;

  constructor(readonly values: readonly unknown[]) {
    this.keys = new Set(values.map(optionKey));
  }

  /** Number of distinct selected values. */
  get size(): number {
    return this.keys.size;
  }

  /** Whether `value` is selected. */
  has(value: unknown): boolean {
    return this.keys.has(optionKey(value));
  }

  /** The values with `value` added or removed. */
  toggle(value: string | number): unknown[] {
    return this.has(value) ? this.values.filter((v) => optionKey(v) !== optionKey(value)) : [...this.values, value];
  }

  /** The values with every one of `more` added (existing order kept, no duplicates). */
  addAll(more: readonly (string | number)[]): unknown[] {
    const out = [...this.values];
    const seen = new Set(this.keys);
    for (const value of more) {
      const key = optionKey(value);
      if (!seen.has(key)) {
        seen.add(key);
        out.push(value);
      }
    }
    return out;
  }
}
