import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Frame, type Page } from '@playwright/test';
import { schemaLoaders } from '../../generated/catalog';
import { SchemaCatalog, type SchemaEntry } from '../../engine/schema/SchemaCatalog';
import type { ResourceManifest } from '../../engine/resource/manifest';
import { mediaRefs } from '../../server/areas/ads/adForm';
import { pdfText } from '../../server/documents/testPdf';
import { adFormatExamples } from '../fixtures/adFormatExamples';
import { MP4, png, zip } from '../fixtures/mediaBytes';
import { PASSWORD } from './support';
import { fillParams, firstId, hasParams, linkedPaths, open, routeTable, settle, trackRequests, walkable } from './routeWalk';

/**
 * The stored-XSS canary (issue 19). Every string the signed-in advertiser (and the network's support staff, whose
 * words the advertiser reads) can store through the API is filled with markup and script that would call
 * `__xssCanary(tag)` if it ever ran as HTML or JavaScript; then every route of the panel is walked as that user, with
 * the canary installed before the panel loads, and nothing may call it.
 *
 * 1. Filling, driven by the schemas (`seed`): the ad formats' creative schemas (each valid example of
 *    schemas/ad-formats/<id>/examples.json as the base, its media the user's uploads), the profile, campaign groups,
 *    campaigns (a demo campaign's form as the base), every resource manifest's form (schemas/<area>/*.resource.json:
 *    created, and its first demo item updated), the staff's moderation details and verification reasons, and every
 *    other JSON request body of the OpenAPI document (GET docs/api.json) from its schema alone. In each body, every
 *    property of `type: string` that is not an enum, a date, an e-mail or a secret (nested objects and array items
 *    included, optional ones added) gets payloads fitted to its maxLength (down to `<b data-xss=f12>` for the shortest
 *    fields); the schema's own precompiled validator (the one the server runs) says whether they fit its pattern, and
 *    a field the schema or the server (422) refuses gets the next payload, at last its plain value. URL fields
 *    (format uri, an http pattern, a *url / *link / *site / *endpoint name) first get `javascript:`, ` JaVaScRiPt:`,
 *    `java<TAB>script:`, `data:text/html` and `vbscript:` addresses: each must be refused; then an https URL carrying
 *    a payload in its query or fragment is stored. A request body or form schema with strings that nothing filled
 *    fails the test unless NOT_STORED says why. Saved statistics reports (kept in the browser) get payload names too.
 * 2. The walk, with the canary: `window.__xssCanary` records each call (and the frame it ran in); dialogs, new
 *    windows, console messages and page errors naming the canary count too. The context bypasses the panel's CSP on
 *    purpose: the CSP (`script-src 'self'`) is the second line of defence, and this suite tests the first one, the
 *    rendering. Calls from sandboxed ad previews (an opaque origin: an ad tag's or an HTML5 package's own code, which
 *    is meant to run there) are logged as contained, not failures. Each visited page (and each same-origin frame) is
 *    searched for injected markup (an `on*` attribute or a script naming the canary, a `data-xss` element) and for
 *    links that are not http(s): `a[href]`, `area[href]`, `iframe[src]`, `img[src]`, `form[action]`, … starting
 *    `javascript:`, `data:text/html` or `vbscript:` (any case, whitespace removed). Every walkable route is visited
 *    (src/app/routes.ts, through routeWalk.ts), parametrised ones with the ids the filling created (each ad's view
 *    page, the first form of each format: the previews), the statistics grouped by campaign, creative and provider
 *    (compared, so the chart's legend and tooltip name them), each screen's saved reports dialog, the notifications.
 *    Then the links once more as if a dangerous URL had been stored anyway (a row older than a check, an import):
 *    the API's answers are rewritten in the browser so every field the filling stored a URL in holds one, and the
 *    views, forms and lists that show them are walked again.
 * 3. The PDF documents: the invoice and a receipt print the user's company name, address, site and VAT and the
 *    invoice's note; their text must hold the payloads as literal text (not dropped, not HTML-escaped).
 *
 * Data: the demo advertiser of AdNet, who has statistics; its profile becomes a company's and some demo objects are
 * renamed (the statistics show names only of objects with traffic), so the spec sorts last, after every spec that
 * reads the demo data. XSS_DEBUG=1 logs each call's rounds and fields and each route's time; XSS_WALK_CONCURRENCY
 * sets how many pages walk side by side (2).
 */

const NETWORK = 'adnet';
const EMAIL = 'advertiser@adnet.test';
const STAFF_EMAIL = 'support@adnet.test';
const API = '/api/private/v1';
const DEBUG = !!process.env.XSS_DEBUG;
const debug = (...args: unknown[]) => DEBUG && console.log(...args);
/** Pages walking side by side (the walk mostly waits on the server and the settle time). */
const CONCURRENCY = Number(process.env.XSS_WALK_CONCURRENCY ?? 2);

// ---- Payloads. ----

/** Markup and script for text fields; `{t}` becomes the field's tag, so a call names the field and the payload. */
const TEXT_PAYLOADS: readonly [kind: string, make: (tag: string) => string][] = [
  ['img', (t) => `<img src=x onerror=__xssCanary('${t}')>`],
  ['svg', (t) => `"><svg onload=__xssCanary('${t}')>`],
  ['quote', (t) => `'-__xssCanary('${t}')-'`],
  ['script', (t) => `</script><script>__xssCanary('${t}')</script>`],
  ['tpl', (t) => `{{constructor.constructor('__xssCanary("${t}")')()}}`],
];
/** Addresses a link must never carry: each must be refused where a URL is stored. */
const BAD_URLS: readonly [kind: string, make: (tag: string) => string][] = [
  ['javascript', (t) => `javascript:__xssCanary('${t}')`],
  ['JaVaScRiPt', (t) => ` JaVaScRiPt:__xssCanary('${t}')`],
  ['java-tab', (t) => `java\tscript:__xssCanary('${t}')`],
  ['data', (t) => `data:text/html,<script>__xssCanary('${t}')</script>`],
  ['vbscript', (t) => `vbscript:__xssCanary('${t}')`],
];
/** Valid addresses carrying a payload, from the rawest to the plainest. */
const GOOD_URLS: readonly [kind: string, make: (tag: string) => string][] = [
  ['url-query', (t) => `https://xss.example.com/?q="><svg onload=__xssCanary('${t}')>`],
  ['url-hash', (t) => `https://xss.example.com/#<img src=x onerror=__xssCanary('${t}')>`],
  ['url-encoded', (t) => `https://xss.example.com/?q=%22%3E%3Cimg%20src%3Dx%20onerror%3D__xssCanary('${t}')%3E`],
  // Without quotes (ad URLs refuse them): the tag's number alone.
  ['url-bare', (t) => `https://xss.example.com/?q=%3Csvg%20onload%3D__xssCanary(${t.slice(1, t.indexOf(':'))})%3E&u=javascript:__xssCanary(${t.slice(1, t.indexOf(':'))})`],
];
const BAD_KINDS = new Set(BAD_URLS.map(([kind]) => kind));
/** A tag inside a payload: `f12:img`, or the number alone where quotes cannot go (`12`). */
const TAG = /__xssCanary\((?:['"](f\d+):([\w-]+)['"]|(\d+))\)/g;

/**
 * Request bodies the filling leaves out, with why: they store nothing a page shows back (sign-in, searches,
 * estimates), only secrets, or the session's own state.
 */
const NOT_STORED: Record<string, string> = {
  accounts_login: 'sign-in: nothing stored',
  accounts_registration: 'a new account: its name, company and site are the same fields as the profile form, filled there for the walking user',
  accounts_password_email: 'sends a mail: nothing stored',
  accounts_password_reset: 'a password: never shown',
  profile_profile_password: 'a password: never shown',
  profile_two_factor_code: 'a one-time code: never stored',
  impersonation_impersonate: 'a one-time token: nothing stored',
  ads_ads_keywords: 'a check of texts: nothing stored (the same texts are stored by the ad forms)',
  lookups_regions: 'a search: nothing stored',
  lookups_cities: 'a search: nothing stored',
  lookups_ip_ranges: 'a lookup: nothing stored',
  sites_sites_search_domains: 'a search: nothing stored',
  sites_sites_validate: 'a check: nothing stored',
  traffic_available_traffic: 'an estimate: nothing stored',
};

// ---- JSON Schema walking. ----

type Json = Record<string, unknown>;
type Schema = Json;
type Path = (string | number)[];

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const clone = <T>(v: T): T => structuredClone(v);
const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const dotted = (path: Path) => path.join('.');

function deref(node: unknown, root: Schema): Schema | undefined {
  let n = node;
  for (let i = 0; i < 10 && isObject(n) && typeof n.$ref === 'string' && n.$ref.startsWith('#/'); i++) {
    n = n.$ref
      .slice(2)
      .split('/')
      .reduce<unknown>((o, k) => (isObject(o) ? o[k] : undefined), root);
  }
  return isObject(n) ? n : undefined;
}

/** The properties an object schema may have: its own, then those its allOf / anyOf / oneOf / then / else add. */
function propertiesOf(schema: Schema, root: Schema): Record<string, Schema> {
  const out: Record<string, Schema> = {};
  const visit = (node: unknown, depth: number) => {
    const s = deref(node, root);
    if (!s || depth > 6) return;
    if (isObject(s.properties)) for (const [k, v] of Object.entries(s.properties)) if (isObject(v) && !(k in out)) out[k] = deref(v, root) ?? v;
    for (const key of ['allOf', 'anyOf', 'oneOf'] as const) if (Array.isArray(s[key])) for (const sub of s[key] as unknown[]) visit(sub, depth + 1);
    if (s.then) visit(s.then, depth + 1);
    if (s.else) visit(s.else, depth + 1);
  };
  visit(schema, 0);
  return out;
}

const typesOf = (s: Schema): string[] => (Array.isArray(s.type) ? (s.type as string[]) : typeof s.type === 'string' ? [s.type] : []);
const isChoice = (s: Schema) => Array.isArray(s.enum) || 'const' in s || (Array.isArray(s.oneOf) && (s.oneOf as Json[]).every((o) => isObject(o) && 'const' in o));
/** Formats whose values cannot carry markup: the validator refuses any payload. */
const CLOSED_FORMATS = new Set(['date', 'date-time', 'time', 'email', 'idn-email', 'ipv4', 'ipv6', 'uuid', 'hostname', 'duration']);
const isFreeString = (s: Schema) => typesOf(s).includes('string') && !isChoice(s);
const isUrlField = (key: string, s: Schema) => ['uri', 'url', 'iri', 'uri-reference', 'iri-reference'].includes(String(s.format)) || /https?/.test(String(s.pattern ?? '')) || /(^|_)(url|link|site|endpoint)$/.test(key);
/** Fields whose values are secrets: never shown, so no page could render them. */
const SECRET = /password|token|captcha|recaptcha/;

/** One string field of one body that gets payloads. */
interface Slot {
  path: Path;
  schema: Schema;
  url: boolean;
  /** The body had no value here: on giving up, the field is left out again. */
  added: boolean;
  /** The value in the base body (restored on giving up). */
  base: unknown;
  candidates: { value: string; kinds: string[] }[];
  at: number;
  tag: string;
  /** Why the payloads stopped here (the last refusal), for the log. */
  refused?: string;
}

let tagCount = 0;
const newTag = () => `f${++tagCount}`;

function textCandidates(tag: string, s: Schema): Slot['candidates'] {
  const max = typeof s.maxLength === 'number' ? s.maxLength : Infinity;
  const parts = TEXT_PAYLOADS.map(([kind, make]) => ({ kind, value: make(`${tag}:${kind}`) }));
  const out: Slot['candidates'] = [];
  // As many payloads as fit, together; then each alone; then the shortest form.
  const together: typeof parts = [];
  for (const p of parts) if ([...together, p].map((q) => q.value).join(' ').length <= max) together.push(p);
  if (together.length > 1) out.push({ value: together.map((p) => p.value).join(' '), kinds: together.map((p) => p.kind) });
  for (const p of parts) if (p.value.length <= max) out.push({ value: p.value, kinds: [p.kind] });
  const short = `<svg/onload=__xssCanary('${tag}:svg')>`;
  if (short.length <= max) out.push({ value: short, kinds: ['svg'] });
  // Too short for a script: markup alone, found by the page inspection as an element if it is ever parsed.
  const markup = `<b data-xss=${tag}>`;
  if (markup.length <= max) out.push({ value: markup, kinds: ['markup'] });
  return out;
}

function urlCandidates(tag: string, s: Schema, tryBad: boolean): Slot['candidates'] {
  const max = typeof s.maxLength === 'number' ? s.maxLength : Infinity;
  return [...(tryBad ? BAD_URLS : []), ...GOOD_URLS].map(([kind, make]) => ({ value: make(`${tag}:${kind}`), kinds: [kind] })).filter((c) => c.value.length <= max);
}

/**
 * The string fields of `body` under `schema`, adding the optional ones the body leaves out (and an empty object for
 * an absent object property whose strings would go in it). Array items are filled where the body has them.
 */
function slotsOf(schema: Schema, root: Schema, body: Json, tryBad: boolean, path: Path = [], out: Slot[] = [], skipped: string[] = []): { slots: Slot[]; skipped: string[] } {
  for (const [key, raw] of Object.entries(propertiesOf(schema, root))) {
    const s = deref(raw, root) ?? raw;
    const here = [...path, key];
    const value = body[key];
    if (isFreeString(s)) {
      if (SECRET.test(key)) continue;
      if (CLOSED_FORMATS.has(String(s.format))) {
        skipped.push(`${dotted(here)} (format ${s.format})`);
        continue;
      }
      if (value !== undefined && typeof value !== 'string') continue;
      const tag = newTag();
      const url = isUrlField(key, s);
      out.push({ path: here, schema: s, url, added: value === undefined, base: value, candidates: url ? urlCandidates(tag, s, tryBad) : textCandidates(tag, s), at: 0, tag });
    } else if (typesOf(s).includes('object') || isObject(s.properties)) {
      if (isObject(value)) slotsOf(s, root, value, tryBad, here, out, skipped);
      else if (value === undefined && hasFreeStrings(s, root)) {
        body[key] = {};
        const before = out.length;
        slotsOf(s, root, body[key] as Json, tryBad, here, out, skipped);
        // The container goes with its first slot: giving that one up removes the object again.
        if (out.length > before) out[before].added = true;
        else delete body[key];
      }
    } else if (typesOf(s).includes('array') && Array.isArray(value) && isObject(s.items)) {
      const items = deref(s.items, root) ?? s.items;
      value.forEach((item, i) => {
        if (isObject(item)) slotsOf(items, root, item, tryBad, [...here, i], out, skipped);
        else if (typeof item === 'string' && isFreeString(items)) {
          const tag = newTag();
          out.push({ path: [...here, i], schema: items, url: false, added: false, base: item, candidates: textCandidates(tag, items), at: 0, tag });
        }
      });
    }
  }
  return { slots: out, skipped };
}

function hasFreeStrings(schema: Schema, root: Schema, depth = 0): boolean {
  if (depth > 4) return false;
  return Object.entries(propertiesOf(schema, root)).some(([key, raw]) => {
    const s = deref(raw, root) ?? raw;
    if (isFreeString(s)) return !SECRET.test(key) && !CLOSED_FORMATS.has(String(s.format));
    const items = typesOf(s).includes('array') ? deref(s.items, root) : undefined;
    if (items) return isFreeString(items) || hasFreeStrings(items, root, depth + 1);
    return (typesOf(s).includes('object') || isObject(s.properties)) && hasFreeStrings(s, root, depth + 1);
  });
}

/**
 * A body that satisfies the schema's plain constraints, for an operation no base is known for: defaults, the first
 * enum value or const, minimums, required properties only. Strings get a plausible value matching their pattern.
 */
function minimalBody(schema: Schema, root: Schema, depth = 0): unknown {
  const s = deref(schema, root) ?? schema;
  if ('default' in s) return clone(s.default);
  if ('const' in s) return s.const;
  if (Array.isArray(s.enum)) return s.enum[0];
  if (Array.isArray(s.oneOf) && isObject(s.oneOf[0]) && 'const' in (s.oneOf[0] as Json)) return (s.oneOf[0] as Json).const;
  const type = typesOf(s)[0] ?? (isObject(s.properties) ? 'object' : undefined);
  switch (type) {
    case 'object': {
      const out: Json = {};
      const props = propertiesOf(s, root);
      for (const key of (s.required as string[] | undefined) ?? []) if (props[key] && depth < 6) out[key] = minimalBody(props[key], root, depth + 1);
      return out;
    }
    case 'array':
      return Array.from({ length: Number(s.minItems ?? 0) }, () => minimalBody((s.items as Schema) ?? {}, root, depth + 1));
    case 'integer':
    case 'number':
      return typeof s.minimum === 'number' ? s.minimum : 1;
    case 'boolean':
      return false;
    case 'null':
      return null;
    default: {
      const pattern = typeof s.pattern === 'string' ? new RegExp(s.pattern, 'u') : null;
      const tries = ['1000', 'Canary', 'https://example.com/', 'banner', '1', 'a'];
      return tries.find((t) => (!pattern || pattern.test(t)) && t.length >= Number(s.minLength ?? 0)) ?? 'x'.repeat(Number(s.minLength ?? 1));
    }
  }
}

const getAt = (body: unknown, path: Path) => path.reduce<unknown>((o, k) => (o === null || typeof o !== 'object' ? undefined : (o as Json)[k as string]), body);
function setAt(body: Json, path: Path, value: unknown) {
  const parent = getAt(body, path.slice(0, -1)) as Json | undefined;
  if (!parent) return;
  if (value === undefined) delete parent[path[path.length - 1] as string];
  else parent[path[path.length - 1] as string] = value;
}

// ---- The operations. ----

/** A call that stores a body of one schema. */
interface Operation {
  name: string;
  schema: string;
  method: 'POST' | 'PUT' | 'PATCH';
  path: string;
  as: 'user' | 'staff';
  /** The body without payloads (valid); `extra` goes beside the schema's fields (an ad's `format`). */
  base: Json;
  extra?: Json;
  /** Server error keys → field names (a resource's `form.errorKeys`). */
  errorKeys?: Record<string, string>;
  /** Where the panel shows what this stores (`/ads`), for the walk's ids; and a kind (the ad format). */
  route?: string;
  kind?: string;
  /** Try the dangerous URLs first (creates; updates of the same form skip them). */
  tryBad?: boolean;
}

/** A field that holds a payload after its call succeeded. */
interface Filled {
  tag: string;
  op: string;
  schema: string;
  field: string;
  value: string;
  kinds: string[];
}

interface LinkVerdict {
  op: string;
  field: string;
  kind: string;
  value: string;
  verdict: 'refused by the schema' | 'refused by the server' | 'ACCEPTED';
}

interface Seeded {
  filled: Filled[];
  links: LinkVerdict[];
  /** Operations that ran: name → status. */
  calls: string[];
  notes: string[];
  schemas: Set<string>;
  /** Fields no payload fits (closed formats, patterns) by schema. */
  unfillable: string[];
  /** Panel path prefix (`/ads`) → ids stored there, with a kind. */
  ids: Map<string, { id: string; kind?: string }[]>;
  invoiceId?: number;
  receiptId?: number;
  userId?: number;
  verificationType?: string;
  /** The fields printed on the invoice and the receipt. */
  pdfFields: { invoice: string[]; receipt: string[] };
  uploads: number;
}

class Client {
  constructor(
    private readonly request: APIRequestContext,
    private readonly base: string,
    private readonly host: string,
    public token = '',
  ) {}

  async call(method: string, path: string, body?: unknown, multipart?: Record<string, string | { name: string; mimeType: string; buffer: Buffer }>) {
    const answer = await this.request.fetch(`${this.base}${API}/${path}`, {
      method,
      headers: { Host: this.host, ...(this.token ? { Authorization: `Bearer ${this.token}` } : {}) },
      ...(multipart ? { multipart } : body !== undefined ? { data: body } : {}),
      failOnStatusCode: false,
    });
    const type = answer.headers()['content-type'] ?? '';
    return { status: answer.status(), json: type.includes('json') ? await answer.json() : null, bytes: type.includes('json') ? null : await answer.body() };
  }

  async ok(method: string, path: string, body?: unknown) {
    const answer = await this.call(method, path, body);
    expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.json)?.slice(0, 500)}`).toBeLessThan(300);
    return answer.json;
  }

  async signIn(email: string) {
    const answer = await this.request.post(`${this.base}${API}/auth/login`, { headers: { Host: this.host }, data: { email, password: PASSWORD } });
    expect(answer.status(), `${email} signs in`).toBe(200);
    this.token = (answer.headers()['authorization'] ?? '').replace(/^Bearer /, '');
    return this;
  }
}

/** The server's field of an error key: `creatives.0.url`, camelCase keys through the resource's errorKeys. */
function errorField(key: string, op: Operation) {
  const mapped = op.errorKeys?.[key] ?? key;
  return mapped.split('.').map(snake).join('.');
}

/**
 * Runs one operation: fills its slots, checks the body with the schema's validator, sends it, and on a refusal moves
 * the refused fields to their next payload (or back to their plain value) until the call succeeds.
 */
async function fill(op: Operation, entry: SchemaEntry, client: Client, seeded: Seeded): Promise<Json | null> {
  const root = entry.schema as Schema;
  const body = clone(op.base);
  const { slots, skipped } = slotsOf(root, root, body, op.tryBad ?? false);
  seeded.unfillable.push(...skipped.map((s) => `${op.schema}.${s}`));
  const current = (slot: Slot) => slot.candidates[slot.at];
  const giveUp = (slot: Slot, why: string) => {
    const candidate = current(slot);
    if (candidate && slot.url && BAD_KINDS.has(candidate.kinds[0])) {
      seeded.links.push({ op: op.name, field: dotted(slot.path), kind: candidate.kinds[0], value: candidate.value, verdict: why === 'schema' ? 'refused by the schema' : 'refused by the server' });
    }
    slot.refused = candidate ? why : 'length (no payload is short enough)';
    slot.at++;
  };
  const assemble = () => {
    const out = clone(body);
    for (const slot of slots) {
      const candidate = current(slot);
      setAt(out, slot.path, candidate ? candidate.value : slot.added ? undefined : slot.base);
    }
    // Containers added for slots that all gave up are left out again.
    for (const slot of slots) if (slot.added && !current(slot) && slot.path.length > 1 && isObject(getAt(out, slot.path.slice(0, -1))) && !Object.keys(getAt(out, slot.path.slice(0, -1)) as Json).length && getAt(op.base, slot.path.slice(0, -1)) === undefined) setAt(out, slot.path.slice(0, -1), undefined);
    return out;
  };
  const matching = (field: string) => slots.filter((s) => current(s) && (dotted(s.path) === field || dotted(s.path).startsWith(`${field}.`)));

  for (let round = 0; round < 40; round++) {
    const candidate = assemble();
    // The schema's own check, as the server runs it.
    const valid = entry.validate(candidate);
    if (!valid) {
      const errors = entry.validate.errors ?? [];
      const fields = new Set(errors.map((e) => e.instancePath.slice(1).replace(/\//g, '.')));
      const hit = [...fields].flatMap(matching);
      if (hit.length) {
        for (const slot of new Set(hit)) giveUp(slot, 'schema');
        continue;
      }
      // An error no payload field is under (an if/then at the root): give up the added fields, then all of them.
      const added = slots.filter((s) => s.added && current(s));
      const live = added.length ? added : slots.filter((s) => current(s));
      if (!live.length) {
        seeded.notes.push(`${op.name}: its base body is invalid (${errors.map((e) => `${e.instancePath} ${e.message}`).join('; ')}): not filled`);
        return null;
      }
      for (const slot of live) giveUp(slot, 'schema');
      continue;
    }
    if (!slots.some((s) => current(s))) {
      // No payload fits any field (numbers by their pattern): nothing to store, so no call.
      seeded.calls.push(`${op.name}: not called, ${slots.length ? `no payload fits any of its ${slots.length} string fields` : 'its body has no string field to fill'}`);
      seeded.schemas.add(op.schema);
      return null;
    }
    const answer = await client.call(op.method, op.path, { ...op.extra, ...candidate });
    debug(`${op.name}: round ${round}: ${answer.status}${answer.status >= 300 ? ` ${JSON.stringify(answer.json).slice(0, 300)}` : ''}`);
    if (answer.status < 300) {
      for (const slot of slots) {
        const c = current(slot);
        if (!c) continue;
        seeded.filled.push({ tag: slot.tag, op: op.name, schema: op.schema, field: dotted(slot.path), value: c.value, kinds: c.kinds });
        if (slot.url && BAD_KINDS.has(c.kinds[0])) seeded.links.push({ op: op.name, field: dotted(slot.path), kind: c.kinds[0], value: c.value, verdict: 'ACCEPTED' });
      }
      seeded.calls.push(`${op.name}: ${answer.status}, ${slots.filter((s) => current(s)).length} of ${slots.length} fields`);
      seeded.schemas.add(op.schema);
      for (const slot of slots) debug(`  ${dotted(slot.path)}: ${current(slot) ? current(slot).kinds.join('+') : `nothing fits (last refused by the ${slot.refused})`}`);
      return (answer.json as { data?: Json } | null)?.data ?? {};
    }
    if (answer.status !== 422) {
      seeded.notes.push(`${op.name}: answered ${answer.status} ${JSON.stringify(answer.json).slice(0, 300)}`);
      return null;
    }
    const keys = Object.keys((answer.json as { errors?: Json }).errors ?? {}).map((k) => errorField(k, op));
    const hit = keys.flatMap(matching);
    if (hit.length) {
      for (const slot of new Set(hit)) giveUp(slot, 'server');
      continue;
    }
    const live = slots.filter((s) => s.added && current(s));
    if (!live.length) {
      seeded.notes.push(`${op.name}: refused for fields that are not payloads (${JSON.stringify((answer.json as Json).errors).slice(0, 300)}): not filled`);
      return null;
    }
    for (const slot of live) giveUp(slot, 'server');
  }
  seeded.notes.push(`${op.name}: gave up after 40 rounds`);
  return null;
}

/** A view answer as the form's body: its `model` when it has one, else its fields under the schema's names. */
function asBody(answer: Json, schema: Schema): Json {
  const source = isObject(answer.model) ? answer.model : answer;
  const props = propertiesOf(schema, schema);
  const out: Json = {};
  for (const [key, value] of Object.entries(source)) {
    const name = key in props ? key : snake(key);
    if (name in props && value !== null && value !== undefined) out[name] = value;
  }
  return out;
}

/** Every resource manifest of the product (the same files the panel's registry globs). */
function resourceManifests(): ResourceManifest[] {
  return readdirSync('schemas')
    .filter((d) => statSync(join('schemas', d)).isDirectory())
    .flatMap((d) => readdirSync(join('schemas', d)).filter((f) => f.endsWith('.resource.json')).map((f) => JSON.parse(readFileSync(join('schemas', d, f), 'utf8')) as ResourceManifest));
}

/** Which catalog schema each JSON request body of the OpenAPI document is, by `METHOD /path`. */
function requestBodies(doc: Json): { method: string; path: string; schema: string }[] {
  const out: { method: string; path: string; schema: string }[] = [];
  for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, Json>>)) {
    for (const [method, op] of Object.entries(ops)) {
      const ref = (((op.requestBody as Json | undefined)?.content as Json | undefined)?.['application/json'] as Json | undefined)?.schema as Json | undefined;
      if (typeof ref?.$ref === 'string') out.push({ method: method.toUpperCase(), path: path.slice(API.length + 1), schema: ref.$ref.split('/').pop() as string });
    }
  }
  return out;
}

/** Stores payloads in every form the user (and staff) can fill; returns what was filled and the ids to visit. */
async function seed(request: APIRequestContext, baseURL: string, host: string): Promise<Seeded> {
  const seeded: Seeded = { filled: [], links: [], calls: [], notes: [], schemas: new Set(), unfillable: [], ids: new Map(), pdfFields: { invoice: [], receipt: [] }, uploads: 0 };
  const catalog = new SchemaCatalog(schemaLoaders);
  const user = await new Client(request, baseURL, host).signIn(EMAIL);
  const staff = await new Client(request, baseURL, host).signIn(STAFF_EMAIL);
  const clientOf = (op: Operation) => (op.as === 'staff' ? staff : user);
  const remember = (route: string | undefined, id: unknown, kind?: string) => {
    if (!route || id === undefined || id === null) return;
    const list = seeded.ids.get(route) ?? [];
    list.push({ id: String(id), kind });
    seeded.ids.set(route, list);
  };
  const run = async (op: Operation) => {
    const entry = await catalog.load(op.schema);
    const data = await fill(op, entry, clientOf(op), seeded);
    if (data && op.method === 'POST') remember(op.route, data.id, op.kind);
    return data;
  };

  // Uploads: the file names carry payloads (the server keeps a cleaned name); the HTML5 package calls the canary from
  // inside its sandbox, where running is its right.
  const name = (ext: string) => `<img src=x onerror=__xssCanary('upload:${ext}')>.${ext}`;
  const files = {
    image: { name: name('png'), mimeType: 'image/png', buffer: png(300, 250) },
    video: { name: name('mp4'), mimeType: 'video/mp4', buffer: MP4 },
    package: { name: name('zip'), mimeType: 'application/zip', buffer: zip([{ name: 'index.html', data: `<!doctype html><p>Package</p><script>__xssCanary('package:html')</script>` }]) },
  };
  const uploaded: Record<string, number> = {};
  for (const [kind, file] of Object.entries(files)) {
    const answer = await user.call('POST', 'media', undefined, { kind, file });
    expect(answer.status, `upload ${kind}: ${JSON.stringify(answer.json)}`).toBe(201);
    uploaded[kind] = (answer.json as { data: { id: number } }).data.id;
    seeded.uploads++;
  }

  const profile = (await user.ok('GET', 'profile')) as { data: Json };
  seeded.userId = profile.data.id as number;

  // The profile as a company (the invoice and the receipt print its details), with a messenger.
  const profileEntry = await catalog.load('profile_profile');
  const messengers = ((await user.ok('GET', 'collections/messengers')) as { data: { id: number }[] }).data;
  const profileBase = { ...asBody(profile.data, profileEntry.schema as Schema), account_type: 'company', company_name: 'Canary Ltd', company_address: '1 Canary Street', messengers: [{ messenger_id: messengers[0].id, nickname: 'canary' }] };
  await run({ name: 'PUT profile/update', schema: 'profile_profile', method: 'PUT', path: 'profile/update', as: 'user', base: profileBase, route: '/personal' });
  const printed = (schema: string, fields: string[]) => seeded.filled.filter((f) => f.schema === schema && fields.includes(f.field)).map((f) => f.tag);
  seeded.pdfFields.invoice.push(...printed('profile_profile', ['company_name', 'company_address', 'company_site', 'vat']));
  seeded.pdfFields.receipt.push(...printed('profile_profile', ['company_name']));

  // Ads: each valid example of each format, its media placeholders replaced by the uploads.
  const adsOf = new Map<string, string>();
  for (const c of adFormatExamples().filter((e) => e.verdict === 'valid')) {
    const schema = `ad_formats_${c.format.replace(/-/g, '_')}_creative`;
    const entry = await catalog.load(schema);
    const base = clone(c.example.data);
    for (const ref of mediaRefs(entry.uiSchema, base)) setAt(base, ref.field.split('.'), uploaded[ref.accept]);
    const data = await run({ name: `POST ads (${c.format}: ${c.example.title})`, schema, method: 'POST', path: 'ads', as: 'user', base, extra: { format: c.format }, route: '/ads', kind: c.format, tryBad: true });
    if (data?.id && !adsOf.has(c.format)) adsOf.set(c.format, String(data.id));
  }

  // The demo objects with traffic, renamed so the statistics and the dashboard show payloads: each demo ad and
  // campaign of the first demo campaigns.
  const listed = ((await user.ok('GET', 'campaigns')) as { data: { id: number; status: string }[] }).data;
  const demoCampaigns = [...listed.filter((c) => c.status === 'active'), ...listed.filter((c) => c.status !== 'active')];
  const campaignEntry = await catalog.load('campaigns_campaign');
  const firstCampaign = (await user.ok('GET', `campaigns/${demoCampaigns[0].id}`)) as { data: Json };
  const demoAdId = (firstCampaign.data.ad as { id: number }).id;
  const demoAd = (await user.ok('GET', `ads/${demoAdId}`)) as { data: Json };
  const demoAdSchema = `ad_formats_${String(demoAd.data.format).replace(/-/g, '_')}_creative`;
  await run({ name: `PUT ads/${demoAdId} (demo ad with traffic)`, schema: demoAdSchema, method: 'PUT', path: `ads/${demoAdId}`, as: 'user', base: asBody(demoAd.data, (await catalog.load(demoAdSchema)).schema as Schema), extra: { format: demoAd.data.format } });
  remember('/ads', demoAdId, `${demoAd.data.format} (demo)`);

  // A flat deal application (its note shows on its page and prints on its order), and the reason staff reject it with.
  const deals = ((await user.ok('GET', 'flat-deals?status=available&kind=site&ad_format_id=popunder')) as { data: { id: number }[] }).data;
  const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
  const application = await run({ name: 'POST flat-deal-applications', schema: 'marketplace_flat_deal_application', method: 'POST', path: 'flat-deal-applications', as: 'user', base: { flat_deal_id: deals[0].id, limit_type: 'days', limit_value: 7, starts_on: day(6), ends_on: day(12) }, route: '/marketplace/applications' });
  if (application?.id) {
    await run({ name: `POST admin/flat-deal-applications/${application.id}/reject`, schema: 'marketplace_admin_flat_deal_decision', method: 'POST', path: `admin/flat-deal-applications/${application.id}/reject`, as: 'staff', base: { note: 'Canary' } });
    remember('/marketplace/applications', application.id);
  }

  // A campaign group, and a campaign in it over a new ad of the demo campaign's format.
  const group = await run({ name: 'POST campaign-groups', schema: 'campaigns_campaign_group', method: 'POST', path: 'campaign-groups', as: 'user', base: { name: 'Canary group' } });
  const campaignBase = asBody(firstCampaign.data, campaignEntry.schema as Schema);
  const ownAd = adsOf.get(String(campaignBase.ad_format));
  const campaign = await run({ name: 'POST campaigns', schema: 'campaigns_campaign', method: 'POST', path: 'campaigns', as: 'user', base: { ...campaignBase, ...(ownAd ? { ad_id: Number(ownAd) } : {}), ...(group?.id ? { campaign_group_id: group.id } : {}) }, route: '/campaigns' });
  for (const { id } of demoCampaigns.slice(0, 3)) {
    const view = id === demoCampaigns[0].id ? firstCampaign : ((await user.ok('GET', `campaigns/${id}`)) as { data: Json });
    await run({ name: `PUT campaigns/${id} (demo campaign with traffic)`, schema: 'campaigns_campaign', method: 'PUT', path: `campaigns/${id}`, as: 'user', base: asBody(view.data, campaignEntry.schema as Schema) });
    remember('/campaigns', id);
  }

  // Every resource form: created, and its first demo item updated (the statistics name those).
  for (const manifest of resourceManifests()) {
    if (!manifest.form) continue;
    const entry = await catalog.load(manifest.form.schema);
    const list = (await user.call('GET', manifest.api.path)).json as { data?: Json[] } | null;
    const item = list?.data?.[0];
    const full = item ? (((await user.call('GET', `${manifest.api.path}/${item[manifest.api.idField ?? 'id']}`)).json as { data?: Json } | null)?.data ?? item) : undefined;
    const base = full ? asBody(full, entry.schema as Schema) : (minimalBody(entry.schema as Schema, entry.schema as Schema) as Json);
    const route = manifest.routes.view?.split('/:')[0] ?? manifest.routes.list;
    const created = await run({ name: `${manifest.form.create.method} ${manifest.form.create.path}`, schema: manifest.form.schema, method: manifest.form.create.method as Operation['method'], path: manifest.form.create.path, as: 'user', base, errorKeys: manifest.form.errorKeys, route, tryBad: true });
    if (manifest.form.schema === 'finances_invoice' && created?.id) {
      seeded.invoiceId = created.id as number;
      seeded.pdfFields.invoice.push(...printed('finances_invoice', ['note']));
      // The bank's reference staff record when the transfer arrives.
      await run({ name: `POST admin/invoices/${created.id}/paid`, schema: 'finances_admin_invoice_paid', method: 'POST', path: `admin/invoices/${created.id}/paid`, as: 'staff', base: {} });
    }
    if (manifest.form.update && item) {
      const id = String(item[manifest.api.idField ?? 'id']);
      const path = manifest.form.update.path.replace('{id}', id);
      await run({ name: `${manifest.form.update.method} ${path} (demo item)`, schema: manifest.form.schema, method: manifest.form.update.method as Operation['method'], path, as: 'user', base, errorKeys: manifest.form.errorKeys });
      remember(route, id);
    }
  }

  // A card verification request for staff to turn down.
  const verifications = ((await user.ok('GET', 'verifications/card')) as { data: Json }).data;
  const statuses = (verifications.statuses ?? {}) as Record<string, string>;
  const types = ((await catalog.load('verification_card_verification_request')).schema as unknown as { properties: { type: { enum: string[] } } }).properties.type.enum;
  const free = types.find((t) => !['pending', 'approved'].includes(statuses[t]));
  if (free) {
    const doc = await user.call('POST', 'media/documents', undefined, { type: free, file: { name: name('png'), mimeType: 'image/png', buffer: png(600, 400) } });
    expect(doc.status, `document upload: ${JSON.stringify(doc.json)}`).toBe(201);
    seeded.uploads++;
    await user.ok('POST', 'verifications/card', { type: free, documents: [(doc.json as { data: { id: number } }).data.id] });
    seeded.verificationType = free;
  }

  // The staff's words the advertiser reads: a moderator's details on the new ad and campaign, a verification's reason.
  const causes = ((await staff.ok('GET', 'admin/reject-causes')) as { data: { id: number }[] }).data;
  const pendingAd = ownAd ?? [...adsOf.values()][0];
  if (pendingAd) await run({ name: `POST admin/ads/${pendingAd}/approval`, schema: 'moderation_ad_moderation', method: 'POST', path: `admin/ads/${pendingAd}/approval`, as: 'staff', base: { status: 'needs_edits' } });
  if (campaign?.id) await run({ name: `POST admin/campaigns/${campaign.id}/approval`, schema: 'moderation_ad_moderation', method: 'POST', path: `admin/campaigns/${campaign.id}/approval`, as: 'staff', base: { status: 'rejected', reject_cause_id: causes[causes.length - 1].id } });
  if (free) {
    const queue = ((await staff.ok('GET', 'admin/verifications')) as { data: { id: number; type: string; user_email: string }[] }).data;
    const item = queue.find((q) => q.user_email === EMAIL && q.type === free);
    if (item) await run({ name: `POST admin/verifications/${item.id}/decision`, schema: 'verification_verification_decision', method: 'POST', path: `admin/verifications/${item.id}/decision`, as: 'staff', base: { status: 'rejected', reason: 'Canary' } });
  }

  // Every other request body of the API with strings: through the schema alone (a new form is filled unchanged).
  const doc = (await user.call('GET', 'docs/api.json')).json as Json;
  const covered = new Set([...seeded.schemas, ...Object.keys(NOT_STORED)]);
  for (const body of requestBodies(doc)) {
    if (covered.has(body.schema) || !catalog.has(body.schema)) continue;
    const entry = await catalog.load(body.schema);
    if (!hasFreeStrings(entry.schema as Schema, entry.schema as Schema)) continue;
    // A path parameter takes an id the filling stored under the path's first segment (`campaigns/{id}/price`).
    const id = seeded.ids.get(`/${body.path.split('/')[0]}`)?.[0]?.id;
    const path = body.path.replace(/\{[^}]+\}/, id ?? '{}');
    if (path.includes('{')) continue;
    covered.add(body.schema);
    await run({ name: `${body.method} ${path} (from its schema)`, schema: body.schema, method: body.method as Operation['method'], path, as: 'user', base: minimalBody(entry.schema as Schema, entry.schema as Schema) as Json, tryBad: true });
  }
  // Every form schema (and request body) with strings is filled or named in NOT_STORED.
  const forms = new Set([...requestBodies(doc).map((b) => b.schema), ...catalog.ids().filter((id) => /^ad_formats_.*_creative$/.test(id))]);
  const missing: string[] = [];
  for (const id of forms) {
    if (!catalog.has(id) || seeded.schemas.has(id) || NOT_STORED[id]) continue;
    const entry = await catalog.load(id);
    if (hasFreeStrings(entry.schema as Schema, entry.schema as Schema)) missing.push(id);
  }
  expect.soft(missing, `request bodies with strings that no call filled: add an operation or a NOT_STORED reason${seeded.notes.length ? `\n${seeded.notes.join('\n')}` : ''}`).toEqual([]);

  // A receipt: the first paid payment of the user.
  const payments = ((await user.ok('GET', 'finances/payments')) as { data: { id: number; is_downloadable: boolean }[] }).data;
  seeded.receiptId = payments.find((p) => p.is_downloadable)?.id;
  return seeded;
}

// ---- In the page. ----

/** Installs the canary before the panel's scripts: each call is reported with the frame's origin. */
function installCanary() {
  const w = window as unknown as { __xssCanary?: (tag: unknown) => void; __xssReport?: (info: unknown) => void; __xssCalls?: unknown[] };
  const calls: unknown[] = (w.__xssCalls = []);
  const report = (tag: unknown, how: string) => {
    const info = { tag: String(tag), how, origin: self.origin, href: location.href };
    calls.push(info);
    try {
      w.__xssReport?.(info);
    } catch {
      // The binding is missing in a frame Playwright does not reach: the list above still has the call.
    }
  };
  Object.defineProperty(window, '__xssCanary', { value: (tag: unknown) => report(tag, 'call'), writable: false, configurable: false });
}

/** What one page shows that it must not: injected markup, unsafe links, and which payload tags it shows as text. */
function inspectPage(): { injected: string[]; links: string[]; tags: string[]; origin: string } {
  const injected: string[] = [];
  const links: string[] = [];
  const describe = (el: Element) => `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.getAttribute('class') ? `.${String(el.getAttribute('class')).trim().split(/\s+/)[0]}` : ''}>`;
  const texts: string[] = [document.body?.textContent ?? '', document.title];
  for (const el of document.querySelectorAll('*')) {
    for (const attr of el.attributes) {
      if (/^on/i.test(attr.name) && attr.value.includes('__xssCanary')) injected.push(`${describe(el)} ${attr.name}="${attr.value.slice(0, 120)}"`);
      if (attr.name === 'srcdoc' && attr.value.includes('__xssCanary')) injected.push(`${describe(el)} srcdoc="${attr.value.slice(0, 120)}"`);
      if (['title', 'aria-label', 'placeholder', 'alt', 'value'].includes(attr.name)) texts.push(attr.value);
    }
    if (el.tagName === 'SCRIPT' && (el.textContent ?? '').includes('__xssCanary')) injected.push(`${describe(el)} ${(el.textContent ?? '').slice(0, 120)}`);
    // The short fields' payload, `<b data-xss=f12>`, parsed as markup.
    if (el.hasAttribute('data-xss')) injected.push(`${describe(el)} data-xss=${el.getAttribute('data-xss')}`);
    if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) texts.push(el.value);
  }
  const checks: [string, string][] = [
    ['a[href], area[href]', 'href'],
    ['iframe[src], frame[src], img[src], embed[src], video[src], audio[src], source[src], track[src], input[src]', 'src'],
    ['form[action]', 'action'],
    ['button[formaction], input[formaction]', 'formaction'],
    ['object[data]', 'data'],
    ['img[srcset], source[srcset]', 'srcset'],
  ];
  for (const [selector, attr] of checks) {
    for (const el of document.querySelectorAll(selector)) {
      const value = el.getAttribute(attr) ?? '';
      // What a link built from data must not start with, after removing whitespace and control characters, in any case.
      // eslint-disable-next-line no-control-regex
      const plain = value.replace(/[\s\u0000-\u001f]+/g, '');
      if (/^(javascript:|vbscript:|data:text\/html)/i.test(plain)) links.push(`${describe(el)} ${attr}="${value.slice(0, 120)}"`);
    }
  }
  const tags = new Set<string>();
  for (const text of texts) for (const m of text.matchAll(/__xssCanary\((?:['"](f\d+):|(\d+)\))|data-xss=(f\d+)/g)) tags.add(m[1] ?? m[3] ?? `f${m[2]}`);
  return { injected, links, tags: [...tags], origin: self.origin };
}

/** The tooltip of the first chart on the page, hovered at its middle (nivo draws series names there). */
async function hoverChart(page: Page) {
  const middle = await page.evaluate(() => {
    const chart = [...document.querySelectorAll('svg')].map((s) => s.getBoundingClientRect()).find((r) => r.width > 200 && r.height > 100 && r.top >= 0 && r.bottom <= innerHeight);
    return chart ? { x: chart.x + chart.width / 2, y: chart.y + chart.height / 2 } : null;
  });
  if (!middle) return;
  await page.mouse.move(middle.x, middle.y);
  await page.mouse.move(middle.x + 2, middle.y + 1);
  await page.evaluate(settle, { quiet: 50, limit: 1_000 });
}

interface CanaryCall {
  route: string;
  tag: string;
  how: string;
  origin: string;
  frame: string;
}

interface Finding {
  route: string;
  what: string;
}

/** Where a tag came from, for a failure's message. */
const describeTag = (tag: string, filled: ReadonlyMap<string, Filled>) => {
  const [id, kind = 'url-bare'] = /^\d+$/.test(tag) ? [`f${tag}`] : tag.split(':');
  const f = filled.get(id);
  return f ? `payload ${kind} of ${f.op}, field ${f.field} (${f.schema})` : `tag ${tag}`;
};

test('stored XSS canary: payloads in every stored string never run, links built from data are http(s) only, PDFs print them as text', async ({ browser, baseURL, request }) => {
  test.setTimeout(240_000);
  const started = Date.now();
  const port = new URL(baseURL as string).port;
  const host = `${NETWORK}.localhost:${port}`;
  const base = (baseURL as string).replace('localhost', `${NETWORK}.localhost`);

  // The route table loads through Vite while the API is filled.
  const routesLoaded = routeTable();
  const seeded = await seed(request, baseURL as string, host);
  const seededAt = Date.now();
  const filledByTag = new Map(seeded.filled.map((f) => [f.tag, f]));

  // ---- The walk. ----
  const network = ((await request.get(`${baseURL}${API}/network`, { headers: { Host: host } })).json() as Promise<{ data: { guardSections: string[] } }>).then((n) => n.data);
  const routes = walkable(await routesLoaded, new Set((await network).guardSections));
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, reducedMotion: 'reduce', bypassCSP: true });
  const calls: CanaryCall[] = [];
  const findings: Finding[] = [];
  /** The route each page is on, for what its frames report. */
  const routeOf = new Map<Page, string>();
  await context.exposeBinding('__xssReport', ({ frame, page }, info: { tag: string; how: string; origin: string }) => {
    calls.push({ route: routeOf.get(page) ?? '(loading)', tag: info.tag, how: info.how, origin: info.origin, frame: frame.url() });
  });
  await context.addInitScript(installCanary);
  await context.addInitScript(trackRequests);
  await context.addInitScript(() => self.origin !== 'null' && localStorage.setItem('locale', 'en'));
  // Saved statistics reports (kept in this browser) named with payloads, one per screen.
  const presetTag = newTag();
  const presetName = textCandidates(presetTag, { maxLength: 200 })[0].value;
  await context.addInitScript(
    ({ key, name }) => {
      if (self.origin === 'null') return;
      const filters = { start: '2020-01-01', end: '2020-01-14', campaigns: [], ads: [], formats: [], statuses: [], ssps: [] };
      const preset = (grouping: string) => [{ name, grouping, filters, hiddenColumns: [], metric: 'cost' }];
      localStorage.setItem(key, JSON.stringify({ version: 1, presets: { 'campaign-statistics': preset('date'), 'ssp-statistics': preset('ssp-date'), 'rtb-statistics': preset('rtb-date'), 'feed-statistics': preset('feed-date') }, hiddenColumns: {} }));
    },
    { key: `adpanel:statistics:${NETWORK}:${seeded.userId}`, name: presetName },
  );
  filledByTag.set('f0', { tag: 'f0', op: 'the tampered pass (an API answer rewritten in the browser)', schema: '-', field: 'a URL field', value: '', kinds: [] });
  filledByTag.set(presetTag, { tag: presetTag, op: 'saved statistics report (localStorage)', schema: 'statistics presets', field: 'name', value: presetName, kinds: [] });

  /** A signed-in page of the panel, its events recorded against the route it is on. */
  const openPage = async () => {
    const page = await context.newPage();
    routeOf.set(page, '(loading)');
    const route = () => routeOf.get(page) as string;
    page.on('dialog', (dialog) => {
      findings.push({ route: route(), what: `a ${dialog.type()} dialog: ${dialog.message().slice(0, 200)}` });
      void dialog.dismiss().catch(() => {});
    });
    page.on('console', (message) => {
      if (message.text().includes('__xssCanary')) findings.push({ route: route(), what: `console ${message.type()} from ${message.location().url}: ${message.text().slice(0, 200)}` });
    });
    page.on('popup', (popup) => {
      findings.push({ route: route(), what: `a window opened: ${popup.url()}` });
      void popup.close();
    });
    page.on('pageerror', (error) => {
      if (String(error.message).includes('__xssCanary')) findings.push({ route: route(), what: `page error: ${error.message.slice(0, 200)}` });
      else console.log(`xss canary: page error on ${route()}: ${error.message.slice(0, 200)}`);
    });
    await page.goto(`${base}/login`);
    const token = await page.evaluate(async ({ email, password }) => {
      const answer = await fetch('/api/private/v1/auth/login', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password }) });
      return answer.headers.get('authorization')?.replace(/^Bearer /, '') ?? `sign-in failed: ${answer.status}`;
    }, { email: EMAIL, password: PASSWORD });
    expect(token, `${EMAIL} signs in`).not.toMatch(/^sign-in failed/);
    await page.evaluate((t) => localStorage.setItem('auth_token', t), token);
    await page.goto(`${base}/dashboard`);
    await page.evaluate(settle, { quiet: 150, limit: 15_000 });
    await expect(page, 'the panel opens signed in').not.toHaveURL(/\/login$/);
    return page;
  };
  // Each page signs in for itself: sessions copied between pages would end as soon as one of them renews its token.
  const pages = [await openPage()];
  for (let i = 1; i < CONCURRENCY; i++) pages.push(await openPage());
  const panelOrigin = await pages[0].evaluate(() => location.origin);

  const shownTags = new Set<string>();
  const visited: string[] = [];
  const unsettled: string[] = [];
  const links = new Set<string>();

  /** One page to visit, and what to do there before it is inspected (hover a chart, open a dialog). */
  interface Visit {
    path: string;
    /** The route template and the kind of object (an ad's format), for the tampered pass. */
    template?: string;
    kind?: string;
    then?: (page: Page) => Promise<void>;
  }
  const visit = async (page: Page, { path, then }: Visit) => {
    const t0 = Date.now();
    routeOf.set(page, path);
    if (!(await open(page, path))) unsettled.push(path);
    if (then) await then(page);
    for (const frame of page.frames()) {
      const seen = await frameInspect(frame);
      if (!seen || seen.origin !== panelOrigin) continue;
      seen.injected.forEach((what) => findings.push({ route: path, what: `injected markup ${what}` }));
      seen.links.forEach((what) => findings.push({ route: path, what: `unsafe link ${what}` }));
      seen.tags.forEach((t) => shownTags.add(t));
    }
    (await page.evaluate(linkedPaths)).forEach((l) => links.add(l));
    visited.push(path);
    debug(`xss canary: ${path}: ${Date.now() - t0} ms`);
  };
  /** Visits the list on all pages side by side. */
  const walkAll = async (list: Visit[]) => {
    let next = 0;
    await Promise.all(
      pages.map(async (page) => {
        while (next < list.length) await visit(page, list[next++]);
      }),
    );
  };

  // Plain routes; the statistics by the groupings that name the user's objects, with the chart comparing the top
  // rows (its legend and tooltip name them); the saved reports.
  const hover = (page: Page) => hoverChart(page);
  const first: Visit[] = routes.filter((r) => !hasParams(r.path)).map((r) => ({ path: r.path, then: r.path.includes('statistics') || r.path === '/dashboard' ? hover : undefined }));
  for (const file of readdirSync('schemas/statistics').filter((f) => f.endsWith('.columns.json'))) {
    const set = JSON.parse(readFileSync(join('schemas/statistics', file), 'utf8')) as { id: string; source?: { screen: string; groupBy: string; byFormat?: boolean } };
    if (!set.source || set.source.byFormat || !['campaign', 'creative', 'traffic_provider'].includes(set.source.groupBy)) continue;
    if (!routes.some((r) => r.path === `/${set.source!.screen}`)) continue;
    first.push({ path: `/${set.source.screen}?group=${set.id}${set.source.screen === 'campaign-statistics' ? '&compare=5' : ''}`, then: hover });
  }
  for (const screen of routes.filter((r) => /statistics$/.test(r.path))) {
    first.push({
      path: `${screen.path}?presets`,
      then: async (page) => {
        await page.getByRole('button', { name: 'Saved reports' }).click();
        await page.evaluate(settle, { quiet: 100, limit: 5_000 });
      },
    });
  }
  await walkAll(first);

  // Parametrised routes: the ids the filling created (each ad's page; one form of each kind: the previews), else a
  // linked or listed id.
  const second: Visit[] = [];
  const filled = new Map<string, string>();
  const skipped: string[] = [];
  const formWait = async (page: Page) => void (await page.evaluate(settle, { quiet: 300, limit: 5_000 }));
  const parametrised = routes.filter((x) => hasParams(x.path));
  /** The first form of an object (`/ads/:id/duplicate`, `/ads/:id/edit`): shown once per kind, the others once. */
  const primary = new Set(parametrised.filter((x, i) => !/\/:[^/]+$/.test(x.path) && parametrised.findIndex((y) => !/\/:[^/]+$/.test(y.path) && y.path.split('/:')[0] === x.path.split('/:')[0]) === i).map((x) => x.path));
  for (const r of parametrised) {
    const prefix = r.path.split('/:')[0];
    const own = seeded.ids.get(prefix) ?? (r.path === '/verifications/:type' && seeded.verificationType ? [{ id: seeded.verificationType }] : r.path === '/upsale/:campaignId' ? seeded.ids.get('/campaigns')?.slice(0, 1) : undefined);
    const leaf = /\/:[^/]+$/.test(r.path);
    let ids = own ?? [];
    if (!leaf) ids = primary.has(r.path) ? ids.filter((x, i) => ids.findIndex((y) => y.kind === x.kind) === i) : ids.slice(0, 1);
    if (ids.length) {
      for (const { id, kind } of ids) second.push({ path: r.path.replace(/:[^/]+/, id), template: r.path, kind: leaf ? kind : undefined, then: leaf ? undefined : formWait });
      continue;
    }
    const path = fillParams(r.path, links, filled) ?? (await firstId(pages[0], r.path));
    if (path) {
      filled.set(r.path, path);
      second.push({ path });
    } else skipped.push(r.path);
  }
  await walkAll(second);

  // Links built from URLs that slipped past the server (a row stored before a check, an import): the answers of the API
  // are rewritten in the browser so every field the filling stored a URL in holds a dangerous address, and the pages
  // that show them are walked again. Nothing may become a link, a frame or an image source.
  const urlKeys = new Set(seeded.filled.filter((f) => f.kinds.some((k) => k.startsWith('url'))).map((f) => String(f.field.split('.').pop())));
  for (const key of [...urlKeys]) urlKeys.add(key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()));
  let tampered = 0;
  await context.route(`${base}${API}/**`, async (route) => {
    // Node does not resolve `*.localhost`: the call goes to the server by its own name, with the network's Host.
    const response = await route.fetch({ url: route.request().url().replace(base, baseURL as string), headers: { ...route.request().headers(), host } });
    if (route.request().method() !== 'GET' || !(response.headers()['content-type'] ?? '').includes('json')) return route.fulfill({ response });
    const rewrite = (value: unknown, key?: string): unknown => {
      if (typeof value === 'string' && key && urlKeys.has(key) && /^https?:\/\//i.test(value)) {
        const [, make] = BAD_URLS[tampered++ % BAD_URLS.length];
        return make('f0:tampered');
      }
      if (Array.isArray(value)) return value.map((v) => rewrite(v, key));
      if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, rewrite(v, k)]));
      return value;
    };
    return route.fulfill({ response, json: rewrite(await response.json()) });
  });
  const lists = resourceManifests().map((m) => m.routes.list);
  const third: Visit[] = [
    ...routes.filter((r) => lists.includes(r.path) || r.path === '/personal' || r.path === '/ads' || r.path === '/campaigns').map((r) => ({ path: r.path })),
    // Each view once per kind (every ad format's preview), the first form of each object once.
    ...second.filter((v, i) => v.template && (/\/:[^/]+$/.test(v.template) || primary.has(v.template)) && second.findIndex((w) => w.template === v.template && w.kind === v.kind) === i),
  ].map((v) => ({ ...v, path: `${v.path}${v.path.includes('?') ? '&' : '?'}tampered` }));
  await walkAll(third);
  const previews = visited.filter((p) => /^\/ads\/\d+/.test(p)).length;
  await context.close();
  const walkedAt = Date.now();

  // ---- The PDFs. ----
  const user = await new Client(request, baseURL as string, host).signIn(EMAIL);
  const pdfs: { name: string; tags: string[]; text: string }[] = [];
  if (seeded.invoiceId) {
    const answer = await user.call('GET', `invoices/${seeded.invoiceId}/document`);
    expect(answer.status, 'the invoice PDF').toBe(200);
    pdfs.push({ name: `invoice ${seeded.invoiceId}`, tags: seeded.pdfFields.invoice, text: (await pdfText(answer.bytes as Buffer)).text });
  }
  if (seeded.receiptId) {
    const answer = await user.call('GET', `payments/${seeded.receiptId}/receipt`);
    expect(answer.status, 'the receipt PDF').toBe(200);
    pdfs.push({ name: `receipt ${seeded.receiptId}`, tags: seeded.pdfFields.receipt, text: (await pdfText(answer.bytes as Buffer)).text });
  }
  const squash = (s: string) => s.replace(/\s+/g, '');
  expect.soft(pdfs.map((p) => p.name.split(' ')[0]), 'an invoice and a receipt to read').toEqual(['invoice', 'receipt']);

  // ---- The report. ----
  const panelCalls = calls.filter((c) => c.origin === panelOrigin || c.origin === new URL(base).origin);
  const contained = calls.length - panelCalls.length;
  const fields = seeded.filled.length;
  const links422 = seeded.links.filter((l) => l.verdict !== 'ACCEPTED');
  const shownFields = [...shownTags].filter((t) => t !== 'f0' && filledByTag.has(t)).length;
  console.log(
    [
      `xss canary: ${seeded.schemas.size} schemas walked, ${fields} string fields filled in ${seeded.calls.length} calls (+${seeded.uploads} uploads named with payloads) in ${((seededAt - started) / 1000).toFixed(1)} s`,
      `xss canary: ${links422.length} dangerous URLs refused (${links422.filter((l) => l.verdict === 'refused by the server').length} by the server, the rest by the schema), ${seeded.links.length - links422.length} accepted`,
      `xss canary: ${visited.length} routes visited in ${((walkedAt - seededAt) / 1000).toFixed(1)} s, ${previews} ad previews, ${pdfs.length} PDFs checked; payloads of ${shownFields} of ${filledByTag.size - 1} fields shown as text`,
      `xss canary: canary calls: ${panelCalls.length} in the panel, ${contained} contained in sandboxed previews (${[...new Set(calls.filter((c) => !panelCalls.includes(c)).map((c) => c.tag))].join(', ') || 'none'}); ${findings.length} other findings`,
      ...(skipped.length ? [`xss canary: no id for ${skipped.join(', ')}`] : []),
      ...(unsettled.length ? [`xss canary: still busy after 15 s: ${unsettled.join(', ')}`] : []),
      ...(seeded.unfillable.length ? [`xss canary: no payload fits ${[...new Set(seeded.unfillable)].join(', ')}`] : []),
      `xss canary: payloads no page showed: ${[...filledByTag.values()].filter((f) => f.tag !== 'f0' && !shownTags.has(f.tag)).map((f) => `${f.op} ${f.field}`).join('; ') || 'none'}`,
      ...seeded.notes.map((n) => `xss canary: note: ${n}`),
      ...(DEBUG ? seeded.calls.map((c) => `xss canary: call ${c}`) : []),
      `xss canary: ${Math.round((Date.now() - started) / 1000)} s in all`,
    ].join('\n'),
  );

  expect.soft(panelCalls.map((c) => `${c.route}: ${describeTag(c.tag, filledByTag)} (${c.how} in ${c.frame})`), 'the canary ran in the panel').toEqual([]);
  /** A finding with where its payload came from (the first tag it names). */
  const explain = (what: string) => {
    const tag = [...what.matchAll(TAG)].map((m) => m[3] ?? `${m[1]}:${m[2]}`)[0] ?? /data-xss=(f\d+)/.exec(what)?.[1]?.concat(':markup');
    return tag ? `${what} ← ${describeTag(tag, filledByTag)}` : what;
  };
  expect.soft([...new Set(findings.map((f) => `${f.route}: ${explain(f.what)}`))], 'injected markup, unsafe links, dialogs or canary errors').toEqual([]);
  expect.soft(seeded.links.filter((l) => l.verdict === 'ACCEPTED').map((l) => `${l.op} ${l.field}: ${l.value}`), 'URLs that are not http(s) were stored').toEqual([]);
  expect.soft(fields, 'string fields filled').toBeGreaterThan(50);
  expect.soft(shownFields, 'payloads the pages show as text (the walk reached the data)').toBeGreaterThan(20);
  for (const pdf of pdfs) {
    const text = squash(pdf.text);
    expect.soft(text, `${pdf.name}: the payload is HTML-escaped`).not.toMatch(/&lt;|&gt;|&quot;|&#/);
    for (const tag of pdf.tags) {
      const f = filledByTag.get(tag) as Filled;
      // Long text is cut with an ellipsis: the first payload of the field must be there whole, as literal text.
      const first = f.value.includes(')') ? f.value.slice(0, f.value.indexOf(')') + 1) : f.value;
      expect.soft(text, `${pdf.name}: ${f.op} ${f.field} printed as literal text`).toContain(squash(first));
    }
  }
});

/** `inspectPage` in one frame; null for a frame that is gone or not reachable. */
async function frameInspect(frame: Frame) {
  try {
    return await frame.evaluate(inspectPage);
  } catch {
    return null;
  }
}
