/**
 * API fuzz from the OpenAPI document (issue 19): for every operation of `GET docs/api.json`, property-based requests
 * built from its path and query parameters, header parameters and JSON body schema (tests/api/fuzzArbitraries.ts):
 * a valid-ish request, then up to two twists: wrong types, missing and extra fields, boundary numbers, odd strings,
 * `__proto__` / `constructor` / `prototype` keys, bodies near and beyond the 1 MiB limit or nested 50,000 deep, odd
 * content types, odd path segments, query values and Accept-Language; as the demo advertiser, as support staff, as
 * support acting as the advertiser, and without a token.
 *
 * Every answer: no 5xx, no stack frame, source path or SQL text in the body, and JSON wherever the route speaks
 * JSON (the test app also turns an answer that leaves its declared schema into a 500). After the run the prototypes
 * of Object, Array, Function and String are as they were.
 *
 * Bounded for CI: a fixed seed, printed (FUZZ_SEED replays another), and FUZZ_RUNS cases per operation (default
 * below; a nightly run scales it up, e.g. FUZZ_RUNS=150). Each operation is one test with its own seed derived from
 * the run's, so a failure names the operation and fast-check's shrunk counterexample; `-t "POST /campaign-groups$"`
 * runs one operation alone (escape braces: `-t "GET /ads/\{id\}$"`).
 *
 * Fixtures: the advertiser's and support's tokens, one ad and one approved campaign. Calls that end or replace the
 * session they are made with (logout, refresh, leaving an impersonation, password change) and sign-in (whose sessions
 * past the 50-session cap end the oldest) run last, each case with a fresh session of its own; deletions run after
 * every other call, so the rest meets the objects. Outbound calls (RTB endpoint tests) stop at 2 s by design, and a
 * call without an answer in CALL_TIMEOUT_MS fails its case instead of hanging the run.
 */
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advertiserWithAd, API_PREFIX, api, approvedCampaign, build, DEMO_PASSWORD, type TestApp } from './helper';
import {
  encoded,
  envelope,
  extraQuery,
  headerSafe,
  mutate,
  mutation,
  oddQueryValue,
  oddSegment,
  oddValue,
  queryText,
  size,
  sized,
  toJsonText,
  validish,
  wrapped,
  type Envelope,
  type Json,
  type Mutation,
  type QueryValue,
  type SchemaContext,
  type Size,
} from './fuzzArbitraries';

const SEED = Number(process.env.FUZZ_SEED ?? 19_2026);
const RUNS = Number(process.env.FUZZ_RUNS ?? 30);
const HOST = 'adnet.localhost:8080';
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
/** The longest one call may take before the case fails as a hang (RTB tests and other outbound calls stop at 2 s). */
const CALL_TIMEOUT_MS = 15_000;

/** Calls that end, replace or start sessions: run last, each case with a fresh session. */
const SESSION_CALLS = new Set(['POST /auth/logout', 'GET /auth/refresh', 'PUT /profile/password', 'POST /auth/login', 'GET /impersonate/leave']);

/** Who calls: the demo advertiser, support staff acting as that advertiser, support staff, or nobody (no token). */
type Who = 'advertiser' | 'impersonated' | 'staff' | 'none';
type Signed = Exclude<Who, 'none'>;

interface Operation {
  key: string;
  method: string;
  path: string;
  op: Json;
}

/** One generated request, described briefly when fast-check prints a counterexample. */
interface Case {
  who: Who;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

const PROTOTYPES: [string, object][] = [
  ['Object', Object.prototype],
  ['Array', Array.prototype],
  ['Function', Function.prototype],
  ['String', String.prototype],
];
const before = new Map(PROTOTYPES.map(([name, proto]) => [name, Reflect.ownKeys(proto).map(String).sort()]));

// Built while vitest collects the file: the tests are the document's operations, one each.
const t: TestApp = await build();
const doc: Json = (await api(t.app, 'GET', 'docs/api.json')).json();
const tokens: Record<Signed, string> = { advertiser: '', impersonated: '', staff: '' };
let advertiserId = 0;
let supportId = 0;
/** Ids of the demo objects, by the path of the list that answered them ('' holds them all). */
const ids = new Map<string, number[]>();
let cases = 0;
/** Answers by status class (2xx, 4xx, ...), for the summary: a run that only meets 4xx would not reach the handlers. */
const classes = new Map<string, number>();

beforeAll(async () => {
  // The demo advertiser starts with no ads or campaigns here: one of each, so `{id}` routes meet a real object.
  const who = await advertiserWithAd(t);
  await approvedCampaign(t, who);
  advertiserId = who.userId;
  supportId = (await api(t.app, 'GET', 'user', { token: who.support })).json().data.id;
  tokens.advertiser = who.token;
  tokens.staff = who.support;
  tokens.impersonated = await freshToken('impersonated');
  await harvest();
  console.log(`API fuzz: seed ${SEED} (FUZZ_SEED replays it), ${RUNS} cases per operation (FUZZ_RUNS)`);
}, 120_000);

afterAll(async () => {
  const answers = [...classes].sort().map(([k, n]) => `${n} ${k}`).join(', ');
  console.log(`API fuzz: ${operations().length} operations, ${cases} cases run (seed ${SEED}); answers ${answers}`);
  await t.close();
});

/** A `$ref` inside the document, followed (and anything else as it is). */
function deref(node: Json): Json {
  let at = node;
  for (let hops = 0; typeof at?.$ref === 'string' && hops < 20; hops++) {
    at = (at.$ref as string)
      .slice(2)
      .split('/')
      .reduce((into: Json, key) => into?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
  }
  return at;
}

const operations = (): Operation[] =>
  Object.entries(doc.paths as Json).flatMap(([path, item]) =>
    METHODS.filter((m) => item[m]).map((m) => {
      const method = m.toUpperCase();
      const short = path.startsWith(`${API_PREFIX}/`) ? path.slice(API_PREFIX.length) : path;
      return { key: `${method} ${short}`, method, path, op: item[m] as Json };
    }),
  );

/** Regular calls first, then deletions, then the calls that end or start sessions. */
function stage(o: Operation): number {
  if (SESSION_CALLS.has(o.key)) return 2;
  if (o.method === 'DELETE' || o.key.endsWith('/delete')) return 1;
  return 0;
}

/** Ids of the objects the advertiser and support see in every list the document offers (GETs without required parameters), and the stable ids in those answers. */
async function harvest() {
  const all = new Set<number>([1, 2, 3]);
  for (const o of operations()) {
    const { method, path, op } = o;
    if (method !== 'GET' || stage(o) === 2 || path.includes('{') || !path.startsWith(API_PREFIX) || (op.parameters ?? []).some((p: Json) => p.required)) continue;
    for (const token of [tokens.advertiser, tokens.staff]) {
      const res = await t.app.inject({ method: 'GET', url: path, headers: { host: HOST, authorization: `Bearer ${token}` } });
      if (res.statusCode !== 200 || !String(res.headers['content-type']).includes('json')) continue;
      const data = (res.json() as Json).data;
      collectWords(data);
      const found = [data, ...(Array.isArray(data) ? data : [])].map((row: Json) => row?.id).filter((id): id is number => Number.isInteger(id));
      const short = path.slice(API_PREFIX.length);
      ids.set(short, [...new Set([...(ids.get(short) ?? []), ...found])]);
      found.forEach((id) => all.add(id));
    }
  }
  all.add(advertiserId).add(supportId);
  ids.set('', [...all]);
}

/** An object a case created (`data.id` of a 2xx): later operations on its path may name it. */
function remember(o: Operation, res: LightMyRequestResponse) {
  if (res.statusCode >= 300 || !String(res.headers['content-type']).includes('json')) return;
  const id = (JSON.parse(res.body) as Json)?.data?.id;
  if (!Number.isInteger(id) || o.path.includes('{')) return;
  const short = o.path.slice(API_PREFIX.length);
  ids.set(short, [...new Set([...(ids.get(short) ?? []), id])]);
  ids.set('', [...new Set([...ids.get('')!, id])]);
}

/** Stable ids in answers (formats, column sets, collection names): valid-ish values for strings with a pattern. */
const words = new Set<string>();
const WORD_KEYS = new Set(['id', 'key', 'format', 'ad_format', 'code', 'group', 'type', 'kind', 'slug', 'value', 'name']);

function collectWords(value: unknown) {
  const stack = [value];
  for (let seen = 0; stack.length && seen < 100_000; seen++) {
    const node = stack.pop();
    if (Array.isArray(node)) stack.push(...node);
    else if (node !== null && typeof node === 'object') {
      for (const [key, child] of Object.entries(node)) {
        if (typeof child === 'string' && WORD_KEYS.has(key) && /^[a-z][a-z0-9_-]{0,59}$/.test(child)) words.add(child);
        else stack.push(child);
      }
    }
  }
}

/** The ids an `{id}` of a path most likely names: those of the longest list path before it, else every id seen. */
function idsFor(path: string, param: string): number[] {
  const short = path.startsWith(API_PREFIX) ? path.slice(API_PREFIX.length) : path;
  const own = short.split(`/{${param}}`)[0].split('/');
  for (let n = own.length; n > 1; n--) {
    const found = ids.get(own.slice(0, n).join('/'));
    if (found?.length) return found;
  }
  return ids.get('')!;
}

const matches = (pattern: string, text: string) => {
  try {
    return new RegExp(pattern, 'u').test(text);
  } catch {
    return false;
  }
};

const ID_NAME = /(^|_)ids?$|Ids?$|^(ad|ads|campaign|campaigns|site|sites|spot|spots|group|groups)$/;

/** Field names whose valid-ish values are known: ids of demo objects, demo e-mails (and the demo password where signing in is the point). */
function contextFor(o: Operation): SchemaContext {
  return {
    deref,
    hint(name, schema) {
      if ((schema.type === 'integer' || schema.type === 'number') && ID_NAME.test(name)) return fc.constantFrom(...idsFor(o.path, name));
      if (schema.type === 'string' && /e-?mail/i.test(name)) return fc.constantFrom('advertiser@adnet.test', 'support@adnet.test', 'company@adnet.test', 'ADVERTISER@ADNET.TEST');
      if (schema.type === 'string' && name === 'password' && o.key === 'POST /auth/login') return fc.constant(DEMO_PASSWORD);
      if (schema.type === 'string' && typeof schema.pattern === 'string') {
        const fitting = [...words].filter((w) => matches(schema.pattern, w) && w.length <= (schema.maxLength ?? Infinity));
        if (fitting.length) return fc.constantFrom(...fitting);
      }
      return null;
    },
  };
}

/** One departure from a valid-ish request; a case has none, one or two. */
type Twist =
  | { kind: 'segment'; at: number; value: string }
  | { kind: 'query'; at: number; value: QueryValue }
  | { kind: 'drop-query'; at: number }
  | { kind: 'extra-query'; pairs: [string, QueryValue][] }
  | { kind: 'header'; value: string }
  | { kind: 'language'; value: string }
  | { kind: 'body'; mutation: Mutation }
  | { kind: 'size'; size: Size }
  | { kind: 'envelope'; envelope: Envelope };

const twist: fc.Arbitrary<Twist> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('segment' as const), at: fc.nat(), value: oddSegment }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('query' as const), at: fc.nat(), value: oddQueryValue }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('drop-query' as const), at: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('extra-query' as const), pairs: extraQuery }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('header' as const), value: oddValue.map((v) => (typeof v === 'string' ? v : toJsonText(v))) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('language' as const), value: fc.constantFrom('ru', 'de', 'es', 'ja-JP', 'jp', 'zz', '*', '__proto__', 'constructor', 'ru;q=NaN, en;q=-1', ',,;', 'de-'.repeat(2_000)) }) },
  { weight: 8, arbitrary: fc.record({ kind: fc.constant('body' as const), mutation }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('size' as const), size }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('envelope' as const), envelope }) },
);

/** A query parameter's value as pairs of the URL: arrays as repeated keys, with or without `[]`. */
function queryPairs(name: string, value: unknown, brackets: boolean): [string, QueryValue][] {
  const text = (v: unknown): QueryValue => (typeof v === 'string' || (v !== null && typeof v === 'object' && 'raw' in v) ? (v as QueryValue) : toJsonText(v));
  return Array.isArray(value) ? value.map((v) => [brackets ? `${name}[]` : name, text(v)]) : [[name, text(value)]];
}

/**
 * The request arbitrary of one operation: a valid-ish request from its parameters and body schema (required query
 * parameters always there, optional ones now and then; a JSON body), then up to two twists: an odd path segment or
 * query value, a query parameter left out, extra query keys, an odd header, a mutated body, a body near or beyond
 * the size limit or nested 50,000 deep, another content type, another (or an odd) Accept-Language. Without a twist
 * the request may pass (2xx), so the handlers behind validation are reached too.
 */
function requestArbitrary(o: Operation): fc.Arbitrary<Case> {
  const ctx = contextFor(o);
  const parameters = ((o.op.parameters ?? []) as Json[]).map(deref);
  const pathParams = parameters.filter((p) => p.in === 'path');
  const queryParams = parameters.filter((p) => p.in === 'query');
  const headerParams = parameters.filter((p) => p.in === 'header');
  const bodySchema = o.op.requestBody?.content?.['application/json']?.schema as Json | undefined;

  const path = fc.tuple(...pathParams.map((p) => validish(p.schema, ctx, p.name).map((v) => encoded(String(v)))));
  const query = fc.tuple(
    ...queryParams.map((p) => {
      const value = fc.tuple(validish(p.schema, ctx, p.name), fc.boolean());
      return p.required ? value : fc.oneof({ weight: 2, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: value });
    }),
  );
  const headers = fc.tuple(...headerParams.map((p) => fc.option(validish(p.schema, ctx, p.name).map(String))));
  const body =
    o.method === 'GET' ? fc.constant(undefined) : bodySchema ? validish(bodySchema, ctx) : fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: oddValue });
  const who = fc.constantFrom<Who>('advertiser', 'advertiser', 'advertiser', 'advertiser', 'advertiser', 'impersonated', 'staff', 'staff', 'none', 'none');
  const twists = fc.oneof({ weight: 3, arbitrary: fc.constant([] as Twist[]) }, { weight: 7, arbitrary: fc.array(twist, { minLength: 1, maxLength: 2 }) });

  return fc.record({ who, path, query, headers, body, twists }).map(({ who, path: segments, query: values, headers: headerValues, body: value, twists: changes }) => {
    const segs = [...segments];
    const queryValues: ([unknown, boolean] | null)[] = [...values];
    const extra: [string, QueryValue][] = [];
    const headers: Record<string, string> = {};
    headerParams.forEach((p, i) => headerValues[i] !== null && (headers[p.name] = headerValues[i]!));
    let bodyValue = value;
    let bodySize: Size = 'as-is';
    let env: Envelope = { contentType: 'application/json', wrap: 'json' };
    for (const change of changes) {
      if (change.kind === 'segment' && segs.length) segs[change.at % segs.length] = change.value;
      else if (change.kind === 'query' && queryValues.length) queryValues[change.at % queryValues.length] = [change.value, false];
      else if (change.kind === 'drop-query' && queryValues.length) queryValues[change.at % queryValues.length] = null;
      else if (change.kind === 'extra-query') extra.push(...change.pairs);
      else if (change.kind === 'header') headers[headerParams[0]?.name ?? 'x-fuzz'] = change.value;
      else if (change.kind === 'language') headers['accept-language'] = change.value;
      else if (change.kind === 'body') bodyValue = mutate(bodyValue, change.mutation);
      else if (change.kind === 'size') bodySize = change.size;
      else if (change.kind === 'envelope') env = change.envelope;
    }
    const pairs = [...queryParams.flatMap((p, i) => (queryValues[i] ? queryPairs(p.name, queryValues[i]![0], queryValues[i]![1]) : [])), ...extra];
    let n = 0;
    const url = o.path.replace(/\{(\w+)\}/g, () => segs[n++] ?? '1') + (pairs.length ? `?${queryText(pairs)}` : '');
    for (const [k, v] of Object.entries(headers)) headers[k] = headerSafe(v);
    let payload: string | Buffer | undefined;
    if (o.method !== 'GET' && (bodyValue !== undefined || bodySize !== 'as-is')) {
      payload = wrapped(sized(toJsonText(bodyValue ?? {}), bodySize), env.wrap);
      if (env.contentType !== null) headers['content-type'] = env.contentType;
    }
    const c: Case = { who, method: o.method, url, headers, payload };
    return Object.assign(c, { [fc.toStringMethod]: () => describeCase(c) });
  });
}

const excerpt = (text: string, max = 400) => (text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text);

function describeCase(c: Case): string {
  const body = c.payload === undefined ? '' : ` body ${excerpt(JSON.stringify(Buffer.isBuffer(c.payload) ? `<${c.payload.length} bytes> ${c.payload.toString('latin1')}` : c.payload))}`;
  return `${c.who}: ${c.method} ${excerpt(c.url, 300)} headers ${JSON.stringify(c.headers)}${body}`;
}

// ---------------------------------------------------------------------------------------------------------------
// What every answer must be

const LEAKS: [string, RegExp, 'all' | 'errors'][] = [
  ['a stack frame', /\bat (?:[\w$.<>[\] ]+ )?\(?(?:file:\/\/|node:|\/)[^\s)]*:\d+:\d+\)?|\n\s+at \S/, 'all'],
  ['a source path', /\/server\/|node_modules|\/work\/main|\.ts:\d+|\.js:\d+:\d+/, 'all'],
  ['an error class', /\b(?:TypeError|ReferenceError|RangeError|DrizzleError|DatabaseError|AggregateError)\b|Cannot read propert|is not a function|Maximum call stack/, 'all'],
  ['SQL', /\bselect (?:\*|"|distinct\b|count\(|[\w"]+\."?\w)|\b(?:from|where|into) "\w|\bviolates\b|syntax error at|invalid input syntax|out of range for type|duplicate key value|\brelation "|\bcolumn "|\bpglite\b|drizzle/i, 'errors'],
];

/** What is wrong with an answer, if anything. */
function problemsOf(o: Operation, res: LightMyRequestResponse): string[] {
  const problems: string[] = [];
  const status = res.statusCode;
  if (status >= 500) problems.push(`answered ${status}`);
  const text = res.body;
  for (const [what, pattern, where] of LEAKS) {
    if (where === 'errors' && status < 400) continue;
    const found = pattern.exec(text);
    if (found) problems.push(`the body shows ${what}: ${JSON.stringify(text.slice(Math.max(0, found.index - 60), found.index + 100))}`);
  }
  const declared = (o.op.responses?.[String(status)] ?? o.op.responses?.[`${String(status)[0]}XX`] ?? o.op.responses?.default) as Json | undefined;
  const types = declared?.content ? Object.keys(declared.content) : null;
  const empty = text.length === 0;
  const mayBeEmpty = status === 204 || (status >= 300 && status < 400) || (declared !== undefined && !declared.content);
  const speaksJson = types ? types.some((type) => type.includes('json')) : !(empty && mayBeEmpty);
  if (speaksJson && !(empty && mayBeEmpty)) {
    if (!String(res.headers['content-type'] ?? '').includes('application/json')) problems.push(`content-type ${String(res.headers['content-type'])} where JSON was due`);
    try {
      JSON.parse(text);
    } catch {
      problems.push('a body that is not JSON');
    }
  }
  return problems;
}

async function inject(c: Case, token: string | null): Promise<LightMyRequestResponse> {
  const options: InjectOptions = {
    method: c.method as InjectOptions['method'],
    url: c.url,
    headers: { host: HOST, ...(token ? { authorization: `Bearer ${token}` } : {}), ...c.headers },
    ...(c.payload !== undefined ? { payload: c.payload } : {}),
  };
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${CALL_TIMEOUT_MS / 1000} s`)), CALL_TIMEOUT_MS);
  });
  try {
    return await Promise.race([t.app.inject(options), hang]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A token of a session of its own, started as sign-in starts one (without the password check's scrypt, which would
 * cost a tenth of a second a case): for the calls that end or replace the session they are made with.
 */
async function freshToken(who: Signed): Promise<string> {
  const { sessions, tokens: signer, tokenTtlSeconds } = t.app.platform;
  const userId = who === 'staff' ? supportId : advertiserId;
  const session = await sessions.create({ userId, networkId: 'adnet', ttlSeconds: tokenTtlSeconds, impersonatorId: who === 'impersonated' ? supportId : null, ip: '127.0.0.1', userAgent: 'fuzz' });
  return signer.sign({ userId, sessionId: session.id, networkId: 'adnet', expiresAt: session.expiresAt });
}

async function tokenFor(o: Operation, who: Who): Promise<string | null> {
  if (who === 'none') return null;
  return stage(o) < 2 ? tokens[who] : freshToken(who);
}

/** A small stable hash, so each operation has its own seed derived from the run's. */
const hash = (text: string) => [...text].reduce((h, ch) => (Math.imul(h, 31) + ch.charCodeAt(0)) | 0, 0);

const ordered = operations().sort((a, b) => stage(a) - stage(b));

describe('API fuzz from the OpenAPI document', () => {
  it('reads the operations of the document', () => {
    expect(ordered.length).toBeGreaterThan(100);
  });

  for (const o of ordered) {
    it(o.key, async () => {
      const property = fc.asyncProperty(requestArbitrary(o), async (c) => {
        cases++;
        const res = await inject(c, await tokenFor(o, c.who));
        const klass = `${String(res.statusCode)[0]}xx`;
        classes.set(klass, (classes.get(klass) ?? 0) + 1);
        const problems = problemsOf(o, res);
        if (problems.length) throw new Error(`${o.key} ${problems.join('; ')}\n  answer ${res.statusCode}: ${excerpt(res.body, 600)}`);
        remember(o, res);
      });
      await fc.assert(property, { seed: SEED ^ hash(o.key), numRuns: RUNS });
    }, 180_000);
  }

  it('leaves the prototypes of Object, Array, Function and String as they were', () => {
    const probe = {} as Json;
    expect(probe.polluted).toBeUndefined();
    expect(([] as unknown as Json).polluted).toBeUndefined();
    expect((Object.prototype as Json).polluted).toBeUndefined();
    for (const [name, proto] of PROTOTYPES) expect(Reflect.ownKeys(proto).map(String).sort(), name).toEqual(before.get(name));
  });
});
