import { when } from 'mobx';
import { getByPointer } from './jsonPointer';
import { LookupQuery } from './LookupQuery';
import { LookupSession, type LookupSessionHost } from './LookupSession';
import { OptionIndex } from './OptionIndex';
import type { OptionSource } from './parseOptionSource';
import { checkList, type ListCheckSource } from './listCheck';
import type { LookupOption, LookupRequest, LookupTransport } from './types';

/** How a `LookupStore` is built. */
export interface LookupStoreOptions {
  /** Sends lookup requests (the app adapts its API client to it). */
  transport: LookupTransport;
  /** Receives failed loads; they are reported silently, never shown as a message. */
  report?: (error: unknown) => void;
  /** Wait after the last keystroke before a server-side search is sent, in ms (default 300). */
  debounceMs?: number;
  /** Finished queries kept for reuse (default 200); collections count as one each. */
  maxCached?: number;
}

/** Thrown (and reported) when a lookup answer is not `{ data: [...] }`. */
export class LookupAnswerError extends Error {
  override name = 'LookupAnswerError';
}

/** The values of a source's params, read from the root form data by their JSON Pointers (missing ones left out). */
export function resolveParams(source: Pick<OptionSource, 'params'>, root: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, pointer] of Object.entries(source.params)) {
    const value = getByPointer(root, pointer);
    if (value !== undefined) out[key] = value;
  }
  return out;
}

/** JSON with object keys sorted, so equal params give equal cache keys. */
export function stableStringify(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.keys(value)
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableStringify((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The list inside a lookup answer: `{ data: [...] }`, `{ data: { data: [...] } }` or a bare array. */
export function answerItems(body: unknown, where: string): unknown[] {
  if (Array.isArray(body)) return body;
  const data = (body as { data?: unknown } | null)?.data;
  if (Array.isArray(data)) return data;
  const inner = (data as { data?: unknown } | null)?.data;
  if (Array.isArray(inner)) return inner;
  throw new LookupAnswerError(`${where}: expected an answer { data: [...] }, got ${body === null ? 'null' : typeof body}`);
}

/** Options from answer items, by the source's `valueKey` and `labelKey`; items without a usable value are skipped. */
export function toOptions(items: readonly unknown[], source: Pick<OptionSource, 'valueKey' | 'labelKey'>): LookupOption[] {
  const out: LookupOption[] = [];
  for (const item of items) {
    if (typeof item === 'string' || typeof item === 'number') {
      out.push({ value: item, label: String(item) });
      continue;
    }
    if (!item || typeof item !== 'object') continue;
    const record = item as Record<string, unknown>;
    const value = record[source.valueKey];
    if (typeof value !== 'string' && typeof value !== 'number') continue;
    const label = record[source.labelKey];
    out.push({ value, label: label === undefined || label === null ? String(value) : String(label) });
  }
  return out;
}

/**
 * Loads options of declared sources for every lookup widget of the app: one shared request per
 * source + params + search, abort of superseded requests, silent reporting of failures and a label
 * index per source. Build one per app and give it to forms through `formContext.lookups`.
 * @example
 * const lookups = new LookupStore({ transport: (req) => api.request(req).then((r) => r.data), report: logError });
 */
export class LookupStore implements LookupSessionHost {
  readonly debounceMs: number;
  private readonly transport: LookupTransport;
  private readonly report: (error: unknown) => void;
  private readonly maxCached: number;
  private readonly cache = new Map<string, LookupQuery>();
  private readonly indexes = new Map<string, OptionIndex>();

  constructor(options: LookupStoreOptions) {
    this.transport = options.transport;
    this.report = options.report ?? ((error) => console.warn('Lookup load failed', error));
    this.debounceMs = options.debounceMs ?? 300;
    this.maxCached = options.maxCached ?? 200;
  }

  /** The server's messages for the entries of a checked list field (listCheck.ts). */
  checkList(source: ListCheckSource, items: readonly string[], signal: AbortSignal): Promise<string[]> {
    return checkList(this.transport, source, items, signal);
  }

  /** The label index of a source (shared by every widget over the same endpoint). */
  index(source: OptionSource): OptionIndex {
    const key = `${source.key}|${source.valueKey}|${source.labelKey}`;
    let index = this.indexes.get(key);
    if (!index) {
      index = new OptionIndex();
      this.indexes.set(key, index);
    }
    return index;
  }

  /** The request a source sends for these params and search text. */
  requestFor(source: OptionSource, params: Record<string, unknown>, search: string): Omit<LookupRequest, 'signal'> {
    if (source.kind === 'collection') return { method: 'GET', url: source.url };
    const payload: Record<string, unknown> = { ...source.fixed };
    for (const [key, value] of Object.entries(params)) if (value !== undefined) payload[key] = value;
    if (source.search !== null) payload[source.search] = search;
    return source.method === 'GET'
      ? { method: 'GET', url: source.url, params: payload }
      : { method: 'POST', url: source.url, data: payload };
  }

  /** The shared query for a source with these params and search text (created on first use, not yet loaded). */
  query(source: OptionSource, params: Record<string, unknown>, search: string): LookupQuery {
    return this.cached(source, this.requestFor(source, params, search));
  }

  /** A query for just these ids, when the source declares an `ids` request key; `null` otherwise. */
  queryIds(source: OptionSource, ids: readonly unknown[]): LookupQuery | null {
    if (source.kind !== 'query' || source.ids === null) return null;
    // The ids keep their type (the server's schema may want integers); sorted so the same set shares one request.
    const payload = { ...source.fixed, [source.ids]: [...ids].sort((a, b) => (String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0)) };
    const request: Omit<LookupRequest, 'signal'> =
      source.method === 'GET'
        ? { method: 'GET', url: source.url, params: payload }
        : { method: 'POST', url: source.url, data: payload };
    return this.cached(source, request);
  }

  /**
   * Loads the options of a source once, outside any widget (cached like widget loads).
   * Resolves with the options, or with `[]` after a reported failure.
   */
  async load(source: OptionSource, params: Record<string, unknown> = {}, search = ''): Promise<readonly LookupOption[]> {
    const query = this.query(source, params, search);
    query.load();
    await when(() => query.status !== 'loading');
    return query.status === 'ready' ? query.options : [];
  }

  /**
   * A session for one widget over `source`; `readParams` returns the current values of the source's
   * params (the widget resolves the JSON Pointers against the form data). Call `start()` when mounted
   * and `dispose()` when unmounted.
   */
  session(source: OptionSource, readParams?: () => Record<string, unknown>): LookupSession {
    return new LookupSession(this, source, readParams);
  }

  /** Forgets every finished query (e.g. after the locale changed); requests in flight stay shared. */
  clear(): void {
    for (const [key, query] of this.cache) if (!query.isInUse() && query.status !== 'loading') this.cache.delete(key);
  }

  private cached(source: OptionSource, request: Omit<LookupRequest, 'signal'>): LookupQuery {
    const key = `${request.method} ${request.url} ${source.valueKey} ${source.labelKey} ${stableStringify(request.params ?? request.data ?? {})}`;
    const hit = this.cache.get(key);
    if (hit) {
      // Most recently used goes last, so eviction takes the oldest first.
      this.cache.delete(key);
      this.cache.set(key, hit);
      return hit;
    }
    const index = this.index(source);
    const query: LookupQuery = new LookupQuery(key, request, {
      transport: this.transport,
      report: this.report,
      toOptions: (body) => toOptions(answerItems(body, `${request.method} ${request.url}`), source),
      onLoaded: (options) => index.add(options),
      onAbandoned: (abandoned) => {
        if (this.cache.get(abandoned.key) === abandoned) this.cache.delete(abandoned.key);
      },
    });
    this.cache.set(key, query);
    this.evict();
    return query;
  }

  private evict(): void {
    if (this.cache.size <= this.maxCached) return;
    for (const [key, query] of this.cache) {
      if (this.cache.size <= this.maxCached) break;
      if (!query.isInUse() && query.status !== 'loading') this.cache.delete(key);
    }
  }
}
