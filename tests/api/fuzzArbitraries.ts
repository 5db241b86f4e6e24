/**
 * fast-check arbitraries for tests/api/fuzz.test.ts: requests derived from an operation of the OpenAPI document
 * (its path and query parameters, headers and JSON body schema), valid-ish values mutated into wrong types, missing
 * and extra fields, boundary numbers, odd strings, prototype keys, huge and deep bodies and odd content types.
 */
import fc from 'fast-check';

export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** JSON text written as it is into a body (numbers JSON.stringify cannot write: 1e400, -0, 40 digits; deep nesting). */
export class Raw {
  constructor(readonly text: string) {}
}

/** JSON text of a value that may hold Raw pieces (which JSON.stringify cannot write) and own `__proto__` keys. */
export function toJsonText(value: unknown): string {
  if (value instanceof Raw) return value.text;
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : toJsonText(v))).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.keys(value)
      .filter((k) => (value as Json)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${toJsonText((value as Json)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** An object with an own (not inherited) key, even `__proto__`. */
export function withOwnKey(target: Json, key: string, value: unknown): Json {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  return target;
}

// ---------------------------------------------------------------------------------------------------------------
// Odd values

/** Numbers at the edges: of 32-bit columns, of exact doubles, of doubles; and numbers JSON.parse turns into Infinity or -0. */
export const boundaryNumber: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(0, -1, 1, 2 ** 31 - 1, 2 ** 31, -(2 ** 31), -(2 ** 31) - 1, 2 ** 32, 2 ** 53, 2 ** 53 + 2, -(2 ** 53), 1e308, -1e308, 5e-324, 0.1, 1.5, -0.5, 1e21),
  fc.constantFrom(new Raw('-0'), new Raw('1e400'), new Raw('-1e400'), new Raw('1e-400'), new Raw('123456789012345678901234567890'), new Raw('0.' + '1'.repeat(400)), new Raw('9'.repeat(400))),
  fc.integer(),
  fc.double(),
);

/** Strings that look like numbers to a lenient parser. */
export const numericString: fc.Arbitrary<string> = fc.constantFrom('NaN', '-NaN', 'Infinity', '-Infinity', '-0', '0', '-1', '1e308', '1e400', '2147483648', '9007199254740993', '9'.repeat(400), '0x1F', '1_000', ' 1 ', '1.', '.5', '1,5', '+1', '00001', '1e-7', '١٢٣');

/** Odd text: lone surrogates, direction marks, zero-width and combining characters, control characters, long runs, markup, format strings. */
export const oddString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\uD800',
    '\uDFFF',
    'a\uD800b',
    '\uDC00\uD800',
    '\u202Eevil\u202C',
    '\u200F\u200E\u061C',
    '\u200B\u200C\u200D\uFEFF',
    'e\u0301\u0301\u0301\u0301',
    '\u0001\u0008\u001B[31m\u007F',
    '\r\n\t\v\f',
    '\uFFFE\uFFFF',
    '😀👨‍👩‍👧‍👦🏳️‍🌈',
    'Ω≈ç√∫µ',
    '<script>alert(1)</script>',
    '"><img src=x onerror=alert(1)>',
    "' OR '1'='1",
    "'; --",
    '%s%s%n%x',
    '{{7*7}}${7*7}',
    '../../../../etc/passwd',
    'javascript:alert(1)',
    'http://169.254.169.254/latest/meta-data/',
    'null',
    'undefined',
    'true',
    '[]',
    '{}',
  ),
  numericString,
  fc.constantFrom(100_000, 65_536, 10_001).chain((n) => fc.constantFrom('x'.repeat(n), '\uD800'.repeat(n), '\u202E'.repeat(n), '7'.repeat(n), 'é'.repeat(n))),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
);

/** Any odd JSON value (in a field, as an array item, or as the whole body). */
export const oddValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: oddString },
  { weight: 4, arbitrary: boundaryNumber },
  { weight: 2, arbitrary: fc.constantFrom(null, true, false, [], {}, [null], [[]], { '': null }) },
  { weight: 1, arbitrary: fc.array(boundaryNumber, { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.array(oddString, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.constantFrom(200, 2_000).map((n) => new Raw('['.repeat(n) + ']'.repeat(n))) },
  { weight: 1, arbitrary: fc.constantFrom(new Raw(`[${'1,'.repeat(99_999)}1]`), new Raw(`[${'"a",'.repeat(49_999)}"a"]`), new Raw(`{${Array.from({ length: 20_000 }, (_, i) => `"k${i}":${i}`).join(',')}}`)) },
  { weight: 1, arbitrary: fc.constantFrom(200, 2_000).map((n) => new Raw('{"a":'.repeat(n) + '1' + '}'.repeat(n))) },
);

/** Keys that poison prototypes when merged naively. */
export const protoKey = fc.constantFrom('__proto__', 'constructor', 'prototype');
export const protoValue = fc.constantFrom<unknown>({ polluted: 'yes' }, { prototype: { polluted: 'yes' } }, 'yes', [1], null);

/** An extra key no schema declares. */
export const extraKey: fc.Arbitrary<string> = fc.oneof(fc.constantFrom('extra', 'id', 'user_id', 'network_id', 'is_admin', 'role', 'balance', '', ' ', '$where', 'a.b', '0', 'toString', 'hasOwnProperty', 'valueOf'), fc.string({ maxLength: 10 }));

// ---------------------------------------------------------------------------------------------------------------
// Values from schemas

export interface SchemaContext {
  /** Follows a `$ref` of the document (and returns anything else as it is). */
  deref(node: Json): Json;
  /** Valid-ish values for a field by its name (ids of the signed-in user's objects, a known e-mail), if any. */
  hint(name: string, schema: Json): fc.Arbitrary<unknown> | null;
}

/** One schema of the allOf / oneOf / anyOf family merged into its parent's properties (good enough for valid-ish values). */
function merged(schema: Json, ctx: SchemaContext): Json {
  if (!Array.isArray(schema.allOf)) return schema;
  const out: Json = { ...schema, allOf: undefined };
  for (const part of schema.allOf.map((p: Json) => merged(ctx.deref(p), ctx))) {
    out.type ??= part.type;
    if (part.properties) out.properties = { ...out.properties, ...part.properties };
    if (part.required) out.required = [...new Set([...(out.required ?? []), ...part.required])];
    for (const k of ['enum', 'const', 'pattern', 'format', 'minimum', 'maximum', 'minLength', 'maxLength', 'items', 'minItems', 'maxItems']) if (part[k] !== undefined) out[k] ??= part[k];
  }
  return out;
}

const MAX_DEPTH = 6;

/** Values that a schema accepts, mostly (patterns, formats and ranges are followed; `if`/`then` and cross-field rules are not). */
export function validish(node: Json | undefined, ctx: SchemaContext, name = '', depth = 0): fc.Arbitrary<unknown> {
  if (!node || typeof node !== 'object' || depth > MAX_DEPTH) return fc.constant(null);
  const schema = merged(ctx.deref(node), ctx);
  const hinted = name ? ctx.hint(name, schema) : null;
  const own = plain(schema, ctx, name, depth);
  return hinted ? fc.oneof({ weight: 2, arbitrary: hinted }, { weight: 1, arbitrary: own }) : own;
}

function plain(schema: Json, ctx: SchemaContext, name: string, depth: number): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (Array.isArray(schema.enum) && schema.enum.length) return fc.constantFrom(...(schema.enum as unknown[]));
  const branches = (schema.oneOf ?? schema.anyOf) as Json[] | undefined;
  if (Array.isArray(branches) && branches.length) {
    const rest = { ...schema, oneOf: undefined, anyOf: undefined };
    return fc.oneof(...branches.map((b) => validish(merged({ allOf: [rest, ctx.deref(b)] }, ctx), ctx, name, depth + 1)));
  }
  const types = ([schema.type].flat().filter(Boolean) as string[]).filter((t) => t !== 'null');
  const type = types[0] ?? (schema.properties ? 'object' : schema.items ? 'array' : undefined);
  const maybeNull = [schema.type].flat().includes('null');
  const arb = typed(type, schema, ctx, name, depth);
  return maybeNull ? fc.oneof({ weight: 4, arbitrary: arb }, { weight: 1, arbitrary: fc.constant(null) }) : arb;
}

function typed(type: string | undefined, schema: Json, ctx: SchemaContext, name: string, depth: number): fc.Arbitrary<unknown> {
  switch (type) {
    case 'object': {
      const props = Object.entries((schema.properties ?? {}) as Json);
      if (!props.length) {
        const extra = schema.additionalProperties;
        if (extra && typeof extra === 'object') return fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), validish(extra, ctx, '', depth + 1), { maxKeys: 3 });
        return fc.constant({});
      }
      // Optional fields now and then: each one is a chance to break a cross-field rule, and valid-ish bodies should pass.
      const required = new Set((schema.required ?? []) as string[]);
      const model = Object.fromEntries(
        props.map(([key, sub]) => {
          const arb = validish(sub as Json, ctx, key, depth + 1);
          return [key, required.has(key) ? arb : fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: arb })];
        }),
      );
      return fc.record(model).map((o) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)));
    }
    case 'array': {
      const items = validish(Array.isArray(schema.items) ? schema.items[0] : schema.items, ctx, singular(name), depth + 1);
      const minLength = Math.min(schema.minItems ?? 0, 5);
      const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? 4, 4));
      return schema.uniqueItems ? fc.uniqueArray(items, { minLength, maxLength, selector: (v) => toJsonText(v) }) : fc.array(items, { minLength, maxLength });
    }
    case 'string':
      return stringFor(schema);
    case 'integer': {
      const min = Math.max(bound(schema.minimum, schema.exclusiveMinimum, 1) ?? -5, -(2 ** 31));
      const max = Math.min(bound(schema.maximum, schema.exclusiveMaximum, -1) ?? Math.max(min, 0) + 1000, 2 ** 31 - 1);
      return fc.integer({ min, max: Math.max(min, max) });
    }
    case 'number': {
      const min = bound(schema.minimum, schema.exclusiveMinimum, 0) ?? -1000;
      const max = bound(schema.maximum, schema.exclusiveMaximum, 0) ?? min + 10_000;
      return fc.double({ min, max: Math.max(min, max), noNaN: true, noDefaultInfinity: true });
    }
    case 'boolean':
      return fc.boolean();
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

const bound = (inclusive: unknown, exclusive: unknown, step: number) =>
  typeof exclusive === 'number' ? exclusive + step : typeof inclusive === 'number' ? inclusive : undefined;

const singular = (name: string) => (name.endsWith('ies') ? `${name.slice(0, -3)}y` : name.endsWith('s') ? name.slice(0, -1) : name);

function stringFor(schema: Json): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 30, 60));
  const fit = (arb: fc.Arbitrary<string>) => arb.filter((s) => s.length >= minLength && s.length <= (schema.maxLength ?? Infinity));
  switch (schema.format) {
    case 'email':
      return fit(fc.emailAddress());
    // Within one year, so that two dates of a range mostly make a valid range (reports allow a year at most).
    case 'date':
      return fc.date({ min: new Date('2026-01-01'), max: new Date('2026-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    case 'date-time':
      return fc.date({ min: new Date('2026-01-01'), max: new Date('2026-12-31'), noInvalidDate: true }).map((d) => d.toISOString());
    case 'uri':
    case 'url':
      return fit(fc.webUrl());
    case 'uuid':
      return fc.uuid();
  }
  if (typeof schema.pattern === 'string') {
    try {
      return fc.stringMatching(new RegExp(schema.pattern, 'u')).filter((s) => s.length >= minLength && s.length <= (schema.maxLength ?? 200));
    } catch {
      // A pattern fast-check cannot read: plain strings.
    }
  }
  // Mostly plain ASCII; now and then any code points (lone surrogates, direction marks) or an odd string that fits.
  return fc.oneof(
    { weight: 4, arbitrary: fc.string({ minLength, maxLength }) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength, maxLength }) },
    ...(minLength <= 5 ? [{ weight: 1, arbitrary: fit(oddString) }] : []),
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Mutating a valid-ish value

export type Mutation =
  | { kind: 'none' }
  | { kind: 'replace'; at: number; value: unknown }
  | { kind: 'drop'; at: number }
  | { kind: 'extra'; at: number; key: string; value: unknown }
  | { kind: 'proto'; at: number; key: string; value: unknown }
  | { kind: 'body'; value: unknown };

export const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('replace' as const), at: fc.nat(), value: oddValue }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('drop' as const), at: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('extra' as const), at: fc.nat(), key: extraKey, value: fc.oneof(oddValue, fc.jsonValue({ maxDepth: 2 })) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('proto' as const), at: fc.nat(), key: protoKey, value: protoValue }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('body' as const), value: oddValue }) },
);

/** The places inside a value (breadth first, at most 200): each a path of keys. */
function placesIn(value: unknown): (string | number)[][] {
  const out: (string | number)[][] = [];
  const queue: { node: unknown; path: (string | number)[] }[] = [{ node: value, path: [] }];
  while (queue.length && out.length < 200) {
    const { node, path } = queue.shift()!;
    if (path.length) out.push(path);
    if (Array.isArray(node)) node.forEach((child, i) => queue.push({ node: child, path: [...path, i] }));
    else if (node !== null && typeof node === 'object' && !(node instanceof Raw)) for (const key of Object.keys(node)) queue.push({ node: (node as Json)[key], path: [...path, key] });
  }
  return out;
}

const clone = (value: unknown): unknown =>
  value instanceof Raw ? value : Array.isArray(value) ? value.map(clone) : value !== null && typeof value === 'object' ? Object.keys(value).reduce((o, k) => withOwnKey(o, k, clone((value as Json)[k])), {} as Json) : value;

/** The value with one mutation applied (the original is left alone). */
export function mutate(original: unknown, m: Mutation): unknown {
  if (m.kind === 'none') return original;
  if (m.kind === 'body') return m.value;
  const value = clone(original);
  const places = placesIn(value);
  const containers: (string | number)[][] = [[], ...places.filter((p) => isContainer(at(value, p)))];
  if (m.kind === 'replace' || m.kind === 'drop') {
    if (!places.length) return m.kind === 'replace' ? m.value : value;
    const path = places[m.at % places.length];
    const parent = at(value, path.slice(0, -1)) as Json;
    const key = path[path.length - 1];
    if (m.kind === 'replace') withOwnKey(parent, String(key), m.value);
    else if (Array.isArray(parent)) parent.splice(Number(key), 1);
    else delete parent[key];
    return value;
  }
  const target = at(value, containers[m.at % containers.length]);
  if (Array.isArray(target)) {
    target.push(m.kind === 'proto' ? withOwnKey({}, m.key, m.value) : m.value);
    return value;
  }
  if (target !== null && typeof target === 'object') {
    withOwnKey(target as Json, m.key, m.value);
    return value;
  }
  return withOwnKey({}, m.key, m.value);
}

const isContainer = (v: unknown) => v !== null && typeof v === 'object' && !(v instanceof Raw);
const at = (value: unknown, path: (string | number)[]): unknown => path.reduce<unknown>((node, key) => (node as Json)[key], value);

// ---------------------------------------------------------------------------------------------------------------
// Sizes and content types

/** How big the body gets: as generated, or padded to near the 1 MiB body limit, or beyond it, or nested 50,000 deep. */
export type Size = 'as-is' | 'near-limit' | 'beyond-limit' | 'deep';
export const size: fc.Arbitrary<Size> = fc.constantFrom<Size>('near-limit', 'beyond-limit', 'deep');

export const BODY_LIMIT = 1024 * 1024;

/** JSON text of a body of a chosen size: padding goes into an extra field (objects), an item (arrays) or the body itself. */
export function sized(text: string, how: Size): string {
  if (how === 'as-is') return text;
  if (how === 'deep') return '['.repeat(50_000) + text + ']'.repeat(50_000);
  const goal = how === 'near-limit' ? BODY_LIMIT - 1024 : BODY_LIMIT + 4096;
  const pad = 'x'.repeat(Math.max(0, goal - text.length - 16));
  if (text.startsWith('{') && text !== '{}') return `{"padding":"${pad}",${text.slice(1)}`;
  if (text === '{}') return `{"padding":"${pad}"}`;
  if (text.startsWith('[') && text !== '[]') return `["${pad}",${text.slice(1)}`;
  return JSON.stringify(pad);
}

/** How the body travels: a content type (or none) and how the JSON text is wrapped. */
export interface Envelope {
  contentType: string | null;
  wrap: 'json' | 'xml' | 'form' | 'multipart' | 'bytes' | 'utf16';
}

/** Content types other than plain `application/json` (the valid-ish request's). */
export const envelope: fc.Arbitrary<Envelope> = fc.constantFrom<Envelope>(
  { contentType: 'application/json; charset=utf-8', wrap: 'json' },
  { contentType: 'application/json; charset=UTF-8', wrap: 'json' },
  { contentType: 'application/json; charset=utf-16', wrap: 'utf16' },
  { contentType: 'application/json; charset=latin1', wrap: 'json' },
  { contentType: 'application/json; charset=x-unknown', wrap: 'json' },
  { contentType: 'application/json;charset=', wrap: 'json' },
  { contentType: 'application/json; boundary=x; charset=utf-8; charset=utf-16', wrap: 'json' },
  { contentType: 'APPLICATION/JSON', wrap: 'json' },
  { contentType: 'application/json ', wrap: 'json' },
  { contentType: 'application/vnd.api+json', wrap: 'json' },
  { contentType: 'application/jsonx', wrap: 'json' },
  { contentType: 'text/plain', wrap: 'json' },
  { contentType: 'text/plain; charset=utf-8', wrap: 'json' },
  { contentType: 'text/html', wrap: 'json' },
  { contentType: 'application/xml', wrap: 'xml' },
  { contentType: 'text/xml; charset=utf-8', wrap: 'xml' },
  { contentType: 'application/x-www-form-urlencoded', wrap: 'form' },
  { contentType: 'multipart/form-data; boundary=----fuzz', wrap: 'multipart' },
  { contentType: 'multipart/form-data', wrap: 'multipart' },
  { contentType: 'multipart/form-data; boundary=', wrap: 'multipart' },
  { contentType: 'multipart/mixed; boundary=----fuzz', wrap: 'multipart' },
  { contentType: 'application/octet-stream', wrap: 'bytes' },
  { contentType: 'image/png', wrap: 'bytes' },
  { contentType: '*/*', wrap: 'json' },
  { contentType: 'application/json, text/plain', wrap: 'json' },
  { contentType: ';', wrap: 'json' },
  { contentType: 'json', wrap: 'json' },
  { contentType: '', wrap: 'json' },
  { contentType: null, wrap: 'json' },
);

/** The bytes of a body in its envelope. */
export function wrapped(text: string, how: Envelope['wrap']): string | Buffer {
  switch (how) {
    case 'json':
      return text;
    case 'utf16':
      return Buffer.from(text, 'utf16le');
    case 'xml':
      return `<?xml version="1.0" encoding="UTF-8"?><!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]><body>&x;<json><![CDATA[${text}]]></json></body>`;
    case 'form':
      return `json=${encoded(text)}&__proto__[polluted]=yes&constructor[prototype][polluted]=yes&a[]=1&a[]=2`;
    case 'multipart':
      return [
        '------fuzz',
        'Content-Disposition: form-data; name="__proto__"',
        '',
        text,
        '------fuzz',
        'Content-Disposition: form-data; name="file"; filename="../../evil\u0000.php"',
        'Content-Type: image/png',
        '',
        '\u0089PNG\r\n\u001a\n junk',
        '------fuzz',
        'Content-Disposition: form-data; name="unterminated"',
        '',
        'no closing boundary',
      ].join('\r\n');
    case 'bytes':
      return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff, 0xfe]), Buffer.from(text)]);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// URL parts

/** Percent-encoded text; a lone surrogate (which has no UTF-8 form) becomes U+FFFD, as a browser sends it. */
export const encoded = (text: string) => encodeURIComponent(text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'));

/** Odd values for a path segment, already URL-encoded where they need to be. */
export const oddSegment: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '0',
    '-1',
    '-0',
    '2147483647',
    '2147483648',
    '-2147483649',
    '9007199254740993',
    '1e308',
    '1e400',
    '9'.repeat(400),
    'NaN',
    'Infinity',
    '0x10',
    '1.5',
    '1%20',
    '%201',
    '+1',
    'abc',
    'null',
    'undefined',
    '__proto__',
    'constructor',
    'prototype',
    '%2F',
    '1%2F2',
    '..%2F..%2Fetc%2Fpasswd',
    '%2E%2E',
    '..',
    '%5C..%5C',
    '%ED%A0%80',
    '%E2%80%AE1',
    '%EF%BF%BF',
    '%C0%AF',
    '%',
    '%zz',
    '%25',
    '%3Cscript%3E',
    "'%20OR%20'1'%3D'1",
    'a'.repeat(5000),
  ),
  oddString.map((s) => encoded(s).slice(0, 20_000)),
);

/** A query value: a string in the URL (encoded), or a raw piece put in the URL as it is. */
export type QueryValue = { raw: string } | string;

/** Odd query values: like path segments, plus repeated keys and empty values. */
export const oddQueryValue: fc.Arbitrary<QueryValue> = fc.oneof(
  numericString,
  oddString.map((s) => s.slice(0, 20_000)),
  fc.constantFrom<QueryValue>({ raw: '%ED%A0%80' }, { raw: '%' }, { raw: '%zz' }, { raw: '%C0%AF' }, { raw: '' }, { raw: '%00' }, { raw: 'a&b=c' }, { raw: '%26%3D' }),
);

/** Extra query keys: prototype keys (flat and bracketed), a bracket pile, undeclared keys. */
export const extraQuery: fc.Arbitrary<[string, QueryValue][]> = fc.array(
  fc.oneof(
    fc.tuple(fc.constantFrom('__proto__', '__proto__[polluted]', '__proto__[]', 'constructor', 'constructor[prototype][polluted]', 'prototype', 'toString', 'hasOwnProperty'), fc.constantFrom<QueryValue>('yes', '1', '')),
    fc.tuple(fc.constantFrom('a[b][c]', '[]', 'x[]', '%5B%5D', 'extra', 'page[]', '&', '='), oddQueryValue),
  ),
  { maxLength: 3 },
);

/** A query string of pairs: strings are percent-encoded, raw pieces go as they are. */
export function queryText(pairs: [string, QueryValue][]): string {
  return pairs.map(([key, value]) => `${key}=${typeof value === 'string' ? encoded(value) : value.raw}`).join('&');
}

/** Header values are Latin-1 text; anything else would stop the test client before the server sees it. */
export const headerSafe = (s: string) => s.replace(/[^\x20-\x7E]/g, '').slice(0, 8_000);
