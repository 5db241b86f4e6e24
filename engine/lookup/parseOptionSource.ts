import { isJsonPointer } from './jsonPointer';

/** A lookup declared in a UI schema as `ui:options.source`: a named collection or a query endpoint. */
export type OptionSourceDeclaration =
  | { collection: string; valueKey?: string; labelKey?: string }
  | {
      endpoint: string;
      method?: 'GET' | 'POST';
      search?: string;
      params?: Record<string, string>;
      fixed?: Record<string, unknown>;
      ids?: string;
      valueKey?: string;
      labelKey?: string;
    };

/** A validated option source, ready for the lookup store. */
export interface OptionSource {
  /** `collection`: one static list filtered in the browser; `query`: asked again per search text and params. */
  kind: 'collection' | 'query';
  /** Identity of the endpoint (`GET collections/countries`); options with the same key share one label index. */
  key: string;
  method: 'GET' | 'POST';
  url: string;
  /** Request key that carries the typed search text; `null` filters the loaded options locally. */
  search: string | null;
  /** Request key → JSON Pointer into the root form data. */
  params: Record<string, string>;
  /** Request keys with constant values. */
  fixed: Record<string, unknown>;
  /** Request key that asks for given ids only, used to find labels of stored values; `null` if the endpoint has none. */
  ids: string | null;
  valueKey: string;
  labelKey: string;
}

/** Thrown for a malformed option source declaration; `path` names where in the UI schema it is. */
export class OptionSourceError extends Error {
  override name = 'OptionSourceError';
  constructor(
    readonly path: string,
    problem: string,
  ) {
    super(`${path}: ${problem}`);
  }
}

const COLLECTION_KEYS = ['collection', 'valueKey', 'labelKey'];
const QUERY_KEYS = ['endpoint', 'method', 'search', 'params', 'fixed', 'ids', 'valueKey', 'labelKey'];
const NAME = /^[a-z0-9][a-z0-9_-]*$/;
const ENDPOINT = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9_{}-]+)*$/i;
const KEY = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const show = (v: unknown) => (v === undefined ? 'nothing' : JSON.stringify(v));

/**
 * Validates an option source declaration and normalises it.
 * @throws {OptionSourceError} naming `path` (and the offending key) and the valid keys or values.
 * @example
 * parseOptionSource({ collection: 'countries' }, '/geo/countries/ui:options/source');
 * parseOptionSource({ endpoint: 'cities', method: 'POST', search: 'query', params: { country_ids: '/geo/countries' } });
 */
export function parseOptionSource(declaration: unknown, path = 'ui:options/source'): OptionSource {
  if (!isPlainObject(declaration)) {
    throw new OptionSourceError(path, `must be an object with "collection" or "endpoint", got ${show(declaration)}`);
  }
  const isCollection = 'collection' in declaration;
  if (isCollection && 'endpoint' in declaration) {
    throw new OptionSourceError(path, 'has both "collection" and "endpoint"; use one');
  }
  if (!isCollection && !('endpoint' in declaration)) {
    throw new OptionSourceError(
      path,
      `needs "collection" (a GET collections/{name} list) or "endpoint" (a query). Valid keys: ${[...COLLECTION_KEYS, ...QUERY_KEYS.slice(1)].join(', ')}`,
    );
  }
  const valid = isCollection ? COLLECTION_KEYS : QUERY_KEYS;
  for (const key of Object.keys(declaration)) {
    if (!valid.includes(key)) {
      throw new OptionSourceError(
        `${path}/${key}`,
        `unknown key "${key}" for a ${isCollection ? 'collection' : 'query'} source. Valid keys: ${valid.join(', ')}`,
      );
    }
  }

  const text = (key: string, pattern: RegExp, fallback?: string): string => {
    const value = declaration[key] ?? fallback;
    if (typeof value !== 'string' || !pattern.test(value)) {
      throw new OptionSourceError(`${path}/${key}`, `must be a name matching ${pattern}, got ${show(declaration[key])}`);
    }
    return value;
  };
  const valueKey = text('valueKey', KEY, 'id');
  const labelKey = text('labelKey', KEY, 'name');

  if (isCollection) {
    const name = text('collection', NAME);
    const url = `collections/${name}`;
    return { kind: 'collection', key: `GET ${url}`, method: 'GET', url, search: null, params: {}, fixed: {}, ids: null, valueKey, labelKey };
  }

  const url = text('endpoint', ENDPOINT);
  const method = declaration.method ?? 'GET';
  if (method !== 'GET' && method !== 'POST') {
    throw new OptionSourceError(`${path}/method`, `must be "GET" or "POST", got ${show(method)}`);
  }
  const search = declaration.search === undefined ? null : text('search', KEY);
  const ids = declaration.ids === undefined ? null : text('ids', KEY);

  const params: Record<string, string> = {};
  if (declaration.params !== undefined) {
    if (!isPlainObject(declaration.params)) {
      throw new OptionSourceError(`${path}/params`, `must map request keys to JSON Pointers into the form data, got ${show(declaration.params)}`);
    }
    for (const [key, pointer] of Object.entries(declaration.params)) {
      if (!isJsonPointer(pointer) || pointer === '') {
        throw new OptionSourceError(
          `${path}/params/${key}`,
          `must be a JSON Pointer into the form data such as "/geo/countries", got ${show(pointer)}`,
        );
      }
      params[key] = pointer;
    }
  }
  let fixed: Record<string, unknown> = {};
  if (declaration.fixed !== undefined) {
    if (!isPlainObject(declaration.fixed)) {
      throw new OptionSourceError(`${path}/fixed`, `must be an object of constant request values, got ${show(declaration.fixed)}`);
    }
    fixed = { ...declaration.fixed };
  }
  for (const key of [search, ids, ...Object.keys(fixed)]) {
    if (key !== null && Object.hasOwn(params, key)) {
      throw new OptionSourceError(`${path}/params/${key}`, `"${key}" is sent twice; it is also used by search, ids or fixed`);
    }
  }
  return { kind: 'query', key: `${method} ${url}`, method, url, search, params, fixed, ids, valueKey, labelKey };
}

/** One option source found in a UI schema, with the JSON Pointer of its declaration. */
export interface FoundOptionSource {
  path: string;
  source: OptionSource;
}

/**
 * Finds and validates every `ui:options.source` in a UI schema (for a start-up or conformance check).
 * @throws {OptionSourceError} on the first malformed declaration, naming its path in the UI schema.
 */
export function findOptionSources(uiSchema: unknown, base = ''): FoundOptionSource[] {
  const found: FoundOptionSource[] = [];
  const walk = (node: unknown, path: string) => {
    if (!isPlainObject(node)) return;
    const options = node['ui:options'];
    if (isPlainObject(options) && options.source !== undefined) {
      found.push({ path, source: parseOptionSource(options.source, `${path}/ui:options/source`) });
    }
    for (const [key, child] of Object.entries(node)) {
      if (!key.startsWith('ui:')) walk(child, `${path}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`);
    }
  };
  walk(uiSchema, base);
  return found;
}
