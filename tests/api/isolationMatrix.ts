/**
 * The tenant and owner isolation matrix (tests/api/isolation.test.ts), read from the OpenAPI document (GET
 * docs/api.json) and nothing else: which routes take the id of a user's object in their path or body, which
 * collection each id belongs to, how to list or make one, and a valid body for every call. A route added to the
 * document is in the matrix without a change here; a route this file cannot place is named by the test, never
 * skipped.
 */

export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** One operation of the document; `path` is relative to the API prefix (`campaigns/{id}`). */
export interface Operation {
  method: string;
  path: string;
  op: Json;
  /** `PUT campaigns/{id}`: how the test names the route. */
  name: string;
}

/**
 * A kind of object users own: where the user's objects are listed and how one is made. Nested objects (the
 * creatives of an ad, the updating rules of a campaign) are listed in a property of their parent's answer.
 */
export interface Collection {
  key: string;
  /** The GET route listing the user's objects (`campaigns`, `finances/payments`); none when they are only made (`documents`). */
  list?: string;
  /** The network's, not a user's (NETWORK_COLLECTIONS): only another network is checked. */
  shared?: { reason: string; query: string };
  /** Nested: the parent collection and the property of its object's answer that lists these. */
  parent?: { collection: Collection; item: string; property: string };
  /** The POST route that makes one: a JSON body from its schema, or an upload when the document has no body. */
  create?: Operation;
}

/** A body property that names another object: where it is in the body, and whose object it is. */
export interface BodyId {
  /** Property names from the body's root; `[]` stands for "an item of the array". */
  at: string[];
  many: boolean;
  /** The owned collection it refers to, or null for a lookup every user may read (see LOOKUP_BODY_IDS). */
  collection: Collection | null;
}

/**
 * Body ids that name things no user owns, so another user may send them: each with the reason. Anything else the
 * name rule finds must resolve to a collection of the user's own objects, or the test fails naming it.
 */
export const LOOKUP_BODY_IDS: Record<string, string> = {
  payment_method_id: "a payment method of the network's config (GET settings), the same for every user of the network",
  messenger_id: 'a kind of messenger (Telegram, Skype, ...) from the network-wide lookup',
  ids: 'site ids of the network marketplace (sites/search, sites/details): public supply, not owned by an advertiser',
  traffic_provider_subscription_plan_id: "a provider plan of the network's config, the same for every user of the network (another network's plan is a 422: tests/api/providerSubscriptions.test.ts)",
};

/**
 * Collections the network owns rather than one user: every user of the network reads them (so another user of the
 * same network is no attacker), and a user of another network must get 404 like for an id that does not exist. The
 * query narrows the list the test takes an object from to one any user can act on.
 */
export const NETWORK_COLLECTIONS: Record<string, { reason: string; query: string }> = {
  'flat-deals': { reason: "the network's flat deals, on sale to every advertiser of the network", query: 'status=available&ad_format_id=popunder&kind=site' },
};

/** A route left out of the matrix and why (from its security, path or declared answers). */
export interface Excluded {
  name: string;
  reason: string;
}

const kebab = (s: string) => s.replace(/_/g, '-');
const snake = (s: string) => s.replace(/-/g, '_');
const isParam = (segment: string) => /^\{.+\}$/.test(segment);

export class IsolationMatrix {
  readonly operations: Operation[];
  private readonly collections = new Map<string, Collection>();

  constructor(
    readonly doc: Json,
    private readonly prefix: string,
  ) {
    this.operations = Object.entries(doc.paths as Json).flatMap(([full, item]) =>
      METHODS.filter((m) => item[m]).map((method) => {
        const path = full.startsWith(`${prefix}/`) ? full.slice(prefix.length + 1) : full;
        return { method, path, op: item[method] as Json, name: `${method.toUpperCase()} ${path}` };
      }),
    );
  }

  /** A `$ref` inside the document, followed (again while it points to another `$ref`). */
  deref(node: Json | undefined): Json {
    let at = node ?? {};
    while (typeof at.$ref === 'string') {
      at = (at.$ref as string)
        .slice(2)
        .split('/')
        .reduce((o: Json, key) => o?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], this.doc);
    }
    return at ?? {};
  }

  /** The operation at `path`, whatever its parameters are called (`ads/{adId}` finds `ads/{id}`). */
  find(method: string, path: string): Operation | undefined {
    const shape = (p: string) => p.replace(/\{[^}]+\}/g, '{}');
    return this.operations.find((o) => o.method === method && shape(o.path) === shape(path));
  }

  /** The JSON body schema of an operation, if it takes one. */
  body(o: Operation): Json | undefined {
    const schema = o.op.requestBody?.content?.['application/json']?.schema;
    return schema ? this.deref(schema) : undefined;
  }

  /** The `data` schema of the first 2xx answer. */
  private answerData(o: Operation): Json {
    const answer = Object.entries(o.op.responses ?? {}).find(([status]) => status.startsWith('2'))?.[1] as Json | undefined;
    return this.deref(this.deref(this.deref(answer)?.content?.['application/json']?.schema).properties?.data);
  }

  /** Why a route is not in the matrix, or null when it is a signed-in user's route. */
  exclusion(o: Operation): string | null {
    if (!o.path.includes('{') && !this.bodyIdCandidates(o).length) return 'no object id in its path or body';
    if (!((o.op.security ?? []) as Json[]).some((s) => 'bearerAuth' in s))
      return 'public (no bearerAuth): no signed-in owner; it is keyed by a secret (signed link, code, webhook signature) or is a lookup, and its own tests cover that';
    // Staff-only access (403 to advertisers) is each area's own test: ads, finances, impersonation, verification.
    if (o.path.startsWith('admin/'))
      return `staff route (admin/): support staff act on every user of their network by design; ${this.staffPathIds(o).length ? "another network's staff is checked below" : "its id is no user's object (a verification of the staff queue), so it is not checked against another network's staff"}`;
    const forbidden = this.deref(o.op.responses?.['403']).description as string | undefined;
    if (forbidden && /^not (a )?support/i.test(forbidden)) return `staff route (its 403 answers "${forbidden}"): the id is a user of the network, not a user's object`;
    return null;
  }

  /**
   * A staff route's path ids as users' objects: `admin/ads/{id}` takes an ad of the advertisers' `ads`. Support staff
   * of another network must not reach them either. Empty when the id names no user's collection (a user id).
   */
  staffPathIds(o: Operation): { name: string; collection: Collection }[] {
    if (!o.path.startsWith('admin/') || !o.path.includes('{')) return [];
    const ids = this.pathIds({ ...o, path: o.path.slice('admin/'.length) });
    return ids.every((p) => p.collection) ? (ids as { name: string; collection: Collection }[]) : [];
  }

  /** The path parameters of a route, each with the collection of its objects or why none was found. */
  pathIds(o: Operation): { name: string; collection: Collection | null; missing?: string }[] {
    const segments = o.path.split('/');
    return segments.flatMap((segment, i) => {
      if (!isParam(segment)) return [];
      const name = segment.slice(1, -1);
      const resolved = this.collectionBefore(segments.slice(0, i));
      return [typeof resolved === 'string' ? { name, collection: null, missing: resolved } : { name, collection: resolved }];
    });
  }

  /**
   * The collection of the id that follows `before`: the static path before `{id}` when it has a list (GET
   * `campaigns`) or a list ending with its name (`payments/{id}` → GET `finances/payments`), or a shorter one
   * (`campaigns/targets/{id}` → `campaigns`); nested under an id, a property of the parent object
   * (`ads/{adId}/creatives/{creativeId}` → the ad's `creatives`); or `<parent>-<property>`
   * (`campaign-updating-rules/{ruleId}` → a campaign's `updating_rules`).
   */
  private collectionBefore(before: string[]): Collection | string {
    const last = before.findLastIndex(isParam);
    if (last >= 0) {
      const parent = this.collectionBefore(before.slice(0, last));
      if (typeof parent === 'string') return parent;
      const item = before.slice(0, last + 1).join('/');
      const property = snake(before.slice(last + 1).join('_'));
      return this.nested(parent, item, property) ?? `GET ${item} answers no list "${property}" to take the id from`;
    }
    for (let n = before.length; n > 0; n--) {
      const found = this.collection(before.slice(0, n).join('/'));
      if (found) return found;
    }
    const segment = before.at(-1) ?? '';
    // `<parent>-<property>`: a parent collection whose object lists these in a property.
    const words = segment.split('-');
    for (let n = 1; n < words.length; n++) {
      const parentName = words.slice(0, n).join('-');
      const parent = this.collection(`${parentName}s`) ?? this.collection(parentName);
      const item = parent && this.itemRoute(parent.key);
      const nested = parent && item && this.nested(parent, item, snake(words.slice(n).join('-')));
      if (nested) return nested;
    }
    return `no GET route lists "${before.join('/')}" (tried the path, shorter paths, a list ending in "/${segment}" and a parent object's property)`;
  }

  /** `campaigns/{id}` for `campaigns`: the GET route of one object. */
  private itemRoute(key: string): string | undefined {
    return this.operations.find((o) => o.method === 'get' && new RegExp(`^${key}/\\{[^}]+\\}$`).test(o.path))?.path;
  }

  /** A collection of the user's own objects at `path`: some route takes `path/{id}`, and a GET lists them. */
  collection(path: string): Collection | undefined {
    if (this.collections.has(path)) return this.collections.get(path);
    if (!path || path.includes('{') || !this.operations.some((o) => o.path.startsWith(`${path}/{`))) return undefined;
    const isList = (o: Operation) => o.method === 'get' && !o.path.includes('{') && this.answerData(o).type === 'array';
    const list = [this.find('get', path)].find((o) => o && isList(o)) ?? this.operations.find((o) => isList(o) && o.path.endsWith(`/${path}`));
    if (!list) return undefined;
    const found: Collection = { key: path, list: list.path, create: this.find('post', path), ...(NETWORK_COLLECTIONS[path] ? { shared: NETWORK_COLLECTIONS[path] } : {}) };
    this.collections.set(path, found);
    return found;
  }

  /** The objects listed in `property` of the parent's answer (GET `item`), made by POST `item/<property>` if it exists. */
  private nested(parent: Collection, item: string, property: string): Collection | undefined {
    const get = this.find('get', item);
    if (!get) return undefined;
    const listed = this.deref(this.answerData(get).properties?.[property]);
    if (listed.type !== 'array') return undefined;
    const key = `${get.path}/${kebab(property)}`;
    if (!this.collections.has(key)) this.collections.set(key, { key, parent: { collection: parent, item: get.path, property }, create: this.find('post', key) });
    return this.collections.get(key);
  }

  /**
   * The body properties that name an object: integer (or integer array) properties whose name ends in `_id`,
   * `_ids` or `ids`, is a collection (`campaigns`), or is what a POST under a collection makes (`documents` ←
   * POST media/documents). Each is resolved to its collection, or to null when LOOKUP_BODY_IDS lists it.
   */
  bodyIds(o: Operation): (BodyId & { unresolved?: string })[] {
    return this.bodyIdCandidates(o).map(({ at, many }) => {
      const name = at.findLast((p) => p !== '[]')!;
      const collection = this.bodyCollection(o, name);
      if (collection) return { at, many, collection };
      if (Object.hasOwn(LOOKUP_BODY_IDS, name)) return { at, many, collection: null };
      return { at, many, collection: null, unresolved: `body property ${at.join('.')} looks like an object id but names no collection of the user's objects and is not in LOOKUP_BODY_IDS` };
    });
  }

  private bodyIdCandidates(o: Operation): { at: string[]; many: boolean }[] {
    const schema = this.body(o);
    if (!schema) return [];
    const out: { at: string[]; many: boolean }[] = [];
    const seen = new Set<Json>();
    const walk = (node: Json | undefined, at: string[]) => {
      const s = this.deref(node);
      if (!s || typeof s !== 'object' || seen.has(s)) return;
      seen.add(s);
      for (const branch of ['allOf', 'anyOf', 'oneOf'] as const) for (const b of (s[branch] ?? []) as Json[]) walk(b, at);
      for (const [name, value] of Object.entries((s.properties ?? {}) as Json)) {
        const p = this.deref(value);
        const types = [p.type].flat();
        const itemTypes = [this.deref(p.items).type].flat();
        const integer = types.includes('integer');
        const integers = types.includes('array') && itemTypes.includes('integer');
        if ((integer || integers) && this.namesObject(o, name)) out.push({ at: [...at, name], many: integers });
        walk(p, [...at, name]);
      }
      if (s.items) walk(s.items, [...at, '[]']);
    };
    walk(schema, []);
    return out;
  }

  private namesObject(o: Operation, name: string): boolean {
    return /(^|_)ids?$|ids$/.test(name) || this.bodyCollection(o, name) !== undefined;
  }

  /** `ad_id` → ads, `campaign_group_id` → campaign-groups, `media_id` → media, `campaigns` → campaigns, `documents` → media. */
  private bodyCollection(o: Operation, name: string): Collection | undefined {
    const stem = kebab(name.replace(/_?ids?$/, ''));
    if (!stem) return undefined;
    for (const candidate of [`${stem}s`, stem, stem.replace(/y$/, 'ies')]) {
      const found = this.collection(candidate);
      if (found) return found;
    }
    // `documents`: POST media/documents makes them, and media is a collection.
    const maker = this.operations.find((m) => m.method === 'post' && m.path.endsWith(`/${stem}`) && !m.path.includes('{'));
    // Made, never listed: the collection's list holds the other kinds of its objects too.
    const owner = maker && this.collection(maker.path.slice(0, -stem.length - 1));
    return owner ? { key: `${owner.key} (${stem})`, create: maker } : undefined;
  }
}

/** What varies by network in a body: read from GET network before the run. */
export interface NetworkFacts {
  /** The ad format the user's ads and campaigns use: one with creatives where the network sells it. */
  adFormat: string;
  /** A payment method of the network (GET settings payment_methods) that pays without a verified card or an invoice. */
  paymentMethodId: number;
}

/**
 * Values a JSON Schema cannot say, by property name: which formats make sense together, an amount within every
 * payment method's limits. Everything else comes from the schema (its default, first allowed value, a string
 * matching its pattern) and from ids of the caller's own objects.
 */
export const VALUE_HINTS: Record<string, (n: NetworkFacts) => unknown> = {
  ad_format: (n) => n.adFormat,
  // The first model the schema lists (cpc) is not sold for popunder; cpm is for both formats used.
  pricing_model: () => 'cpm',
  // A money limit needs its daily amount.
  limits: () => ({ type: 'money', daily: '50.00' }),
  // Within the card's (50–20000) and the bank transfer's (500/1000–500000) limits of both demo networks.
  amount: () => '1000.00',
  change_amount: () => '100.00',
  threshold: () => '60.00',
  payment_method_id: (n) => n.paymentMethodId,
  ad_formats: () => ['popunder'],
  ssp_formats: () => ['popunder'],
  // A flat deal application: a week-long package of days (every deal sells 7 to 30 days at least), starting after
  // any deal's lead time (at most 5 days).
  limit_type: () => 'days',
  limit_value: () => 7,
  starts_on: () => isoDaysAhead(6),
  ends_on: () => isoDaysAhead(12),
};

function isoDaysAhead(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Bodies the document leaves open (`additionalProperties: true` beside a discriminator): POST and PUT ads take
 * the format's own creative schema, which the document does not carry.
 */
export const OPEN_BODIES: Record<string, (n: NetworkFacts) => Json> = {
  ads: (n) =>
    n.adFormat === 'notification-widget'
      ? { format: n.adFormat, name: 'Isolation', creatives: [{ title: 'Isolation', description: 'Isolation check', url: 'https://isolation.example.com/' }] }
      : { format: n.adFormat, name: 'Isolation', url: 'https://isolation.example.com/' },
};

/**
 * What a network's bodies use, from GET network and GET settings: notification-widget ads (they have creatives) where
 * the network sells them, else popunder; a payment method that asks for no card verification (card) and no
 * invoice (wire transfer).
 */
export function networkFacts(network: { adFormats: string[] }, settings: { payment_methods: { id: number; type: string; strategy: string }[] }): NetworkFacts {
  const methods = settings.payment_methods;
  return {
    adFormat: ['notification-widget', 'popunder'].find((f) => network.adFormats.includes(f)) ?? network.adFormats[0]!,
    paymentMethodId: (methods.find((p) => p.type !== 'card' && p.strategy !== 'invoice') ?? methods[0])?.id ?? 1,
  };
}

const STRING_CANDIDATES = ['Isolation', '10', '10.00', '1.5000', 'isolation', 'popunder'];

/**
 * A valid value for a schema: hints by property name, the caller's own object for an id (`ref`), the default,
 * the first allowed value, or a value the type, format and pattern accept. Objects get their required
 * properties, and the optional ones a hint names.
 */
export async function valueFor(m: IsolationMatrix, node: Json | undefined, ctx: { facts: NetworkFacts; ref: (at: string[]) => Promise<unknown> | undefined }, at: string[] = []): Promise<unknown> {
  const s = m.deref(node);
  const name = at.findLast((p) => p !== '[]');
  const referred = ctx.ref(at);
  if (referred !== undefined) return referred;
  if (name && Object.hasOwn(VALUE_HINTS, name)) return VALUE_HINTS[name]!(ctx.facts);
  if (s.default !== undefined) return s.default;
  if (s.const !== undefined) return s.const;
  if (Array.isArray(s.enum)) return s.enum[0];
  const options = (s.oneOf ?? s.anyOf) as Json[] | undefined;
  if (options?.length) {
    const first = m.deref(options.find((o) => m.deref(o).type !== 'null'));
    if (first.const !== undefined) return first.const;
    return valueFor(m, { ...s, oneOf: undefined, anyOf: undefined, ...first }, ctx, at);
  }
  const type = [s.type].flat().find((t) => t !== 'null') ?? (s.properties ? 'object' : undefined);
  switch (type) {
    case 'object': {
      const out: Json = {};
      for (const [key, prop] of Object.entries((s.properties ?? {}) as Json)) {
        // Required ones, hinted ones, and the first others when the object needs more (minProperties).
        const wanted = (s.required ?? []).includes(key) || Object.hasOwn(VALUE_HINTS, key) || Object.keys(out).length < (s.minProperties ?? 0);
        if (wanted) out[key] = await valueFor(m, prop, ctx, [...at, key]);
      }
      return out;
    }
    case 'array': {
      const count = Math.max(s.minItems ?? 0, 1);
      const items = [];
      for (let i = 0; i < count; i++) items.push(await valueFor(m, s.items, ctx, [...at, '[]']));
      return items;
    }
    case 'boolean':
      return false;
    case 'integer':
    case 'number':
      return Math.max(s.minimum ?? 1, s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : 1);
    case 'string':
      return stringFor(s);
    default:
      return undefined;
  }
}

function stringFor(s: Json): string {
  if (s.format === 'uri') return 'https://isolation.example.com/';
  if (s.format === 'email') return 'isolation@example.com';
  if (s.format === 'date') return new Date().toISOString().slice(0, 10);
  if (s.format === 'date-time') return new Date().toISOString();
  const fits = (v: string) => v.length >= (s.minLength ?? 0) && v.length <= (s.maxLength ?? Infinity) && (!s.pattern || new RegExp(s.pattern, 'u').test(v));
  return [...STRING_CANDIDATES, 'https://isolation.example.com/'].find(fits) ?? 'Isolation'.padEnd(s.minLength ?? 0, 'x');
}

/** Sets the value at a body path (`[]` = the first item of an array). */
export function setAt(body: Json, at: string[], value: unknown): void {
  let node: Json = body;
  at.forEach((key, i) => {
    const k = key === '[]' ? 0 : key;
    if (i === at.length - 1) node[k] = value;
    else {
      node[k] ??= at[i + 1] === '[]' ? [{}] : {};
      node = node[k];
    }
  });
}
