/**
 * Tenant and owner isolation (issue 19), generated from the route table (GET docs/api.json, isolationMatrix.ts):
 * every signed-in route that takes the id of a user's object in its path, or in its body (ad_id, campaign_ids,
 * documents, ...), called with another user's id by a user of the same network and by a user of another network,
 * answers 404, as it does for an id that does not exist (the same message), and changes no row of the database;
 * and every staff route (admin/...) whose id is a user's object answers 404 to the support staff of another network.
 * The ids are the owners' own: listed by the collection's GET, or made by its POST when the list is empty. A route
 * whose ids cannot be placed or found fails naming it; nothing is skipped. The last hook prints the counts.
 */
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG } from '../fixtures/mediaBytes';
import { api, API_PREFIX, build, login, upload, type TestApp } from './helper';
import { IsolationMatrix, networkFacts, OPEN_BODIES, setAt, valueFor, type BodyId, type Collection, type Json, type NetworkFacts, type Operation } from './isolationMatrix';

const ADNET = 'adnet.localhost:8080';
const PUSHHUB = 'pushhub.localhost:8080';
/**
 * The owners, on one network: an object belongs to the first of them that has or can make one (invoices are for
 * company accounts only); the other one is the caller from the same network.
 */
const OWNERS = ['advertiser@adnet.test', 'company@adnet.test'];
/**
 * The caller from another network: company@pushhub.test, not advertiser@pushhub.test, whose unconfirmed e-mail makes
 * the campaign and ad routes answer 403 before they look at any id.
 */
const OTHER_NETWORK = 'company@pushhub.test';
/** Support staff of the other network: a staff route (admin/...) of one network must not reach another's objects. */
const OTHER_STAFF = 'support@pushhub.test';
/** An id no object has: the control call, whose 404 another user's id must not be told apart from. */
const MISSING = 2147483647;
/** An id like `id` that no object has: the largest integer, or a string id's letters and digits turned to 0 (`apt_000000000000`). */
const missingLike = (id: Id): Id => (typeof id === 'string' ? id.replace(/(?<=_)[0-9a-z]+$/i, (part) => '0'.repeat(part.length)) : MISSING);

/**
 * Columns that may change on any signed-in call, left out of the comparison, each with its reason
 * (`{ table: { columns: [...], reason: '...' } }`); every other column of every row of every table of the public
 * schema is hashed before and after each call. None so far: a session row is only read by a signed-in call
 * (repositories/sessionsRepository.ts findLive), the rate limits (plugins/security.ts) and heavy-read slots
 * (plugins/heavyReads.ts) live in memory, and nothing logs requests to the database.
 */
const UNSTABLE: Record<string, { columns: string[]; reason: string }> = {};

interface User {
  email: string;
  host: string;
  token: string;
  facts: NetworkFacts;
}

/** An object of a user: its id and the ids of the objects it is nested in, by collection key. */
type Id = number | string;

interface Obj {
  id: Id;
  parents: Record<string, Id>;
}

/** A route or setup step that cannot be run: the test reports the message. */
class Missing extends Error {}

let t: TestApp;
let m: IsolationMatrix;
const users = new Map<string, User>();
const calls = new Map<string, number>();
const count = (category: string) => calls.set(category, (calls.get(category) ?? 0) + 1);

beforeAll(async () => {
  t = await build();
  const doc = await api(t.app, 'GET', 'docs/api.json');
  expect(doc.statusCode).toBe(200);
  m = new IsolationMatrix(doc.json(), API_PREFIX);
  for (const [email, host] of [...OWNERS.map((e) => [e, ADNET]), [OTHER_NETWORK, PUSHHUB], [OTHER_STAFF, PUSHHUB]] as const) {
    const [network, settings] = await Promise.all([api(t.app, 'GET', 'network', { host }), api(t.app, 'GET', 'settings', { host })]);
    users.set(email, { email, host, token: await login(t.app, email, host), facts: networkFacts(network.json().data, settings.json().data) });
  }
  // Traffic providers run under a plan: the owners take their network's biggest, so the matrix can make providers.
  for (const email of OWNERS) {
    const u = user(email);
    const plans = (await call(u, 'GET', 'traffic-provider-subscription-plans')).json().data as { id: number }[];
    expect((await call(u, 'POST', 'traffic-provider-subscriptions', { traffic_provider_subscription_plan_id: plans.at(-1)!.id })).statusCode).toBe(201);
  }
}, 60_000);
afterAll(() => t?.close());

const user = (email: string) => users.get(email)!;
const call = (u: User, method: string, path: string, body?: unknown, query = '') =>
  api(t.app, method.toUpperCase() as 'GET', `${path}${query}`, { host: u.host, token: u.token, ...(body === undefined ? {} : { body }) });
const short = (res: LightMyRequestResponse) => `${res.statusCode} ${res.body.slice(0, 200)}`;

// ---------------------------------------------------------------------------------------------------------------
// The database, hashed: one md5 per table over the md5 of every row (UNSTABLE columns left out).

let tables: string[] | undefined;
let last: Map<string, string> | undefined;

async function snapshot(): Promise<Map<string, string>> {
  const rows = async (query: string) => ((await t.database.db.execute(sql.raw(query))) as unknown as { rows: Json[] }).rows;
  tables ??= (await rows(`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`)).map((r) => r.table_name as string);
  const row = (table: string) => (UNSTABLE[table] ? `(to_jsonb(r) - array[${UNSTABLE[table].columns.map((c) => `'${c}'`).join(',')}]::text[])::text` : 'r::text');
  const query = tables.map((table) => `select '${table}' as t, md5(coalesce(string_agg(md5(${row(table)}), '' order by md5(${row(table)})), '')) as h from "${table}" r`).join(' union all ');
  return new Map((await rows(query)).map((r) => [r.t as string, r.h as string]));
}

/** Setup requests (lists, creates) move the database: the next attack takes a fresh snapshot. */
function setup<T>(run: Promise<T>): Promise<T> {
  last = undefined;
  count('setup: lists and creates');
  return run;
}

/** Calls and says which tables the call changed. */
async function attack(run: () => Promise<LightMyRequestResponse>): Promise<{ res: LightMyRequestResponse; changed: string[] }> {
  const before = last ?? (await snapshot());
  const res = await run();
  await t.app.platform.afterAnswer.drain();
  last = await snapshot();
  return { res, changed: [...last].filter(([table, hash]) => before.get(table) !== hash).map(([table]) => table) };
}

// ---------------------------------------------------------------------------------------------------------------
// Whose objects: listed by their collection's GET, or made by its POST.

const objects = new Map<string, Promise<Obj[]>>();

/** A user's objects of a collection: listed, or one made when there are none. */
function objectsOf(u: User, c: Collection): Promise<Obj[]> {
  const key = `${u.email}|${c.key}`;
  if (!objects.has(key)) objects.set(key, listOrMake(u, c));
  return objects.get(key)!;
}

async function listOrMake(u: User, c: Collection): Promise<Obj[]> {
  const listed = await list(u, c);
  if (listed.length) return listed;
  return [await make(u, c)];
}

async function list(u: User, c: Collection): Promise<Obj[]> {
  if (c.parent) {
    const { collection, item, property } = c.parent;
    const out: Obj[] = [];
    for (const parent of await objectsOf(u, collection)) {
      const res = await setup(call(u, 'get', fill(item, [parent.id])));
      if (res.statusCode !== 200) throw new Missing(`GET ${item} of ${u.email}'s ${collection.key} ${parent.id}: ${short(res)}`);
      for (const nested of (res.json().data[property] ?? []) as { id: Id }[]) out.push({ id: nested.id, parents: { ...parent.parents, [collection.key]: parent.id } });
    }
    return out;
  }
  if (!c.list) return [];
  const op = m.find('get', c.list)!;
  // A list that shows only some by default (notifications: unread) is asked for all.
  const query = ((op.op.parameters ?? []) as Json[])
    .filter((p) => p.in === 'query' && [m.deref(p.schema).enum ?? m.deref(p.schema).items?.enum].flat().includes('all'))
    .map((p) => `${p.name}=all`)
    .join('&');
  const wanted = [query, c.shared?.query].filter(Boolean).join('&');
  const res = await setup(call(u, 'get', c.list, undefined, wanted ? `?${wanted}` : ''));
  if (res.statusCode !== 200) throw new Missing(`GET ${c.list} as ${u.email}: ${short(res)}`);
  return ((res.json().data ?? []) as { id: Id }[]).map((row) => ({ id: row.id, parents: {} }));
}

/** Makes one object: POST with a body from the schema, or an upload of a PNG when the document has no JSON body. */
async function make(u: User, c: Collection): Promise<Obj> {
  const where = c.parent ? `in GET ${c.parent.item} ${c.parent.property}` : c.list ? `by GET ${c.list}` : 'made only';
  if (!c.create) throw new Missing(`${u.email} has no ${c.key} (listed ${where}) and no POST route makes one`);
  let parents: Record<string, Id> = {};
  let path = c.create.path;
  if (c.parent) {
    const [parent] = await objectsOf(u, c.parent.collection);
    parents = { ...parent!.parents, [c.parent.collection.key]: parent!.id };
    path = fill(path, [parent!.id]);
  }
  let res: LightMyRequestResponse;
  if (m.body(c.create)) {
    res = await setup(call(u, 'post', path, await bodyFor(u, c.create)));
  } else {
    // An upload (multipart, which the document does not describe): its summary names the fields, `type` (a | b).
    const fields = Object.fromEntries([...String(c.create.op.summary ?? '').matchAll(/`(\w+)` \(([^)]+)\)/g)].filter(([, name]) => name !== 'file').map(([, name, options]) => [name!, options!.split(' | ')[0]!.trim()]));
    res = await setup(upload(t.app, u.token, path, { bytes: PNG, name: 'isolation.png' }, fields, { host: u.host }));
  }
  if (res.statusCode >= 300 || !['number', 'string'].includes(typeof res.json().data?.id)) throw new Missing(`${u.email} has no ${c.key} (listed ${where}), and POST ${c.create.path} did not make one: ${short(res)}`);
  return { id: res.json().data.id, parents };
}

/** `campaigns/{id}/price` with the ids in order. */
const fill = (path: string, ids: Id[]) => {
  let i = 0;
  return path.replace(/\{[^}]+\}/g, () => String(ids[i++]));
};

/** The first of `candidates` that has, or can make, an object of the collection, with that object. */
async function ownerOf(c: Collection, candidates: string[]): Promise<{ owner: User; obj: Obj }> {
  const tried: string[] = [];
  for (const email of candidates) {
    try {
      const [obj] = await objectsOf(user(email), c);
      return { owner: user(email), obj: obj! };
    } catch (e) {
      if (!(e instanceof Missing)) throw e;
      tried.push(e.message);
    }
  }
  throw new Missing(tried.join('; '));
}

/** A valid body of the operation for the user: refs to the user's own objects, the rest from the schema. */
async function bodyFor(u: User, o: Operation): Promise<Json | undefined> {
  const schema = m.body(o);
  if (!schema) return undefined;
  if (schema.additionalProperties === true) {
    const open = OPEN_BODIES[o.path.split('/')[0]!];
    if (!open) throw new Missing(`${o.name}: its body is open (additionalProperties: true) and the document does not say what it holds; add it to OPEN_BODIES`);
    return open(u.facts);
  }
  const ids = m.bodyIds(o);
  const ref = (at: string[]) => {
    const found = ids.find((b) => b.collection && b.at.join('.') === at.join('.'));
    if (!found) return undefined;
    return objectsOf(u, found.collection!).then(([obj]) => (found.many ? [obj!.id] : obj!.id));
  };
  return (await valueFor(m, schema, { facts: u.facts, ref })) as Json;
}

/**
 * The route's path with ids: the object of its last parameter (`pick`) and the objects it is nested in; `parents`,
 * when given, picks the ids of the other parameters instead (the caller's own ad around the owner's creative).
 */
async function pathIdsFor(o: Operation, pick: (c: Collection) => Promise<Obj>, parents?: (c: Collection) => Promise<Obj>, params: { collection: Collection | null }[] = m.pathIds(o)): Promise<Id[]> {
  const ids: (Id | undefined)[] = params.map(() => undefined);
  for (let i = params.length - 1; i >= 0; i--) {
    if (ids[i] !== undefined) continue;
    const last = i === params.length - 1;
    const obj = await (last || !parents ? pick : parents)(params[i]!.collection!);
    ids[i] = obj.id;
    if (last && parents) continue;
    params.forEach((p, j) => {
      if (j < i && ids[j] === undefined && p.collection && obj.parents[p.collection.key] !== undefined) ids[j] = obj.parents[p.collection.key];
    });
  }
  return ids as Id[];
}

const first = (u: User) => async (c: Collection) => (await objectsOf(u, c))[0]!;

// ---------------------------------------------------------------------------------------------------------------
// The matrix.

type Caller = 'same network' | 'other network';

/** Whoever owns the collection's object (the first of OWNERS that has or can make one), and who calls. */
async function parties(c: Collection, caller: Caller): Promise<{ owner: User; obj: Obj; caller: User }> {
  const { owner, obj } = await ownerOf(c, OWNERS);
  return { owner, obj, caller: user(caller === 'other network' ? OTHER_NETWORK : OWNERS.find((e) => e !== owner.email)!) };
}

const risk = (o: Operation) => (o.method === 'delete' || o.path.endsWith('/delete') ? 2 : o.method === 'get' ? 0 : 1);
/** Reads first, deletions last: a deletion the server wrongly allowed would take the object the next calls use. */
const byRisk = (a: Operation, b: Operation) => risk(a) - risk(b);

const pathRoutes = () => m.operations.filter((o) => !m.exclusion(o) && o.path.includes('{')).sort(byRisk);
const bodyRoutes = () => m.operations.filter((o) => !m.exclusion(o) && m.bodyIds(o).some((b) => b.collection)).sort(byRisk);
const ownedBodyIds = (o: Operation) => m.bodyIds(o).filter((b) => b.collection);

type Called = Awaited<ReturnType<typeof attack>>;

/** 404, like an id that does not exist, and no row changed: or what went wrong. */
function verdict(what: string, attacked: Called, control: Called): string[] {
  const problems: string[] = [];
  const { res } = attacked;
  const tables = (changed: string[]) => `the table${changed.length > 1 ? 's' : ''} ${changed.join(', ')}`;
  if (res.statusCode !== 404) problems.push(`${what}: answered ${short(res)} (expected 404)`);
  else if (control.res.statusCode !== 404 || normal(control.res.body) !== normal(res.body))
    problems.push(`${what}: its 404 differs from the one for an id that does not exist (${short(control.res)}), so it tells the object exists: ${res.body.slice(0, 160)}`);
  if (attacked.changed.length) problems.push(`${what}: changed ${tables(attacked.changed)}`);
  if (control.changed.length) problems.push(`${what}, with an id that does not exist instead: changed ${tables(control.changed)}`);
  return problems;
}
const normal = (body: string) => body.replace(/\d+/g, '#');

/** Checks whose positive control failed (the owner's own GET, the caller's body with its own id): they prove less (printed, not failed). */
const weak = new Set<string>();

/**
 * Path ids: the owner's objects, called by the caller with the body the owner would send. `mixed`: the caller's own
 * objects around the owner's last one (`ads/{own}/creatives/{theirs}`).
 */
async function pathCase(o: Operation, who: Caller, mixed = false): Promise<string[]> {
  const category = mixed ? `path id inside the caller's own object, ${who}` : `path id, ${who}`;
  // The network's own objects (flat deals) are every user's of the network to read: only another network is an attacker.
  if (who === 'same network' && m.pathIds(o).at(-1)!.collection?.shared) {
    count("not an attack: the network's own object, same network");
    return [];
  }
  let path: string;
  let ids: Id[];
  let body: Json | undefined;
  let who_: Awaited<ReturnType<typeof parties>>;
  try {
    who_ = await parties(m.pathIds(o).at(-1)!.collection!, who);
    ids = await pathIdsFor(o, first(who_.owner), mixed ? first(who_.caller) : undefined);
    path = fill(o.path, ids);
    body = await bodyFor(who_.owner, o);
  } catch (e) {
    if (e instanceof Missing) return [`${o.name}: no object to call it with: ${e.message}`];
    throw e;
  }
  const { owner, caller } = who_;
  if (o.method === 'get' && !mixed && who === 'same network') {
    count("control: the owner's own GET");
    const own = (await attack(() => call(owner, 'get', path))).res;
    if (own.statusCode >= 300) weak.add(`${o.name} (the owner's GET answers ${own.statusCode})`);
  }
  const what = `${o.name} as ${caller.email} with ${owner.email}'s ${path}`;
  count(category);
  const attacked = await attack(() => call(caller, o.method, path, body));
  count('control: an id that does not exist');
  const control = await attack(() => call(caller, o.method, fill(o.path, mixed ? [...ids.slice(0, -1), missingLike(ids.at(-1)!)] : ids.map(missingLike)), body));
  return verdict(what, attacked, control);
}

/** Body ids: the caller's own path objects and body, with the owner's object at `b.at` (beside the caller's own in a list). */
async function bodyCase(o: Operation, b: BodyId, who: Caller): Promise<string[]> {
  const at = b.at.join('.');
  if (who === 'same network' && b.collection!.shared) {
    count("not an attack: the network's own object, same network");
    return [];
  }
  let path: string;
  let body: Json;
  let own: Obj | undefined;
  let who_: Awaited<ReturnType<typeof parties>>;
  try {
    who_ = await parties(b.collection!, who);
    path = fill(o.path, await pathIdsFor(o, first(who_.caller)));
    body = (await bodyFor(who_.caller, o))!;
    own = (await objectsOf(who_.caller, b.collection!).catch(() => []))[0];
  } catch (e) {
    if (e instanceof Missing) return [`${o.name} (${at}): no object to call it with: ${e.message}`];
    throw e;
  }
  const { owner, obj: foreign, caller } = who_;
  const withIds = (...ids: Id[]) => {
    const copy = structuredClone(body);
    setAt(copy, b.at, b.many ? ids : ids[0]);
    return copy;
  };
  // A list mixes the caller's own object with the foreign one: the call must refuse all of it.
  const withId = (id: Id) => (b.many && own ? withIds(own.id, id) : withIds(id));
  const what = `${o.name} as ${caller.email} with ${owner.email}'s ${b.collection!.key} ${foreign.id} in ${at}`;
  count(`body id, ${who}`);
  const attacked = await attack(() => call(caller, o.method, path, withId(foreign.id)));
  count('control: an id that does not exist');
  const control = await attack(() => call(caller, o.method, path, withId(MISSING)));
  // The caller's own id in its place: a 2xx shows the rest of the body and path were valid, so the 404 was for the id.
  if (own) {
    count("control: the caller's own id");
    const mine = await setup(call(caller, o.method, path, withIds(own.id)));
    if (mine.statusCode >= 300) weak.add(`${o.name} ${at} as ${caller.email} (its own id answers ${short(mine).slice(0, 100)})`);
  }
  return verdict(what, attacked, control);
}

/** Staff routes: the other network's support staff, with an object of a user of this network. */
async function staffCase(o: Operation): Promise<string[]> {
  const params = m.staffPathIds(o);
  const staff = user(OTHER_STAFF);
  let path: string;
  let body: Json | undefined;
  let owner: User;
  try {
    ({ owner } = await ownerOf(params.at(-1)!.collection, OWNERS));
    path = fill(o.path, await pathIdsFor(o, first(owner), undefined, params));
    body = await bodyFor(staff, o);
  } catch (e) {
    if (e instanceof Missing) return [`${o.name}: no object to call it with: ${e.message}`];
    throw e;
  }
  count('staff route, other network');
  const attacked = await attack(() => call(staff, o.method, path, body));
  count('control: an id that does not exist');
  const control = await attack(() => call(staff, o.method, fill(o.path, params.map(() => MISSING)), body));
  return verdict(`${o.name} as ${staff.email} with ${owner.email}'s ${path}`, attacked, control);
}

const staffRoutes = () => m.operations.filter((o) => m.staffPathIds(o).length).sort(byRisk);

describe('tenant and owner isolation, from the route table', () => {
  it('places every route that takes an object id: an owned collection, or a documented exclusion', () => {
    const unplaced = m.operations.flatMap((o) =>
      m.exclusion(o)
        ? []
        : [...m.pathIds(o).filter((p) => !p.collection).map((p) => `${o.name}: {${p.name}}: ${p.missing}`), ...m.bodyIds(o).flatMap((b) => (b.unresolved ? [`${o.name}: ${b.unresolved}`] : []))],
    );
    expect(unplaced).toEqual([]);
    // The rules still find what they are for.
    expect(pathRoutes().map((o) => o.name)).toEqual(expect.arrayContaining(['GET campaigns/{id}', 'PUT campaigns/{id}', 'DELETE feeds/{id}', 'GET payments/{id}', 'POST ads/{adId}/creatives/{creativeId}/activate', 'PUT campaign-updating-rules/{ruleId}']));
    expect(bodyRoutes().map((o) => o.name)).toEqual(expect.arrayContaining(['POST campaigns', 'POST campaigns/pause', 'POST campaign-groups/{id}/campaigns', 'POST verifications/card']));
  });

  // Both callers on each route before the next one: a deletion the server wrongly allowed cannot hide a later route's fault.
  it('another user of the same network, and a user of another network: every path id answers 404 and changes nothing', async () => {
    const problems: string[] = [];
    for (const o of pathRoutes()) {
      for (const who of ['same network', 'other network'] as const) {
        problems.push(...(await pathCase(o, who)));
        if (m.pathIds(o).length > 1) problems.push(...(await pathCase(o, who, true)));
      }
    }
    expect(problems).toEqual([]);
  }, 120_000);

  it('another user of the same network, and a user of another network: every body id answers 404 and changes nothing', async () => {
    const problems: string[] = [];
    for (const o of bodyRoutes()) {
      for (const b of ownedBodyIds(o)) for (const who of ['same network', 'other network'] as const) problems.push(...(await bodyCase(o, b, who)));
    }
    expect(problems).toEqual([]);
  }, 120_000);

  it("support staff of another network: every staff route with a user's object id answers 404 and changes nothing", async () => {
    const problems: string[] = [];
    for (const o of staffRoutes()) problems.push(...(await staffCase(o)));
    expect(staffRoutes().map((o) => o.name)).toEqual(expect.arrayContaining(['POST admin/ads/{id}/approval', 'POST admin/invoices/{id}/paid']));
    expect(problems).toEqual([]);
  }, 120_000);

  afterAll(() => {
    if (!m) return;
    const excluded = new Map<string, string[]>();
    for (const o of m.operations) {
      const why = m.exclusion(o);
      if (why && why !== 'no object id in its path or body') excluded.set(why, [...(excluded.get(why) ?? []), o.name]);
    }
    const lookups = m.operations.flatMap((o) => (m.exclusion(o) ? [] : m.bodyIds(o).filter((b) => !b.collection && !b.unresolved).map((b) => `${o.name} ${b.at.join('.')}`)));
    const lines = [
      `isolation matrix: ${new Set([...pathRoutes(), ...bodyRoutes()].map((o) => o.name)).size} routes (${pathRoutes().length} with path ids, ${bodyRoutes().length} with body ids of users' objects), and ${staffRoutes().length} staff routes checked against another network's staff, of ${m.operations.length} in the document`,
      `  calls: ${[...calls].map(([k, v]) => `${k} ${v}`).join(', ')}; total ${[...calls.values()].reduce((a, b) => a + b, 0)}`,
      ...[...excluded].map(([why, names]) => `  outside the users' matrix (${names.length}), ${why}: ${names.join(', ')}`),
      `  body ids of lookups (LOOKUP_BODY_IDS), not checked: ${lookups.join(', ') || 'none'}`,
      `  weaker checks: ${[...weak].join(', ') || 'none'}`,
      `  tables compared: ${tables?.length ?? 0}${Object.keys(UNSTABLE).length ? `, leaving out ${Object.entries(UNSTABLE).map(([tb, u]) => `${tb}.${u.columns.join('/')} (${u.reason})`).join('; ')}` : ', every column of every row'}`,
    ];
    console.log(lines.join('\n'));
  });
});
