import { compareStructural, makeAutoObservable, observableRef, reaction, type IReactionDisposer } from 'mobx';
import type { LookupQuery } from './LookupQuery';
import { searchText } from './LookupQuery';
import type { OptionIndex } from './OptionIndex';
import type { OptionSource } from './parseOptionSource';
import type { LookupOption, LookupStatus } from './types';

/** The most ids one labels request asks for (lookup endpoints accept up to 1,000). */
export const IDS_PER_REQUEST = 500;

/** What a session needs from its store (kept narrow so the session is easy to test and reason about). */
export interface LookupSessionHost {
  readonly debounceMs: number;
  index(source: OptionSource): OptionIndex;
  query(source: OptionSource, params: Record<string, unknown>, search: string): LookupQuery;
  queryIds(source: OptionSource, ids: readonly unknown[]): LookupQuery | null;
}

const EMPTY: readonly LookupOption[] = [];

/** A deep plain copy of JSON-like data; reading every element also makes MobX track it (unlike `toJS`). */
export function plainCopy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(plainCopy);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) out[key] = plainCopy((value as Record<string, unknown>)[key]);
    return out;
  }
  return value;
}

/**
 * The lookup state of one widget: typed search (debounced for server-side search), the params read
 * from other fields, and the query currently shown. A superseded query is released, which aborts it
 * when no other widget shares it.
 */
export class LookupSession {
  /** The text in the search box. */
  search = '';
  /** The search text the current query was made for (lags `search` by the debounce for server searches). */
  appliedSearch = '';
  /** Params resolved from the form data. */
  params: Record<string, unknown> = {};
  /** The query whose options are shown, once the list was opened or labels were needed. */
  query: LookupQuery | null = null;
  private wanted = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopParams: IReactionDisposer | null = null;

  constructor(
    private readonly host: LookupSessionHost,
    readonly source: OptionSource,
    private readonly readParams: () => Record<string, unknown> = () => ({}),
  ) {
    makeAutoObservable<LookupSession, 'host' | 'readParams' | 'wanted' | 'timer' | 'stopParams' | 'snapshotParams'>(this, {
      source: false,
      host: false,
      readParams: false,
      wanted: false,
      timer: false,
      stopParams: false,
      snapshotParams: false,
      params: observableRef,
      query: observableRef,
    });
  }

  /** Every option seen for this source, for labels of selected values. */
  get index(): OptionIndex {
    return this.host.index(this.source);
  }

  /** Status of the shown query; `loading` also while typed search text waits for its debounce. */
  get status(): LookupStatus {
    if (this.search !== this.appliedSearch && this.wanted) return 'loading';
    return this.query?.status ?? 'idle';
  }

  /** The failure of the shown query, if it failed. */
  get error(): unknown {
    return this.query?.error ?? null;
  }

  /** The options to list: the query's, filtered by the search text for collections. */
  get options(): readonly LookupOption[] {
    const query = this.query;
    if (!query) return EMPTY;
    if (this.source.search !== null) return query.options;
    const needle = searchText(this.search.trim());
    if (!needle) return query.options;
    const { options, haystack } = query;
    const out: LookupOption[] = [];
    for (let i = 0; i < options.length; i++) if (haystack[i].includes(needle)) out.push(options[i]);
    return out;
  }

  /** Starts following the params of other fields; call once mounted. */
  start(): void {
    this.stopParams?.();
    this.stopParams = reaction(
      () => this.snapshotParams(),
      (params) => this.setParams(params),
      { equals: compareStructural, fireImmediately: true },
    );
  }

  /** Stops following params, cancels a pending debounce and releases the shown query. */
  dispose(): void {
    this.stopParams?.();
    this.stopParams = null;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.query?.release();
    this.query = null;
    this.wanted = false;
  }

  /** Shows the options (the list was opened): re-reads params and loads what is missing. */
  open(): void {
    this.wanted = true;
    this.setParams(this.snapshotParams());
    this.activate();
  }

  /** Sets the search text; server-side searches are sent after the debounce, local filters apply at once. */
  setSearch(text: string): void {
    this.search = text;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.source.search === null) {
      this.appliedSearch = text;
      this.wanted = true;
      this.activate();
      return;
    }
    this.wanted = true;
    this.timer = setTimeout(() => this.applySearch(text), this.host.debounceMs);
  }

  /** Loads the failed query again. */
  retry(): void {
    this.query?.retry();
  }

  /**
   * Makes sure labels of these stored values become known: asks by ids when the source can, else loads the whole
   * list (a collection, or a query without search such as skins by their group, which is one small request).
   */
  ensureLabels(values: readonly unknown[]): void {
    if (values.length === 0) return;
    const missing = this.index.missing(values);
    if (missing.length === 0) return;
    const wholeList = this.source.kind === 'collection' || (this.source.search === null && this.source.ids === null);
    if (wholeList) {
      // Read the params first: a list that follows other fields must not be asked for without them.
      this.open();
      return;
    }
    // Thousands of saved ids (a campaign's cities) go in requests of a size every endpoint accepts.
    for (let i = 0; i < missing.length; i += IDS_PER_REQUEST) this.host.queryIds(this.source, missing.slice(i, i + IDS_PER_REQUEST))?.load();
  }

  /** Replaces the params read from other fields; the shown query follows if the list is in use. */
  setParams(params: Record<string, unknown>): void {
    if (compareStructural(params, this.params)) return;
    this.params = params;
    this.activate();
  }

  /** A plain copy of the params (reading it deeply also makes a reaction follow nested observables). */
  private snapshotParams(): Record<string, unknown> {
    return plainCopy(this.readParams()) as Record<string, unknown>;
  }

  private applySearch(text: string): void {
    this.timer = null;
    this.appliedSearch = text;
    this.activate();
  }

  private activate(): void {
    if (!this.wanted) return;
    const next = this.host.query(this.source, this.params, this.source.search === null ? '' : this.appliedSearch);
    const previous = this.query;
    if (next !== previous) {
      next.retain();
      this.query = next;
      previous?.release();
    }
    next.load();
  }
}
