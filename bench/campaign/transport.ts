/**
 * The lookup transport of the campaign benchmark, answered in the page from `lists` (no network): `GET
 * collections/<name>` and the query endpoints the real API serves, with their search, filter params and `ids`
 * requests. Each answer comes a macrotask later, as a response would. Requests that the real API's request schema
 * (the same precompiled validators the server uses) would refuse are answered anyway but noted in `refused`.
 */
import type { ValidateFunction } from 'ajv';
import type { LookupRequest, LookupTransport } from '../../engine/lookup';
import type { SchemaCatalog } from '../../engine/schema/SchemaCatalog';
import { lists } from './data';

type Row = Record<string, unknown>;
const rows = (url: string) => lists[url] as unknown as Row[] | undefined;
type Query = Record<string, unknown>;

/** Per query endpoint: the request key of ids, the label field searched, filters (request key → row field), page size. */
const ENDPOINTS: Record<string, { ids?: string; label?: string; filters?: Record<string, string>; limit?: number; whole?: boolean }> = {
  cities: { ids: 'city_ids', filters: { country_ids: 'country_id', region_ids: 'region_id' } },
  regions: { ids: 'region_ids', filters: { country_ids: 'country_id' } },
  'sites/search/domains': { ids: 'ids', label: 'domain', limit: 50 },
  'sites/premium': { whole: true },
  'mobile-apps': { ids: 'ids' },
  'available-categories': { whole: true },
  ads: { filters: { format: 'format' }, whole: true },
  'campaign-groups': { whole: true },
  'conversion-types': { whole: true },
  'traffic-providers/collection': { whole: true },
};

/** Request schema (catalog id) per endpoint, as the server validates them. */
const REQUEST_SCHEMAS: Record<string, string> = {
  cities: 'lookups_cities',
  regions: 'lookups_regions',
  'sites/search/domains': 'sites_sites_search_domains',
  'mobile-apps': 'lookups_mobile_apps_query',
  'available-categories': 'lookups_available_categories_query',
  'sites/premium': 'sites_sites_premium_query',
};

/** Endpoints whose answer nests the list one level deeper, as the real API does. */
const NESTED = new Set(['sites/premium']);

const asList = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined ? [] : [v]);

function answer(req: Omit<LookupRequest, 'signal'>): { data: Row[] } | { data: { data: Row[] } } {
  const found = rowsFor(req);
  return NESTED.has(req.url) ? { data: found } : found;
}

function rowsFor(req: Omit<LookupRequest, 'signal'>): { data: Row[] } {
  const all = rows(req.url);
  if (!all) throw new Error(`404 ${req.method} ${req.url}: the benchmark has no list for it (add one to bench/campaign/data.ts)`);
  if (req.url.startsWith('collections/')) return { data: all };
  const spec = ENDPOINTS[req.url] ?? { whole: true };
  const q = ((req.method === 'GET' ? req.params : req.data) ?? {}) as Query;
  const wanted = spec.ids && q[spec.ids] !== undefined ? new Set(asList(q[spec.ids]).map(String)) : null;
  if (wanted) return { data: all.filter((row) => wanted.has(String(row.id))) };
  const filters = Object.entries(spec.filters ?? {})
    .map(([key, field]) => [field, new Set(asList(q[key]).map(String))] as const)
    .filter(([, values]) => values.size > 0);
  const needle = typeof q.query === 'string' ? q.query.trim().toLowerCase() : '';
  const label = spec.label ?? 'name';
  const data: Row[] = [];
  for (const row of all) {
    if (filters.some(([field, values]) => !values.has(String(row[field])))) continue;
    if (needle && !String(row[label]).toLowerCase().includes(needle)) continue;
    data.push(row);
    if (!spec.whole && data.length >= (spec.limit ?? 100)) break;
  }
  return { data };
}

/** Ajv's errors in short: one line per kind, array positions as `*` with a count (`/city_ids/* must be integer (2000×)`). */
function reasons(check: ValidateFunction): string {
  const counts = new Map<string, number>();
  for (const e of check.errors ?? []) {
    const why = `${e.instancePath.replace(/\/\d+(?=\/|$)/g, '/*') || '(request)'} ${e.message ?? e.keyword}`;
    counts.set(why, (counts.get(why) ?? 0) + 1);
  }
  return [...counts].map(([why, n]) => (n > 1 ? `${why} (${n}×)` : why)).join('; ');
}

export interface BenchTransport {
  transport: LookupTransport;
  /** Requests not answered yet. */
  pending(): number;
  /** Every request sent, as `METHOD url`. */
  sent: string[];
  /** Requests the real API would refuse (422), with Ajv's reason. */
  refused: string[];
  /** Requests the benchmark has no list for (answered 404: the lookup shows its load error). */
  missing: string[];
}

/** The in-page transport; loads the request validators of the checked endpoints from the catalog first. */
export async function benchTransport(catalog: SchemaCatalog): Promise<BenchTransport> {
  const checks: Record<string, ValidateFunction> = {};
  for (const [url, id] of Object.entries(REQUEST_SCHEMAS)) checks[url] = (await catalog.load(id)).validate;
  let inFlight = 0;
  const sent: string[] = [];
  const refused: string[] = [];
  const missing: string[] = [];
  const transport: LookupTransport = async (req) => {
    sent.push(`${req.method} ${req.url}`);
    const check = checks[req.url];
    // As the server checks them: bodies as sent; query strings coerce in their own validator (a copy, it mutates).
    if (check && !check(structuredClone(req.method === 'GET' ? req.params : req.data) ?? {})) refused.push(`${req.method} ${req.url}: ${reasons(check)}`);
    inFlight++;
    try {
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (req.signal.aborted) throw new DOMException('aborted', 'AbortError');
      return answer(req);
    } catch (error) {
      if (!req.signal.aborted) missing.push((error as Error).message);
      throw error;
    } finally {
      inFlight--;
    }
  };
  return { transport, pending: () => inFlight, sent, refused, missing };
}
