import { makeAutoObservable } from 'mobx';
import type { ColumnDef, ColumnSet } from './columnSet';

/** One column as a column chooser lists it. */
export interface ColumnChoice {
  id: string;
  title: string;
  visible: boolean;
  /** Always shown (the table needs it: its name, its selection, its actions). */
  locked: boolean;
}

/** Where the choice is kept (localStorage in the browser). */
export type ColumnStorage = Pick<Storage, 'getItem' | 'setItem'>;

const browserStorage = (): ColumnStorage | undefined => (typeof localStorage === 'undefined' ? undefined : localStorage);

/**
 * Which columns of a column set a table shows: all but the hidden ones, starting from the set's `defaultHidden`
 * columns, as the user toggles them in a column chooser. The choice is remembered under `storageKey` on this device;
 * `locked` columns always show.
 */
export class ColumnVisibility {
  hidden: ReadonlySet<string>;

  private readonly set: ColumnSet;
  private readonly locked: ReadonlySet<string>;
  private readonly storageKey: string;
  private readonly storage: ColumnStorage | undefined;

  constructor(set: ColumnSet, options: { storageKey: string; locked?: readonly string[]; storage?: ColumnStorage }) {
    this.set = set;
    this.locked = new Set(options.locked ?? []);
    this.storageKey = options.storageKey;
    this.storage = options.storage ?? browserStorage();
    this.hidden = this.read() ?? new Set(set.columns.filter((c) => c.defaultHidden).map((c) => c.id));
    makeAutoObservable<ColumnVisibility, 'set' | 'locked' | 'storageKey' | 'storage'>(this, { set: false, locked: false, storageKey: false, storage: false });
  }

  /** Every column with whether it shows, in the set's order. */
  get choices(): ColumnChoice[] {
    return this.set.columns.map((c) => ({ id: c.id, title: c.title, visible: this.shows(c), locked: this.locked.has(c.id) }));
  }

  /** The set without the hidden columns. */
  get visibleSet(): ColumnSet {
    return { ...this.set, columns: this.set.columns.filter((c) => this.shows(c)) };
  }

  toggle(id: string): void {
    if (this.locked.has(id) || !this.set.columns.some((c) => c.id === id)) return;
    const next = new Set(this.hidden);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    this.save(next);
  }

  showAll(): void {
    this.save(new Set());
  }

  private shows(column: ColumnDef): boolean {
    return this.locked.has(column.id) || !this.hidden.has(column.id);
  }

  private save(hidden: Set<string>) {
    this.hidden = hidden;
    try {
      this.storage?.setItem(this.storageKey, JSON.stringify([...hidden]));
    } catch {
      // Storage off or full: the choice lasts for this page.
    }
  }

  /** The remembered hidden columns, or null when none was saved (or it is unreadable). */
  private read(): Set<string> | null {
    try {
      const saved: unknown = JSON.parse(this.storage?.getItem(this.storageKey) ?? 'null');
      return Array.isArray(saved) ? new Set(saved.filter((id): id is string => typeof id === 'string')) : null;
    } catch {
      return null;
    }
  }
}
