/**
 * Requests a security probe sent: NUL characters (F10), ids beyond their columns (F16), answers a shared cache may
 * keep (F17) and guarded routes that validated a body before asking for a token (F14). The route checks walk every
 * route the app registers (collected by buildApp's onRoute option), so a route added later is covered without a
 * change here.
 */
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rangeProblems } from '../data/integerRanges';
import { api, API_PREFIX, build, login, type TestApp } from './helper';

/** Every route of the app under test, as registered. */
const routes: RouteOptions[] = [];

const NUL_MESSAGE = 'This field must not contain a NUL character.';
const INVALID = 'The given data was invalid.';

let t: TestApp;
let token: string;
let adId: number;
let campaignId: number;

beforeAll(async () => {
  t = await build({ onRoute: (route) => void routes.push(route) });
  token = await login(t.app, 'advertiser@adnet.test');
  const ad = await api(t.app, 'POST', 'ads', { token, body: { format: 'popunder', name: 'Hardening', url: 'https://shop.example.com/' } });
  expect(ad.statusCode, ad.body).toBe(201);
  adId = ad.json().data.id;
  const campaign = await api(t.app, 'POST', 'campaigns', { token, body: campaignBody({ name: 'Batch 99999999999' }) });
  expect(campaign.statusCode, campaign.body).toBe(201);
  campaignId = campaign.json().data.id;
}, 120_000);
afterAll(() => t?.close());

const campaignBody = (over: Record<string, unknown> = {}) => ({
  name: 'Hardening',
  ad_format: 'popunder',
  ad_id: adId,
  pricing_model: 'cpm',
  price: '1.2500',
  limits: { type: 'money', daily: '50.00', total: '500.00' },
  targets: { country: { accept: true, countries: [276] } },
  ...over,
});

/** The API routes of the app under test (HEAD twins of GET routes left out). */
function apiRoutes(): { method: string; url: string; route: RouteOptions }[] {
  const seen = new Set<string>();
  const out: { method: string; url: string; route: RouteOptions }[] = [];
  for (const route of routes) {
    if (!route.url.startsWith(`${API_PREFIX}/`)) continue;
    for (const method of [route.method].flat()) {
      const key = `${method} ${route.url}`;
      if (method === 'HEAD' || seen.has(key)) continue;
      seen.add(key);
      out.push({ method, url: route.url, route });
    }
  }
  return out;
}

const hooks = (value: unknown): unknown[] => (value === undefined ? [] : [value].flat());

/** Whether a route needs a token: app.authenticate among its hooks, or bearerAuth in its OpenAPI security. */
function guarded(route: RouteOptions): boolean {
  const auth = t.app.authenticate;
  const inHooks = [route.onRequest, route.preParsing, route.preValidation, route.preHandler].some((h) => hooks(h).includes(auth));
  const security = (route.schema as { security?: Record<string, unknown>[] } | undefined)?.security ?? [];
  return inHooks || security.some((s) => Object.hasOwn(s, 'bearerAuth'));
}

/** A URL of the route with every parameter filled in. */
const concrete = (url: string) => url.replace(/:\w+(\([^)]*\))?/g, '1').replace(/\*$/, 'x').slice(API_PREFIX.length + 1);

describe('NUL characters (probe finding F10)', () => {
  const nul = (res: { statusCode: number; json(): unknown }, field: string) => {
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: INVALID, errors: { [field]: [NUL_MESSAGE] } });
  };

  it('in a body field of POST campaigns: 422 naming the field', async () => {
    nul(await api(t.app, 'POST', 'campaigns', { token, body: campaignBody({ name: 'Spring\u0000push' }) }), 'name');
  });

  it('in a nested body field of PUT profile/update: 422 naming the path with dots', async () => {
    const body = { name: 'Alex', account_type: 'personal', messengers: [{ messenger_id: 1, nickname: 'a\u0000b' }] };
    nul(await api(t.app, 'PUT', 'profile/update', { token, body }), 'messengers.0.nickname');
  });

  it('in a body field of a call without a token (POST auth/login)', async () => {
    nul(await api(t.app, 'POST', 'auth/login', { body: { email: 'advertiser@adnet.test\u0000', password: 'x' } }), 'email');
  });

  it('in the search of GET campaigns and GET ads/table', async () => {
    nul(await api(t.app, 'GET', 'campaigns?search=ab%00c', { token }), 'search');
    nul(await api(t.app, 'GET', 'ads/table?search=%00', { token }), 'search');
  });

  it('in an item of a query array, and in a query key', async () => {
    nul(await api(t.app, 'GET', 'campaigns?status[]=active&status[]=pa%00used', { token }), 'status.1');
    const res = await api(t.app, 'GET', 'campaigns?sea%00rch=1', { token });
    expect(res.statusCode).toBe(422);
    expect(Object.values(res.json().errors)).toEqual([[NUL_MESSAGE]]);
  });

  it('in the query of POST sites/search/domains', async () => {
    nul(await api(t.app, 'POST', 'sites/search/domains', { token, body: { query: 'ne\u0000ws' } }), 'query');
  });

  it('in a URL parameter', async () => {
    nul(await api(t.app, 'GET', 'collections/coun%00tries'), 'name');
  });

  it('in the reader\'s language', async () => {
    const res = await api(t.app, 'GET', 'campaigns?search=%00', { token, headers: { 'accept-language': 'ru' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.search[0]).not.toBe(NUL_MESSAGE);
    expect(res.json().errors.search[0]).toMatch(/NUL/);
  });

  it('still saves text without NUL', async () => {
    const res = await api(t.app, 'POST', 'campaigns', { token, body: campaignBody({ name: 'Ünïcode ✓ \u0001 text' }) });
    expect(res.statusCode, res.body).toBe(201);
  });
});

describe('ids beyond their columns (probe finding F16)', () => {
  const BIG = '99999999999';

  it('a numeric search too big to be an id searches names only (GET campaigns, GET ads/table)', async () => {
    const campaigns = await api(t.app, 'GET', `campaigns?search=${BIG}`, { token });
    expect(campaigns.statusCode, campaigns.body).toBe(200);
    expect(campaigns.json().data.map((r: { id: number }) => r.id)).toEqual([campaignId]);
    const ads = await api(t.app, 'GET', `ads/table?search=${BIG}`, { token });
    expect(ads.statusCode, ads.body).toBe(200);
    expect(ads.json().data).toEqual([]);
    const byId = await api(t.app, 'GET', `campaigns?search=${campaignId}`, { token });
    expect(byId.json().data.map((r: { id: number }) => r.id)).toContain(campaignId);
  });

  it.each([
    ['campaigns?group_id[]=' + BIG, 'group_id.0'],
    ['campaign-statistics?start_date=2026-01-01&end_date=2026-01-02&group=date&campaigns[]=' + BIG, 'campaigns.0'],
    ['supply-side-platforms/statistics?start=2026-01-01&end=2026-01-02&groupBy=ssp-date&supplySidePlatforms[]=' + BIG, 'supplySidePlatforms.0'],
  ])('GET %s: 422 naming %s', async (path, field) => {
    const res = await api(t.app, 'GET', path, { token });
    expect(res.statusCode, res.body).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual([field]);
  });

  it('POST campaigns?offer_of= too big: 422 naming offer_of', async () => {
    const res = await api(t.app, 'POST', `campaigns?offer_of=${BIG}`, { token, body: campaignBody() });
    expect(res.statusCode, res.body).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['offer_of']);
  });

  it('the blacklist refuses a spot or site id beyond the column (1e20) instead of storing it rounded', async () => {
    for (const body of [{ spots: [1e20] }, { sites: [2147483648] }]) {
      const res = await api(t.app, 'POST', `campaigns/targets/${campaignId}/blacklist`, { token, body });
      expect(res.statusCode, res.body).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual([`${Object.keys(body)[0]}.0`]);
    }
    const ok = await api(t.app, 'POST', `campaigns/targets/${campaignId}/blacklist`, { token, body: { spots: [2147483647] } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.targets.spot.spots).toBe('2147483647');
  });

  it('every integer of every route schema (params, query, body) has the range of its column', () => {
    const open: string[] = [];
    for (const { method, url, route } of apiRoutes()) {
      const schema = (route.schema ?? {}) as Record<string, unknown>;
      for (const part of ['params', 'querystring', 'body']) open.push(...rangeProblems(schema[part], `${method} ${url} ${part}`));
    }
    expect(open).toEqual([]);
  });
});

describe('Cache-Control of per-user answers (probe finding F17)', () => {
  it('GET user, POST auth/login and a 401 answer are no-store', async () => {
    const user = await api(t.app, 'GET', 'user', { token });
    expect(user.statusCode).toBe(200);
    expect(user.headers['cache-control']).toBe('no-store');
    const signIn = await api(t.app, 'POST', 'auth/login', { body: { email: 'company@adnet.test', password: 'demo1234' } });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.headers['cache-control']).toBe('no-store');
    const refused = await api(t.app, 'GET', 'user');
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
    const wrong = await api(t.app, 'POST', 'auth/login', { body: { email: 'company@adnet.test', password: 'wrong' } });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.headers['cache-control']).toBe('no-store');
  });

  it('every guarded GET answers no-store with a token, whatever its status', async () => {
    const gets = apiRoutes().filter((r) => r.method === 'GET' && guarded(r.route));
    expect(gets.length).toBeGreaterThan(20);
    const cached: string[] = [];
    for (const { url } of gets) {
      const res = await api(t.app, 'GET', concrete(url), { token });
      if (res.headers['cache-control'] !== 'no-store') cached.push(`${url}: ${res.statusCode} ${String(res.headers['cache-control'])}`);
    }
    expect(cached).toEqual([]);
  });

  it('public lookups keep their caching', async () => {
    const res = await api(t.app, 'GET', 'collections/countries');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });
});

describe('guarded routes ask for the token first (probe finding F14)', () => {
  it('finds the guarded routes (the collection works)', () => {
    const found = apiRoutes().filter((r) => guarded(r.route)).map((r) => `${r.method} ${r.url.slice(API_PREFIX.length + 1)}`);
    expect(found).toEqual(expect.arrayContaining(['GET user', 'POST campaigns', 'PUT profile/update', 'POST admin/ads/:id/approval', 'POST campaigns/targets/:id/blacklist']));
    expect(found.length).toBeGreaterThan(60);
  });

  it('every guarded route answers 401 without a token, even to a junk body, never field details', async () => {
    const leaks: string[] = [];
    for (const { method, url, route } of apiRoutes()) {
      if (!guarded(route)) continue;
      const withBody = !['GET', 'HEAD', 'OPTIONS'].includes(method);
      const res = await api(t.app, method as 'GET', concrete(url), withBody ? { body: { x: 1 } } : {});
      const body = res.json() as { message?: string; errors?: unknown };
      if (res.statusCode !== 401 || body.errors !== undefined) leaks.push(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      else expect(body).toEqual({ message: 'Unauthenticated.' });
    }
    expect(leaks).toEqual([]);
  });
});
