import type { FoundOptionSource } from '../../engine/lookup';
import { idField, nameField, type Resource, type ResourceAction, type ResourceField, type ResourceManifest } from '../../engine/resource/manifest';
import type { ResourceRow } from '../../engine/resource/ResourceStore';
import type { ColumnType } from '../../engine/table/columnSet';

/**
 * An in-memory API for one resource, made from its manifest alone (no code per resource): sample rows generated
 * from the column set, the view fields and (when given) the form schema, then served as the manifest describes its
 * API. `GET <path>` pages, searches, filters and sorts them; `GET <path>/{id}` answers one; each action's call does
 * what the action declares (its `optimistic` fields, a DELETE, a `result`); the form's create and update calls
 * store what they get; the form's lookups answer sample options.
 */

/** One call, as the story's API client (stories/campaigns/storyStores.ts) hands it over. */
export interface ResourceRequest {
  method: string;
  url: string;
  params?: object;
  data?: object;
  signal?: AbortSignal;
}

/** Answers one call with the answer body; rejects with `<status> <reason>: …` (the story adapter reads the status). */
export type ResourceTransport = (req: ResourceRequest) => Promise<unknown>;

/** A property of the form schema, as far as the sample rows read it. */
export interface FormProperty {
  type?: string | string[];
  title?: string;
  format?: string;
  enum?: unknown[];
  oneOf?: { const?: unknown }[];
  minimum?: number;
  maximum?: number;
  items?: FormProperty;
}

export interface ResourceTransportOptions {
  /** How many sample rows (default 20). */
  rows?: number;
  /** Simulated latency of every answer in ms (default 0). */
  latencyMs?: number;
  /** The resource's form: its schema's properties shape the rows (so the edit form opens valid); its lookups are answered. */
  form?: { schema?: { properties?: Record<string, FormProperty> }; lookups?: readonly FoundOptionSource[] };
  /** The clock of what happens now (a created row, a test's time); default the real one. */
  now?: () => Date;
  /** Called for every request, e.g. to log it. */
  onRequest?: (req: ResourceRequest) => void;
}

/** The fake API of one resource. */
export interface ResourceFake {
  transport: ResourceTransport;
  /** The rows it holds now (in creation order; calls change them). */
  rows(): ResourceRow[];
  /** The row the list shows first when it opens (the column set's default sort). */
  first(): ResourceRow | undefined;
  /** The sample options of each lookup of the form, by its URL. */
  lookupItems(url: string): Record<string, unknown>[];
}

/** Where sample dates count back from: fixed, so the rows are the same every time. */
const BASE_TIME = Date.UTC(2025, 5, 2, 9, 30);
const HOUR = 3_600_000;
/** How many sample options a lookup offers. */
const LOOKUP_ITEMS = 8;

type FieldKind = ResourceField['type'] | ColumnType;

/** What the sample rows know of one field: its kind, title, allowed values and bounds. */
interface FieldSpec {
  id: string;
  kind: FieldKind;
  title: string;
  /** Allowed values (view options, the form's enum or oneOf, a lookup's ids); picked in turn. */
  values?: string[];
  min?: number;
  max?: number;
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const numberOf = (text: string) => [...text].reduce((sum, ch) => (sum * 31 + ch.charCodeAt(0)) % 9973, 7);

/** A field of a row by its dotted path (`last_test.outcome`). */
export function readField(row: Record<string, unknown> | undefined, path: string): unknown {
  let value: unknown = row;
  for (const part of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

function writeField(row: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split('.');
  let at = row;
  for (const part of parts.slice(0, -1)) {
    const next = at[part];
    if (next === null || typeof next !== 'object') at[part] = {};
    at = at[part] as Record<string, unknown>;
  }
  at[parts.at(-1)!] = value;
}

/** The kind of a form property the view and columns do not describe. */
function kindOfProperty(property: FormProperty): FieldKind {
  const type = Array.isArray(property.type) ? property.type.find((t) => t !== 'null') : property.type;
  if (type === 'array') return 'list';
  if (type === 'boolean') return 'boolean';
  if (type === 'integer' || type === 'number') return 'count';
  if (property.format === 'uri' || property.format === 'url') return 'url';
  if (property.format === 'date') return 'date';
  if (property.format === 'date-time') return 'datetime';
  return 'text';
}

/** The values a form property allows: its enum, its oneOf consts, or those of its items. */
function allowedValues(property: FormProperty | undefined): string[] | undefined {
  if (!property) return undefined;
  const values = property.enum ?? property.oneOf?.map((o) => o.const).filter((v) => v !== undefined);
  if (values?.length) return values.map(String);
  return property.items ? allowedValues(property.items) : undefined;
}

/** The sample options of a lookup: `{ <valueKey>: '<field>-1', <labelKey>: '<Title> 1' }`. */
function lookupOptions(found: FoundOptionSource, title: string): Record<string, unknown>[] {
  const field = found.path.split('/').pop() ?? 'option';
  return Array.from({ length: LOOKUP_ITEMS }, (_, i) => ({ [found.source.valueKey]: `${slug(field) || 'option'}-${i + 1}`, [found.source.labelKey]: `${title} ${i + 1}` }));
}

/** Every field the rows carry: the column set's, the view's, the form's; each described by the most telling of them. */
function fieldSpecs(resource: Resource, form: ResourceTransportOptions['form'], lookups: Map<string, Record<string, unknown>[]>): FieldSpec[] {
  const { manifest, columnSet } = resource;
  const specs = new Map<string, FieldSpec>();
  const put = (spec: FieldSpec) => {
    const known = specs.get(spec.id);
    specs.set(spec.id, known ? { ...known, ...Object.fromEntries(Object.entries(spec).filter(([, v]) => v !== undefined)) } : spec);
  };
  for (const column of columnSet.columns) if (column.id !== 'select' && column.id !== 'actions') put({ id: column.id, kind: column.type, title: column.title });
  const properties = form?.schema?.properties ?? {};
  for (const [id, property] of Object.entries(properties)) {
    const known = specs.get(id);
    put({
      id,
      // A column says `text` for anything; the form knows a URL, a number or a list.
      kind: known && known.kind !== 'text' ? known.kind : kindOfProperty(property),
      title: known?.title ?? property.title ?? id,
      values: allowedValues(property),
      min: property.minimum ?? property.items?.minimum,
      max: property.maximum ?? property.items?.maximum,
    });
  }
  for (const field of manifest.view?.fields ?? []) put({ id: field.id, kind: field.type, title: field.title, values: field.options ? Object.keys(field.options) : undefined });
  for (const found of form?.lookups ?? []) {
    const id = found.path.split('/').filter(Boolean).join('.');
    const items = lookups.get(found.source.url);
    if (items && specs.has(id)) put({ id, kind: specs.get(id)!.kind, title: specs.get(id)!.title, values: items.map((item) => String(item[found.source.valueKey])) });
  }
  const status = manifest.api.statusField;
  const statuses = Object.keys(manifest.statuses ?? {});
  if (status) put({ id: status, kind: 'status', title: 'Status', values: statuses.length ? statuses : undefined });
  put({ id: idField(manifest), kind: 'id', title: 'ID' });
  put({ id: nameField(manifest), kind: 'text', title: manifest.item, values: undefined });
  return [...specs.values()];
}

/**
 * The sample value of a field in the row at `index` (0-based): deterministic, varied between rows and fields, and
 * within the field's allowed values and bounds.
 */
function sampleValue(manifest: ResourceManifest, spec: FieldSpec, index: number): unknown {
  const n = index + 1;
  const k = numberOf(spec.id);
  if (spec.id === idField(manifest)) return n;
  if (spec.id === nameField(manifest)) return `${manifest.item} ${n}`;
  const pick = (values: string[], offset = 0) => values[(index + offset) % values.length];
  switch (spec.kind) {
    case 'list': {
      const values = spec.values?.length ? spec.values : [1, 2, 3, 4, 5].map((i) => `${slug(spec.id)}-${i}`);
      const count = 1 + (index % Math.min(3, values.length));
      return Array.from({ length: count }, (_, i) => pick(values, i + (k % values.length)));
    }
    case 'status':
      return spec.values?.length ? pick(spec.values) : 'active';
    case 'boolean':
      return (index + k) % 2 === 0;
    case 'url':
      return `https://example.com/${manifest.id}/${slug(spec.id)}/${n}`;
    case 'date':
      return new Date(BASE_TIME - index * 24 * HOUR).toISOString().slice(0, 10);
    case 'datetime':
      // Newer the lower the index (the list opens newest first), later fields later the same day.
      return new Date(BASE_TIME - index * 26 * HOUR + (k % 600) * 60_000).toISOString();
    case 'count': {
      const min = spec.min ?? 0;
      const max = spec.max ?? min + 5000;
      return min + ((n * 137 + k * 31) % (max - min + 1));
    }
    case 'money':
      return (((n * 1234 + k * 77) % 100_000) / 100).toFixed(2);
    case 'cost':
      return (((n * 12_345 + k * 77) % 1_000_000) / 10_000).toFixed(4);
    case 'percent':
      return ((n * 7 + k) % 100) / 100;
    case 'id':
      return 1000 + ((n * 37 + k) % 9000);
    default:
      return spec.values?.length ? pick(spec.values, k % spec.values.length) : `${spec.title} ${n}`;
  }
}

function sampleRow(manifest: ResourceManifest, specs: readonly FieldSpec[], index: number): ResourceRow {
  const row: ResourceRow = {};
  for (const spec of specs) writeField(row, spec.id, sampleValue(manifest, spec, index));
  return row;
}

/** `feeds/{id}/activate` as a pattern whose groups are the fields named in it. */
function pathPattern(path: string): { pattern: RegExp; fields: string[] } {
  const fields: string[] = [];
  const source = path
    .split(/(\{[a-z_]+\})/)
    .map((part) => {
      const field = /^\{([a-z_]+)\}$/.exec(part)?.[1];
      if (field) {
        fields.push(field);
        return '([^/]+)';
      }
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  return { pattern: new RegExp(`^${source}$`), fields };
}

/** A failure the story's API client turns into an HTTP status (stories/campaigns/storyStores.ts). */
const failure = (status: number, reason: string, what: string) => new Error(`${status} ${reason}: ${what}`);

function wait(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new Error('The call was cancelled'));
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new Error('The call was cancelled'));
      },
      { once: true },
    );
  });
}

const compare = (a: unknown, b: unknown): number => {
  if (a === b) return 0;
  if (a === undefined || a === null) return 1;
  if (b === undefined || b === null) return -1;
  const x = Number(a);
  const y = Number(b);
  if (typeof a !== 'boolean' && typeof b !== 'boolean' && a !== '' && b !== '' && !Number.isNaN(x) && !Number.isNaN(y)) return x - y;
  return String(a).localeCompare(String(b));
};

const list = (value: unknown): string[] => (value === undefined || value === null || value === '' ? [] : Array.isArray(value) ? value.map(String) : [String(value)]);

/**
 * The fake API of a resource, over `rows` sample rows.
 * @example
 * const fake = createResourceFake(resource, { latencyMs: 300 });
 * const stores = createStoryStores(fake.transport);
 */
export function createResourceFake(resource: Resource, options: ResourceTransportOptions = {}): ResourceFake {
  const { manifest, columnSet } = resource;
  const { latencyMs = 0, onRequest, form } = options;
  const now = options.now ?? (() => new Date());
  const ID = idField(manifest);
  const statusField = manifest.api.statusField;

  const lookups = new Map<string, Record<string, unknown>[]>();
  for (const found of form?.lookups ?? []) {
    const property = form?.schema?.properties?.[found.path.split('/').pop() ?? ''];
    const title = manifest.view?.fields.find((f) => `/${f.id}` === found.path)?.title ?? property?.title ?? 'Option';
    lookups.set(found.source.url, lookupOptions(found, title));
  }
  const specs = fieldSpecs(resource, form, lookups);
  const rows: ResourceRow[] = Array.from({ length: options.rows ?? 20 }, (_, i) => sampleRow(manifest, specs, i));
  /** How many results each `result` action has answered (its next answer picks the next values). */
  const results = new Map<string, number>();

  const copy = <T>(value: T): T => structuredClone(value);
  const idOf = (row: ResourceRow) => String(row[ID] ?? '');
  const byId = (id: string) => rows.find((row) => idOf(row) === id);

  function sorted(from: readonly ResourceRow[], column: string, order: string): ResourceRow[] {
    const sign = order === 'asc' ? 1 : -1;
    return [...from].sort((a, b) => sign * compare(readField(a, column), readField(b, column)) || compare(a[ID], b[ID]));
  }

  /** `GET <path>`: the rows matching the search and filters, sorted, one page, and how many match. */
  function page(params: Record<string, unknown>) {
    const searchParam = manifest.list.search?.param ?? 'search';
    const search = String(params[searchParam] ?? '')
      .trim()
      .toLowerCase();
    let found = rows.filter((row) => {
      for (const filter of manifest.list.filters ?? []) {
        const wanted = list(params[filter.id]);
        if (wanted.length && !wanted.includes(String(readField(row, filter.id) ?? ''))) return false;
      }
      if (!search) return true;
      return Object.values(row).some((value) => (typeof value === 'string' || typeof value === 'number') && String(value).toLowerCase().includes(search));
    });
    const sortable = columnSet.columns.some((c) => c.id === params.sort && c.sortable !== false);
    const sort = sortable ? { column: String(params.sort), direction: params.order === 'asc' ? 'asc' : 'desc' } : columnSet.defaultSort;
    found = sorted(found, sort.column, sort.direction);
    const perPage = Number(params.per_page);
    const at = Math.max(1, Math.trunc(Number(params.page)) || 1);
    const shown = perPage > 0 ? found.slice((at - 1) * perPage, at * perPage) : found;
    return { data: copy(shown), recordsFiltered: found.length };
  }

  /** A `result` action's answer: a value for each of its fields, the next values on each call. */
  function resultOf(action: ResourceAction): Record<string, unknown> {
    const count = results.get(action.id) ?? 0;
    results.set(action.id, count + 1);
    const data: Record<string, unknown> = {};
    for (const field of action.result?.fields ?? []) {
      const spec: FieldSpec = { id: field.id, kind: field.type, title: field.title, values: field.options ? Object.keys(field.options) : undefined };
      writeField(data, field.id, field.type === 'datetime' ? now().toISOString() : sampleValue(manifest, spec, count));
    }
    return data;
  }

  /**
   * Keeps a result on the row where the view shows it: view fields `<group>.<field>` whose field the result has
   * (`last_test.outcome`), and the group's date-times set to now (`last_test.tested_at`).
   */
  function keepResult(row: ResourceRow, data: Record<string, unknown>) {
    const fields = manifest.view?.fields ?? [];
    const groups = new Set(fields.filter((f) => f.id.includes('.') && f.id.split('.').pop()! in data).map((f) => f.id.slice(0, f.id.lastIndexOf('.'))));
    for (const group of groups) {
      for (const field of fields.filter((f) => f.id.startsWith(`${group}.`))) {
        const leaf = field.id.slice(group.length + 1);
        if (leaf in data) writeField(row, field.id, data[leaf]);
        else if (field.type === 'datetime') writeField(row, field.id, now().toISOString());
      }
    }
  }

  /** Sets the row's `updated_at` (when it has one) to now. */
  const touch = (row: ResourceRow) => {
    if ('updated_at' in row) row.updated_at = now().toISOString();
  };

  /** The action the call is, and its row; null when the call is no action's. */
  function actionOf(method: string, url: string): { action: ResourceAction; row: ResourceRow | undefined } | null {
    for (const action of manifest.actions ?? []) {
      if (action.call.method !== method) continue;
      const { pattern, fields } = pathPattern(action.call.path);
      const match = pattern.exec(url);
      if (!match) continue;
      const values = fields.map((_, i) => decodeURIComponent(match[i + 1]));
      return { action, row: rows.find((row) => fields.every((field, i) => String(row[field] ?? '') === values[i])) };
    }
    return null;
  }

  function runAction(action: ResourceAction, row: ResourceRow | undefined, what: string): unknown {
    if (!row) throw failure(404, 'Not Found', what);
    const status = statusField ? String(row[statusField] ?? '') : '';
    if (action.statuses && !action.statuses.includes(status)) throw failure(409, 'Conflict', `${manifest.item} ${idOf(row)} is ${status}; ${action.id} needs ${action.statuses.join(' or ')}`);
    if (action.call.method === 'DELETE') {
      rows.splice(rows.indexOf(row), 1);
      return { data: { [ID]: row[ID] } };
    }
    const answer = action.answer ?? 'row';
    // A document: a tiny PDF (the client reads it as a Blob, the page saves it).
    if (answer === 'file') return new Blob([`%PDF-1.4\n% ${manifest.item} ${idOf(row)}\n%%EOF\n`], { type: 'application/pdf' });
    if (answer === 'result') {
      const data = resultOf(action);
      keepResult(row, data);
      return { data };
    }
    Object.assign(row, action.optimistic ?? {});
    touch(row);
    return answer === 'row' ? { data: copy(row) } : { data: null };
  }

  /** The form's create call: a new sample row (the newest, in the first status) with what was sent. */
  function create(body: Record<string, unknown>): unknown {
    const next = rows.reduce((max, row) => Math.max(max, Number(row[ID]) || 0), 0) + 1;
    const row: ResourceRow = { ...sampleRow(manifest, specs, next - 1), ...body, [ID]: next };
    const first = Object.keys(manifest.statuses ?? {})[0];
    if (statusField && first) row[statusField] = first;
    for (const spec of specs) {
      // New: created now, and nothing has happened to it yet (a group such as `last_test` is empty).
      if (spec.id.includes('.')) row[spec.id.slice(0, spec.id.indexOf('.'))] = null;
      else if (spec.kind === 'datetime' && !(spec.id in body)) row[spec.id] = now().toISOString();
    }
    rows.push(row);
    return { data: copy(row) };
  }

  function answer(req: ResourceRequest): unknown {
    const method = req.method.toUpperCase();
    const url = req.url.replace(/^\/+/, '').split('?')[0];
    const what = `${method} ${url}`;
    const path = manifest.api.path;
    const params = (req.params ?? {}) as Record<string, unknown>;

    const action = actionOf(method, url);
    if (action) return runAction(action.action, action.row, what);

    if (method === 'GET' && url === path) return page(params);

    const { form: formCalls } = manifest;
    if (formCalls && method === formCalls.create.method && pathPattern(formCalls.create.path).pattern.test(url)) return create({ ...(req.data as Record<string, unknown>) });

    const lookup = form?.lookups?.find((l) => l.source.url === url)?.source;
    if (lookup && method === lookup.method) {
      const body = { ...params, ...(req.data as Record<string, unknown> | undefined) };
      const query = lookup.search ? String(body[lookup.search] ?? '').toLowerCase() : '';
      const ids = lookup.ids ? list(body[lookup.ids]) : [];
      const shown = (lookups.get(url) ?? []).filter(
        (item) => (!query || String(item[lookup.labelKey]).toLowerCase().includes(query)) && (!ids.length || ids.includes(String(item[lookup.valueKey]))),
      );
      return { data: copy(shown), recordsFiltered: shown.length };
    }

    if (formCalls?.update && method === formCalls.update.method) {
      const { pattern, fields } = pathPattern(formCalls.update.path);
      const match = pattern.exec(url);
      if (match) {
        const row = rows.find((r) => fields.every((field, i) => String(r[field] ?? '') === decodeURIComponent(match[i + 1])));
        if (!row) throw failure(404, 'Not Found', what);
        Object.assign(row, req.data ?? {});
        touch(row);
        return { data: copy(row) };
      }
    }

    const item = new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/([^/]+)$`).exec(url);
    if (method === 'GET' && item) {
      const row = byId(decodeURIComponent(item[1]));
      if (row) return { data: copy(row) };
      throw failure(404, 'Not Found', what);
    }
    throw failure(404, 'Not Found', `${what} is not an API call of ${manifest.id}.resource.json`);
  }

  const transport: ResourceTransport = async (req) => {
    onRequest?.(req);
    await wait(latencyMs, req.signal);
    return answer(req);
  };

  return {
    transport,
    rows: () => rows,
    first: () => sorted(rows, columnSet.defaultSort.column, columnSet.defaultSort.direction)[0],
    lookupItems: (url) => lookups.get(url) ?? [],
  };
}
