import { makeAutoObservable, observableRef, runInAction } from 'mobx';
import { Loader, type LoadStatus } from '../state/Loader';
import { isNumericType, isSortable, type ColumnDef, type ColumnSet, type SortDirection, type SortState } from './columnSet';
import { sortRows } from './sortRows';
import { computeTotals, type TotalsRow } from './totals';

/** The page sizes a table offers; -1 shows all rows. */
export const PAGE_SIZES: readonly number[] = [15, 25, 50, -1];

/** The page size meaning "all rows". */
export const ALL_ROWS = -1;

/** How long a filter change waits before reloading, so typing does not fire one call per key. */
export const FILTER_DEBOUNCE_MS = 700;

/** A row whose fields are not known in advance (statistics): column id → value. */
export type TableRow = Record<string, unknown>;

/** What `load` is asked for. In client mode the loader may ignore sort and paging (the store does them). */
export interface TableQuery<F> {
  filters: F;
  sort: SortState;
  /** Zero-based page. */
  page: number;
  /** Rows per page; -1 for all. */
  pageSize: number;
  /** Index of the first row of the page. */
  offset: number;
}

/** What `load` answers. */
export interface TableLoadResult<R> {
  rows: R[];
  /** Rows matching the filters on the server (for paging in server mode); defaults to `rows.length`. */
  recordsFiltered?: number;
  /** Totals computed by the server over every matching row; when absent the store computes them. */
  totals?: Record<string, unknown>;
}

/** Fetches rows; must honour `signal` (a superseded call is aborted). */
export type TableLoader<R, F> = (query: TableQuery<F>, signal: AbortSignal) => Promise<TableLoadResult<R>>;

/** How a `TableStore` is built. */
export interface TableStoreOptions<R, F> {
  columnSet: ColumnSet;
  load: TableLoader<R, F>;
  filters: F;
  /** client: load once per filter change, sort and page in memory; server: every sort or page change loads. */
  mode?: 'client' | 'server';
  /** Defaults to the set's `defaultSort`. */
  sort?: SortState;
  /** Defaults to the first of `pageSizes`. */
  pageSize?: number;
  pageSizes?: readonly number[];
  /** Delay of reloads after a filter change; defaults to 700 ms. */
  debounceMs?: number;
}

/**
 * The state of one data table over a column set: rows, sort, paging, exact totals and the
 * loading / empty / error states; loads are injected, debounced after filter changes and cancelled when superseded.
 * @example
 * const table = new TableStore({ columnSet, filters, load: (q, signal) => api.get('stats', { params: q, signal }).then(toResult) });
 * table.reload();
 */
export class TableStore<R extends object = TableRow, F = Record<string, unknown>> {
  rows: R[] = [];
  recordsFiltered = 0;
  serverTotals: Record<string, unknown> | null = null;
  filters: F;
  sort: SortState;
  page = 0;
  pageSize: number;

  readonly columnSet: ColumnSet;
  readonly mode: 'client' | 'server';
  readonly pageSizes: readonly number[];
  private loader: TableLoader<R, F>;
  /** The status, error and cancellation of the loads (engine/state/Loader). */
  private readonly loading: Loader<TableLoadResult<R>>;
  private readonly debounceMs: number;
  private debounceTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(options: TableStoreOptions<R, F>) {
    this.columnSet = options.columnSet;
    this.mode = options.mode ?? 'client';
    this.pageSizes = options.pageSizes ?? PAGE_SIZES;
    this.loader = options.load;
    this.debounceMs = options.debounceMs ?? FILTER_DEBOUNCE_MS;
    this.filters = options.filters;
    this.sort = options.sort ?? options.columnSet.defaultSort;
    this.pageSize = options.pageSize ?? this.pageSizes[0];
    this.loading = new Loader({ fetch: (signal) => this.fetch(signal), apply: (result) => this.apply(result) });
    makeAutoObservable<TableStore<R, F>, 'loader' | 'debounceMs' | 'loading' | 'debounceTimer' | 'fetch'>(
      this,
      {
        rows: observableRef,
        serverTotals: observableRef,
        filters: observableRef,
        columnSet: false,
        mode: false,
        pageSizes: false,
        loader: false,
        debounceMs: false,
        loading: false,
        debounceTimer: false,
        fetch: false,
      },
      { autoBind: true },
    );
  }

  /** The columns, in order. */
  get columns(): readonly ColumnDef[] {
    return this.columnSet.columns;
  }

  /** The column rows are sorted by, if it exists in the set. */
  get sortColumn(): ColumnDef | undefined {
    return this.columns.find((c) => c.id === this.sort.column);
  }

  /** Every loaded row in display order (sorted here in client mode, as the server sent them in server mode). */
  get sortedRows(): readonly R[] {
    const column = this.sortColumn;
    if (this.mode === 'server' || !column) return this.rows;
    return sortRows(this.rows, column, this.sort.direction);
  }

  /** The rows of the current page. */
  get visibleRows(): readonly R[] {
    if (this.mode === 'server' || this.pageSize === ALL_ROWS) return this.sortedRows;
    const start = this.page * this.pageSize;
    return this.sortedRows.slice(start, start + this.pageSize);
  }

  /** How many rows match the filters in all. */
  get totalCount(): number {
    return this.mode === 'server' ? this.recordsFiltered : this.rows.length;
  }

  /** How many pages there are (at least 1). */
  get pageCount(): number {
    if (this.pageSize === ALL_ROWS) return 1;
    return Math.max(1, Math.ceil(this.totalCount / this.pageSize));
  }

  /** One-based index of the first and last row shown, for "1–15 of 120"; 0–0 when empty. */
  get range(): { from: number; to: number } {
    if (this.totalCount === 0) return { from: 0, to: 0 };
    const from = this.pageSize === ALL_ROWS ? 1 : this.page * this.pageSize + 1;
    return { from, to: Math.min(this.totalCount, from + this.visibleRows.length - 1) };
  }

  get hasPrevPage(): boolean {
    return this.page > 0;
  }

  get hasNextPage(): boolean {
    return this.page < this.pageCount - 1;
  }

  /**
   * The totals row: the server's when it sent them, otherwise computed exactly over every loaded row
   * (in server mode that is the current page).
   */
  get totals(): TotalsRow {
    const computed = computeTotals(this.columns, this.rows);
    if (!this.serverTotals) return computed;
    const out: TotalsRow = {};
    for (const column of this.columns) {
      const value = this.serverTotals[column.id];
      out[column.id] = column.total === 'none' || value == null || value === '' ? computed[column.id] : String(value);
    }
    return out;
  }

  /** Loaded, and nothing matched. */
  get isEmpty(): boolean {
    return this.status === 'ready' && this.rows.length === 0;
  }

  get isLoading(): boolean {
    return this.status === 'loading';
  }

  /** The `aria-sort` value of a column header. */
  ariaSort(columnId: string): 'ascending' | 'descending' | 'none' {
    if (this.sort.column !== columnId) return 'none';
    return this.sort.direction === 'asc' ? 'ascending' : 'descending';
  }

  /**
   * Sorts by a column: the same column flips direction, a new one starts descending for numbers and dates,
   * ascending for text. Unsortable or unknown columns are ignored. Goes back to the first page.
   */
  setSort(columnId: string, direction?: SortDirection): void {
    const column = this.columns.find((c) => c.id === columnId);
    if (!column || !isSortable(column)) return;
    const next: SortDirection =
      direction ??
      (this.sort.column === columnId
        ? this.sort.direction === 'asc'
          ? 'desc'
          : 'asc'
        : isNumericType(column.type) || column.type === 'date' || column.type === 'datetime'
          ? 'desc'
          : 'asc');
    this.sort = { column: columnId, direction: next };
    this.page = 0;
    if (this.mode === 'server') this.reload();
  }

  /** Goes to a page (clamped to the pages there are). */
  setPage(page: number): void {
    const next = Math.min(Math.max(0, Math.trunc(page)), this.pageCount - 1);
    if (next === this.page) return;
    this.page = next;
    if (this.mode === 'server') this.reload();
  }

  nextPage(): void {
    this.setPage(this.page + 1);
  }

  prevPage(): void {
    this.setPage(this.page - 1);
  }

  /**
   * Changes the page size (one of `pageSizes`; -1 for all) and goes back to the first page.
   * @throws {RangeError} when the size is not offered.
   */
  setPageSize(size: number): void {
    if (!this.pageSizes.includes(size)) {
      throw new RangeError(`Page size ${size} is not offered; valid: ${this.pageSizes.join(', ')}`);
    }
    if (size === this.pageSize) return;
    this.pageSize = size;
    this.page = 0;
    if (this.mode === 'server') this.reload();
  }

  /** Replaces the filters and reloads after the debounce delay; rapid changes load once, with the last filters. */
  setFilters(filters: F): void {
    this.filters = filters;
    this.page = 0;
    this.clearDebounce();
    this.debounceTimer = setTimeout(() => this.reload(), this.debounceMs);
  }

  /**
   * Takes a whole state at once (a list's URL: filters, sort, page size and page) and loads once, now. Unknown sort
   * columns and page sizes fall back to the defaults.
   */
  restore(state: { filters: F; sort: SortState; pageSize: number; page: number }): Promise<void> {
    this.filters = state.filters;
    const column = this.columns.find((c) => c.id === state.sort.column);
    this.sort = column && isSortable(column) ? state.sort : this.columnSet.defaultSort;
    this.pageSize = this.pageSizes.includes(state.pageSize) ? state.pageSize : this.pageSizes[0];
    this.page = Math.max(0, Math.trunc(state.page));
    return this.reload();
  }

  /** Replaces the loader (a component passing a new function each render); the next load uses it. */
  setLoader(load: TableLoader<R, F>): void {
    this.loader = load;
  }

  /** Where the loads are: idle, loading, ready or error. */
  get status(): LoadStatus {
    const { status } = this.loading;
    return status === 'missing' ? 'error' : status;
  }

  /** The last load's error (kept until a load succeeds). */
  get error(): unknown {
    return this.loading.error;
  }

  /** Loads now, aborting any load still running and any pending debounced one. Never throws. */
  async reload(): Promise<void> {
    this.clearDebounce();
    const loaded = await this.loading.run();
    // A page past the end (an old link, the last rows deleted): show the last page there is.
    if (loaded && this.mode === 'server' && !this.rows.length && this.page > this.pageCount - 1) {
      runInAction(() => (this.page = this.pageCount - 1));
      return this.reload();
    }
  }

  /** Stops pending and running loads; the store can load again afterwards. */
  dispose(): void {
    this.clearDebounce();
    this.loading.abort();
  }

  private fetch(signal: AbortSignal): Promise<TableLoadResult<R>> {
    const query: TableQuery<F> = {
      filters: this.filters,
      sort: this.sort,
      page: this.page,
      pageSize: this.pageSize,
      offset: this.pageSize === ALL_ROWS ? 0 : this.page * this.pageSize,
    };
    return this.loader(query, signal);
  }

  private apply(result: TableLoadResult<R>) {
    this.rows = result.rows;
    this.recordsFiltered = result.recordsFiltered ?? result.rows.length;
    this.serverTotals = result.totals ?? null;
    if (this.mode === 'client' && this.page > this.pageCount - 1) this.page = this.pageCount - 1;
  }

  private clearDebounce(): void {
    if (this.debounceTimer !== undefined) clearTimeout(this.debounceTimer);
    this.debounceTimer = undefined;
  }
}
