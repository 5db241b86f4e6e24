import { makeAutoObservable, observable, observableRef, runInAction } from 'mobx';
import type { ApiClient } from '../api/ApiClient';
import { ValidationError, isCancel } from '../api/errors';
import { fileNameOf } from '../api/fileName';
import { Loader } from '../state/Loader';
import { ALL_ROWS, TableStore, type TableQuery } from '../table/TableStore';
import type { SortDirection } from '../table/columnSet';
import { answerOf, editableIn, idField, nameField, RESOURCE_PAGE_SIZES, type Resource, type ResourceAction, type ResourceCall, type ResourceManifest } from './manifest';

/** An object of a resource, as its API answers it. */
export type ResourceRow = Record<string, unknown>;

/** The list's search and filter values: `search`, and each filter's chosen values. */
export interface ResourceFilters {
  search: string;
  [filter: string]: string | string[];
}

type Api = Pick<ApiClient, 'request'>;

/** What a bulk action did to each selected object. */
export interface BulkReport {
  action: ResourceAction;
  done: ResourceRow[];
  /** Not tried: the object's status does not allow the action. */
  skipped: { row: ResourceRow; status: string }[];
  failed: { row: ResourceRow; message: string }[];
}

/** The answer of a `result` action (e.g. a test request), shown in a dialog. */
export interface ActionResult {
  action: ResourceAction;
  row: ResourceRow;
  data: Record<string, unknown>;
}

/** A document a `file` action answered: its bytes and the name to save it under. */
export interface ResourceFile {
  blob: Blob;
  name: string;
}

/** What the page does with a document a `file` action answered (the browser saves it). */
export type SaveFile = (file: ResourceFile) => void;

/** What the stores are given besides the API. */
export interface ResourceStoreOptions {
  /** Saves the document of a `file` action; required when the manifest has one. */
  saveFile?: SaveFile;
}

const noSaver: SaveFile = () => {
  throw new Error('This resource has a file action but its store was given no saveFile');
};

const EXTENSIONS: Record<string, string> = { 'application/pdf': '.pdf', 'text/csv': '.csv', 'application/zip': '.zip', 'image/png': '.png', 'image/jpeg': '.jpg' };

/**
 * Runs a `file` action: a GET answered by a document, named by its Content-Disposition header, else by the resource
 * and the object (`invoices-12.pdf`). A failure rejects like any call (the API client has shown its message).
 */
async function download(api: Api, manifest: ResourceManifest, action: ResourceAction, row: ResourceRow): Promise<ResourceFile> {
  const answer = await api.request<Blob>({ method: 'GET', url: fillPath(action.call.path, row), responseType: 'blob' });
  const type = (answer.data?.type ?? '').split(';')[0].trim();
  const fallback = `${manifest.id}-${rowText(row, idField(manifest))}${EXTENSIONS[type] ?? ''}`;
  return { blob: answer.data, name: fileNameOf(answer.headers?.['content-disposition']) ?? fallback };
}

/** How many calls of one bulk action run at once. */
export const BULK_CONCURRENCY = 4;

/** `feeds/{id}/activate` with the object's values in place of `{field}` (URL-encoded). */
export function fillPath(path: string, row: ResourceRow): string {
  return path.replace(/\{([a-z_]+)\}/g, (_, field: string) => encodeURIComponent(String(row[field] ?? '')));
}

/** The text of a field of an object (for names in headings and confirmations). */
export const rowText = (row: ResourceRow | null | undefined, field: string): string => {
  const value = row?.[field];
  return value === undefined || value === null ? '' : String(value);
};

async function call<T>(api: Api, target: ResourceCall, row: ResourceRow, options: { data?: unknown; signal?: AbortSignal; silent?: boolean } = {}): Promise<T> {
  return (await api.request<T>({ method: target.method, url: fillPath(target.path, row), ...options })).data;
}

const defaultFilters = (manifest: ResourceManifest): ResourceFilters => {
  const filters: ResourceFilters = { search: '' };
  for (const f of manifest.list.filters ?? []) filters[f.id] = [];
  return filters;
};

/**
 * The list of one resource: a server-paged table (paging 15/25/50/all, sort, search and filters, all kept in the
 * page's URL through `queryString` / `applyQuery`), the selection, row actions that update the row in place (and
 * roll an optimistic change back when the call fails), and bulk actions that report each row's result.
 * @example
 * const store = new ResourceStore(resource, api);
 * store.applyQuery(location.search); // loads
 * await store.runAction(pause, row);
 */
export class ResourceStore {
  readonly table: TableStore<ResourceRow, ResourceFilters>;
  /** Ids of the selected rows (bulk actions). */
  selected = observable.set<string>();
  /** Ids of rows with an action on its way. */
  busy = observable.set<string>();
  /** The last bulk action's report, until dismissed. */
  report: BulkReport | null = null;
  /** The last `result` action's answer, until dismissed. */
  result: ActionResult | null = null;
  bulkRunning = false;
  /** How many actions have changed objects since the list opened: what else the page shows of them may reload. */
  changes = 0;

  readonly manifest: ResourceManifest;
  private readonly api: Api;
  private readonly saveFile: SaveFile;

  constructor(resource: Resource, api: Api, options: ResourceStoreOptions = {}) {
    this.manifest = resource.manifest;
    this.api = api;
    this.saveFile = options.saveFile ?? noSaver;
    const pageSizes = resource.manifest.list.pageSizes ?? RESOURCE_PAGE_SIZES;
    this.table = new TableStore<ResourceRow, ResourceFilters>({
      columnSet: resource.columnSet,
      filters: defaultFilters(resource.manifest),
      mode: 'server',
      pageSizes,
      load: (query, signal) => this.fetchPage(query, signal),
    });
    makeAutoObservable<ResourceStore, 'api' | 'saveFile'>(this, { table: false, manifest: false, api: false, saveFile: false, selected: false, busy: false, report: observableRef, result: observableRef }, { autoBind: true });
  }

  get rows(): readonly ResourceRow[] {
    return this.table.visibleRows;
  }

  /** The id of an object, as a string (the selection's and the busy set's key). */
  idOf(row: ResourceRow): string {
    return rowText(row, idField(this.manifest));
  }

  nameOf(row: ResourceRow): string {
    return rowText(row, nameField(this.manifest)) || `#${this.idOf(row)}`;
  }

  statusOf(row: ResourceRow): string | undefined {
    const field = this.manifest.api.statusField;
    return field ? rowText(row, field) : undefined;
  }

  /** Whether the object's status allows the action. */
  allows(action: ResourceAction, row: ResourceRow): boolean {
    if (!action.statuses) return true;
    const status = this.statusOf(row);
    return status !== undefined && action.statuses.includes(status);
  }

  /** Whether the object may be edited: the manifest has an update call and (`form.statuses`) its status allows it. */
  canEdit(row: ResourceRow): boolean {
    return editableIn(this.manifest, this.statusOf(row));
  }

  get bulkActions(): ResourceAction[] {
    return (this.manifest.actions ?? []).filter((a) => a.bulk);
  }

  get selectedRows(): ResourceRow[] {
    return this.table.rows.filter((row) => this.selected.has(this.idOf(row)));
  }

  /** Whether every row on the page is selected (and there is one). */
  get allSelected(): boolean {
    return this.rows.length > 0 && this.rows.every((row) => this.selected.has(this.idOf(row)));
  }

  toggle(row: ResourceRow): void {
    const id = this.idOf(row);
    if (this.selected.has(id)) this.selected.delete(id);
    else this.selected.add(id);
  }

  /** Selects every row of the page, or none when all are selected. */
  toggleAll(): void {
    if (this.allSelected) this.selected.clear();
    else for (const row of this.rows) this.selected.add(this.idOf(row));
  }

  // ---- the list's state in the URL ----

  /** The list's search, filters, sort and paging as a query string (defaults left out), for the page's URL. */
  get queryString(): string {
    const { table, manifest } = this;
    const params = new URLSearchParams();
    const { filters } = table;
    if (filters.search.trim()) params.set('q', filters.search.trim());
    for (const f of manifest.list.filters ?? []) for (const value of (filters[f.id] as string[]) ?? []) params.append(f.id, value);
    const sort = table.columnSet.defaultSort;
    if (table.sort.column !== sort.column || table.sort.direction !== sort.direction) {
      params.set('sort', table.sort.column);
      params.set('order', table.sort.direction);
    }
    if (table.pageSize !== table.pageSizes[0]) params.set('per_page', String(table.pageSize));
    if (table.page > 0) params.set('page', String(table.page + 1));
    return params.toString();
  }

  /**
   * Takes the list's state from a query string (the page's URL: a link, a reload, the back button) and loads,
   * unless it is the state already shown. Unknown values fall back to the defaults.
   */
  applyQuery(search: string): void {
    const params = new URLSearchParams(search);
    const { table, manifest } = this;
    const filters: ResourceFilters = { search: params.get('q') ?? '' };
    for (const f of manifest.list.filters ?? []) {
      const allowed = new Set(f.options.map((o) => o.value));
      filters[f.id] = params.getAll(f.id).filter((v) => allowed.has(v));
    }
    const column = table.columns.find((c) => c.id === params.get('sort') && c.sortable !== false);
    const order = params.get('order');
    const sort = column && (order === 'asc' || order === 'desc') ? { column: column.id, direction: order as SortDirection } : table.columnSet.defaultSort;
    const perPage = Number(params.get('per_page'));
    const pageSize = table.pageSizes.includes(perPage) ? perPage : table.pageSizes[0];
    const page = Math.max(0, Math.min(100_000, Math.trunc(Number(params.get('page')) || 1) - 1));
    // Nothing to do when the URL is what the list shows (the store itself wrote it).
    if (table.status !== 'idle' && search.replace(/^\?/, '') === this.queryString) return;
    table.restore({ filters, sort, pageSize, page });
  }

  /** Sets the search text (reloads after the debounce). */
  setSearch(search: string): void {
    this.table.setFilters({ ...this.table.filters, search });
  }

  /** Sets the chosen values of one filter (reloads after the debounce). */
  setFilter(id: string, values: string[]): void {
    this.table.setFilters({ ...this.table.filters, [id]: values });
  }

  private async fetchPage(query: TableQuery<ResourceFilters>, signal: AbortSignal) {
    const params: Record<string, unknown> = { page: query.page + 1, per_page: query.pageSize, sort: query.sort.column, order: query.sort.direction };
    const searchParam = this.manifest.list.search?.param ?? 'search';
    if (query.filters.search.trim()) params[searchParam] = query.filters.search.trim();
    for (const f of this.manifest.list.filters ?? []) {
      const values = query.filters[f.id];
      if (Array.isArray(values) && values.length) params[f.id] = values;
    }
    const answer = (await this.api.request<{ data: ResourceRow[]; recordsFiltered?: number }>({ method: 'GET', url: this.manifest.api.path, params, signal, silent: true })).data;
    return { rows: answer.data, recordsFiltered: answer.recordsFiltered ?? answer.data.length };
  }

  // ---- actions ----

  /**
   * Runs an action on one object: its optimistic fields show at once; the answer replaces the row (`row`), is
   * kept in `result` and the row reloaded (`result`), or the row leaves the list (a DELETE). A failure restores
   * the row and rethrows (the API client has shown the message).
   */
  async runAction(action: ResourceAction, row: ResourceRow): Promise<void> {
    const id = this.idOf(row);
    const before = this.table.rows.find((r) => this.idOf(r) === id) ?? row;
    this.busy.add(id);
    if (answerOf(action) === 'file') {
      try {
        this.saveFile(await download(this.api, this.manifest, action, before));
      } finally {
        runInAction(() => this.busy.delete(id));
      }
      return;
    }
    if (action.optimistic) this.replaceRow(id, { ...before, ...action.optimistic });
    try {
      const answer = await call<{ data?: unknown }>(this.api, action.call, row);
      runInAction(() => {
        this.applyAnswer(action, id, before, answer);
        this.changes += 1;
      });
      if ((action.answer ?? 'row') === 'result') await this.refreshRow(before);
    } catch (error) {
      runInAction(() => {
        if (action.optimistic) this.replaceRow(id, before);
      });
      throw error;
    } finally {
      runInAction(() => this.busy.delete(id));
    }
  }

  /**
   * Runs a bulk action on the selected rows, a few calls at a time: rows whose status does not allow it are skipped,
   * each call's failure is kept with its message, and the report stays in `report` until dismissed. Rows done
   * leave the selection; the list reloads afterwards so paging and counts are right.
   */
  async runBulk(action: ResourceAction): Promise<BulkReport> {
    const rows = this.selectedRows;
    const report: BulkReport = { action, done: [], skipped: [], failed: [] };
    const todo: ResourceRow[] = [];
    for (const row of rows) {
      if (this.allows(action, row)) todo.push(row);
      else report.skipped.push({ row, status: this.statusOf(row) ?? '' });
    }
    this.bulkRunning = true;
    let next = 0;
    const worker = async () => {
      while (next < todo.length) {
        const row = todo[next++];
        const id = this.idOf(row);
        runInAction(() => this.busy.add(id));
        try {
          const answer = await call<{ data?: unknown }>(this.api, action.call, row, { silent: true });
          runInAction(() => this.applyAnswer(action, id, row, answer));
          report.done.push(row);
        } catch (error) {
          if (isCancel(error)) continue;
          report.failed.push({ row, message: failureText(error) });
        } finally {
          runInAction(() => this.busy.delete(id));
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(BULK_CONCURRENCY, todo.length) }, worker));
    runInAction(() => {
      for (const row of report.done) this.selected.delete(this.idOf(row));
      this.report = report;
      this.bulkRunning = false;
      if (report.done.length) this.changes += 1;
    });
    if (report.done.length) await this.table.reload();
    return report;
  }

  dismissReport(): void {
    this.report = null;
  }

  dismissResult(): void {
    this.result = null;
  }

  private applyAnswer(action: ResourceAction, id: string, before: ResourceRow, answer: { data?: unknown } | undefined) {
    const kind = action.answer ?? 'row';
    const data = answer?.data;
    if (action.call.method === 'DELETE') {
      this.removeRow(id);
    } else if (kind === 'row' && data && typeof data === 'object') {
      this.replaceRow(id, data as ResourceRow);
    } else if (kind === 'result') {
      this.result = { action, row: before, data: (data ?? {}) as Record<string, unknown> };
    }
  }

  private async refreshRow(row: ResourceRow) {
    try {
      const answer = await call<{ data: ResourceRow }>(this.api, { method: 'GET', path: `${this.manifest.api.path}/{${idField(this.manifest)}}` }, row, { silent: true });
      runInAction(() => this.replaceRow(this.idOf(row), answer.data));
    } catch {
      // The row keeps what it showed; the next list load brings the change.
    }
  }

  private replaceRow(id: string, row: ResourceRow) {
    this.table.rows = this.table.rows.map((r) => (this.idOf(r) === id ? row : r));
  }

  private removeRow(id: string) {
    const rows = this.table.rows.filter((r) => this.idOf(r) !== id);
    if (rows.length === this.table.rows.length) return;
    this.table.rows = rows;
    this.table.recordsFiltered = Math.max(0, this.table.recordsFiltered - 1);
    this.selected.delete(id);
  }

  /** Stops loads (the page left). */
  dispose(): void {
    this.table.dispose();
  }
}

/** The message of a failed call: its first field error, or the message the API client made of the answer. */
function failureText(error: unknown): string {
  if (error instanceof ValidationError) return Object.values(error.errors).flat()[0] ?? error.message;
  return error instanceof Error ? error.message : String(error);
}

/**
 * One object of a resource, for its view and edit pages: loaded (404 is `missing`), saved through the form's
 * create or update call with the API's error keys mapped onto the form's fields, and its actions run.
 */
export class ResourceItemStore {
  row: ResourceRow | null = null;
  readonly loader: Loader<{ data: ResourceRow }>;
  busy = false;
  result: ActionResult | null = null;
  private id: string | null = null;
  private readonly saveFile: SaveFile;

  constructor(
    readonly manifest: ResourceManifest,
    private readonly api: Api,
    options: ResourceStoreOptions = {},
  ) {
    this.saveFile = options.saveFile ?? noSaver;
    this.loader = new Loader({
      fetch: (signal) => call<{ data: ResourceRow }>(this.api, { method: 'GET', path: `${this.manifest.api.path}/{id}` }, { id: this.id }, { signal, silent: true }),
      apply: ({ data }) => (this.row = data),
      failed: (error) => ((error as { status?: number }).status === 404 ? 'missing' : 'error'),
    });
    makeAutoObservable<ResourceItemStore, 'api' | 'id' | 'saveFile'>(this, { manifest: false, api: false, loader: false, id: false, saveFile: false, row: observableRef, result: observableRef }, { autoBind: true });
  }

  get status() {
    return this.loader.status;
  }

  /** Whether the loaded object may be edited (`form.statuses`); false until it is loaded. */
  get editable(): boolean {
    const field = this.manifest.api.statusField;
    return this.row !== null && editableIn(this.manifest, field ? rowText(this.row, field) : undefined);
  }

  /** Loads the object with this id. */
  load(id: string): Promise<boolean> {
    this.id = id;
    return this.loader.run();
  }

  /**
   * Creates (no id) or updates the object with the form's values; the answer's object is kept. Field errors are
   * rethrown with the API's keys mapped to the form's fields (`form.errorKeys`).
   */
  async save(values: Record<string, unknown>, id?: string): Promise<ResourceRow> {
    const form = this.manifest.form;
    if (!form) throw new Error(`${this.manifest.id}: no form`);
    const target = id === undefined ? form.create : form.update;
    if (!target) throw new Error(`${this.manifest.id}: no update call`);
    try {
      const answer = await call<{ data: ResourceRow }>(this.api, target, { [idField(this.manifest)]: id }, { data: values });
      runInAction(() => (this.row = answer.data));
      return answer.data;
    } catch (error) {
      throw mapErrorKeys(error, form.errorKeys);
    }
  }

  /**
   * Runs an action on the object; the answer replaces it, is shown as a result, is a document to save (`file`), or
   * (DELETE) the object is gone.
   */
  async runAction(action: ResourceAction): Promise<void> {
    const row = this.row;
    if (!row) return;
    this.busy = true;
    try {
      if (answerOf(action) === 'file') {
        this.saveFile(await download(this.api, this.manifest, action, row));
        return;
      }
      const answer = await call<{ data?: unknown }>(this.api, action.call, row);
      runInAction(() => {
        const kind = action.answer ?? 'row';
        if (action.call.method === 'DELETE') this.row = null;
        else if (kind === 'row' && answer?.data && typeof answer.data === 'object') this.row = answer.data as ResourceRow;
        else if (kind === 'result') this.result = { action, row, data: (answer?.data ?? {}) as Record<string, unknown> };
      });
      if ((action.answer ?? 'row') === 'result') await this.loader.run();
    } finally {
      runInAction(() => (this.busy = false));
    }
  }

  dismissResult(): void {
    this.result = null;
  }

  dispose(): void {
    this.loader.abort();
  }
}

/** A validation error with its keys renamed by `errorKeys` (API key → form field); other errors unchanged. */
export function mapErrorKeys(error: unknown, errorKeys: Record<string, string> | undefined): unknown {
  if (!(error instanceof ValidationError) || !errorKeys) return error;
  const errors: Record<string, string[]> = {};
  for (const [key, messages] of Object.entries(error.errors)) {
    const [head, ...rest] = key.split('.');
    const mapped = [errorKeys[head] ?? head, ...rest].join('.');
    errors[mapped] = [...(errors[mapped] ?? []), ...messages];
  }
  return new ValidationError(errors, error.status, error.body);
}

export { ALL_ROWS };
