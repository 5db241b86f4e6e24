import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mobileApps } from '../../server/reference/mobileApps';
import { sites } from '../../server/reference/sites';
import type { Site } from '../../generated/types';
import { API_PREFIX, api, build, login, type TestApp } from './helper';

let t: TestApp;
let token: string;
let pushhub: string;
beforeAll(async () => {
  t = await build();
  token = await login(t.app, 'advertiser@adnet.test');
  pushhub = await login(t.app, 'advertiser@pushhub.test', 'pushhub.localhost:8080');
});
afterAll(() => t?.close());

const get = async (path: string, opts: { host?: string; token?: string; headers?: Record<string, string> } = {}) => {
  const res = await api(t.app, 'GET', path, { token, ...opts });
  return { status: res.statusCode, body: res.json() };
};
const post = async (path: string, body: unknown, opts: { headers?: Record<string, string> } = {}) => {
  const res = await api(t.app, 'POST', path, { token, body, ...opts });
  return { status: res.statusCode, body: res.json() };
};

const all = sites();
const SUMMARY_KEYS = ['category_group_id', 'domain', 'id', 'is_new', 'logo', 'marketplace', 'name', 'premium', 'tubecorp'];

describe('without a token', () => {
  it.each([
    ['GET', 'sites/premium?ad_format_id=banner'],
    ['POST', 'sites/search/domains', { query: 'news' }],
    ['POST', 'sites/search/ids', { ids: [all[0].id] }],
    ['POST', 'sites/details', { ids: [all[0].id] }],
    ['POST', 'sites/validate', { domains: [all[0].domain] }],
    ['GET', 'sites/marketplace'],
    ['GET', 'mobile-apps?query=a'],
    ['GET', 'available-categories?ad_format_id=banner'],
    ['GET', 'conversion-types'],
    ['GET', 'traffic-providers/collection'],
  ] as const)('%s %s answers 401', async (method, path, body?: unknown) => {
    const res = await api(t.app, method, path, { body });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthenticated.' });
  });
});

describe('GET sites/premium', () => {
  it('lists in data.data the premium sites that sell the format, with their reports', async () => {
    const { status, body } = await get('sites/premium?ad_format_id=banner&pricing_model=cpm');
    expect(status).toBe(200);
    const list: Site[] = body.data.data;
    const expected = all.filter((s) => s.premium && s.ad_formats.includes('banner'));
    expect(list.map((s) => s.id).sort()).toEqual(expected.map((s) => s.id).sort());
    expect(list[0]).toEqual(all.find((s) => s.id === list[0].id));
    expect(list[0].site_report).toHaveProperty('global_rank');
  });

  it('narrows by category groups, categories, traffic type and placement types (arrays as key[] too)', async () => {
    const banner: Site[] = (await get('sites/premium?ad_format_id=banner')).body.data.data;
    const group = banner[0].category_group_id;
    const byGroup: Site[] = (await get(`sites/premium?ad_format_id=banner&category_group_ids[]=${group}`)).body.data.data;
    expect(byGroup.length).toBeGreaterThan(0);
    expect(byGroup.length).toBeLessThan(banner.length);
    expect(byGroup.every((s) => s.category_group_id === group)).toBe(true);

    const category = banner[0].category_ids[0];
    const byCategory: Site[] = (await get(`sites/premium?ad_format_id=banner&category_ids=${category}`)).body.data.data;
    expect(byCategory.map((s) => s.id)).toContain(banner[0].id);
    expect(byCategory.every((s) => s.category_ids.includes(category))).toBe(true);

    const placements: Site[] = (await get('sites/premium?ad_format_id=banner&placement_type_ids[]=4&placement_type_ids[]=5')).body.data.data;
    expect(placements.length).toBeLessThan(banner.length);
    expect(placements.every((s) => s.placement_type_ids.includes(4) || s.placement_type_ids.includes(5))).toBe(true);
    expect(placements.length).toBe(banner.filter((s) => s.placement_type_ids.includes(4) || s.placement_type_ids.includes(5)).length);

    const adult: Site[] = (await get('sites/premium?ad_format_id=popunder&traffic_type_id=2')).body.data.data;
    expect(adult.every((s) => s.traffic_type_id === 2 && s.ad_formats.includes('popunder'))).toBe(true);
  });

  it('answers 422 for a format the network does not sell, a pricing model the format lacks, or no format', async () => {
    const unknown = await get('sites/premium?ad_format_id=teletext');
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.ad_format_id).toEqual(['Choose an ad format this network offers.']);
    const elsewhere = await get('sites/premium?ad_format_id=banner', { host: 'pushhub.localhost:8080', token: pushhub });
    expect(elsewhere.status).toBe(422);
    expect(elsewhere.body.errors).toHaveProperty('ad_format_id');
    const pricing = await get('sites/premium?ad_format_id=banner&pricing_model=cpv');
    expect(pricing.status).toBe(422);
    expect(pricing.body.errors.pricing_model[0]).toMatch(/^Choose one of: .*cpm/);
    const missing = await get('sites/premium');
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toHaveProperty('ad_format_id');
    const placement = await get('sites/premium?ad_format_id=banner&placement_type_ids[]=9');
    expect(placement.status).toBe(422);
  });
});

describe('POST sites/search/domains', () => {
  it('finds domains containing the query, those starting with it first, in the light shape', async () => {
    const { status, body } = await post('sites/search/domains', { query: 'Cat', limit: 1000 });
    expect(status).toBe(200);
    const domains: string[] = body.data.map((s: { domain: string }) => s.domain);
    const expected = all.filter((s) => s.domain.includes('cat'));
    expect(body.recordsFiltered).toBe(expected.length);
    const prefixed = expected.filter((s) => s.domain.startsWith('cat')).map((s) => s.domain).sort();
    expect(prefixed.length).toBeGreaterThan(0);
    expect(domains.slice(0, prefixed.length)).toEqual(prefixed);
    expect(domains.slice(prefixed.length).every((d) => !d.startsWith('cat'))).toBe(true);
    expect(Object.keys(body.data[0]).sort()).toEqual(SUMMARY_KEYS);
    expect(body.data[0].name).toBe(body.data[0].domain);
  });

  it('limits to marketplace sites, pages with limit and offset', async () => {
    const market = await post('sites/search/domains', { query: 'news', marketplace: true, limit: 1000 });
    expect(market.body.data.length).toBeGreaterThan(0);
    expect(market.body.data.every((s: { marketplace: boolean }) => s.marketplace)).toBe(true);
    expect(market.body.recordsFiltered).toBe(all.filter((s) => s.marketplace && s.domain.includes('news')).length);
    const page = await post('sites/search/domains', { query: 'news', limit: 3, offset: 2 });
    const whole = await post('sites/search/domains', { query: 'news', limit: 5 });
    expect(page.body.data).toEqual(whole.body.data.slice(2, 5));
    expect((await post('sites/search/domains', {})).body.data).toHaveLength(50);
  });

  it('answers the saved ids the site lookup asks labels for (sent as strings)', async () => {
    const ids = [all[10].id, all[3].id];
    const { status, body } = await post('sites/search/domains', { ids: ids.map(String) });
    expect(status).toBe(200);
    expect(body.data.map((s: { domain: string }) => s.domain)).toEqual([all[10].domain, all[3].domain]);
  });

  it('rejects unknown fields', async () => {
    const res = await post('sites/search/domains', { query: 'a', country: 1 });
    expect(res.status).toBe(422);
    expect(res.body.errors).toHaveProperty('country');
  });
});

describe('POST sites/details', () => {
  it('answers the sites of the ids with badges and report, in the order asked, unknown ids left out and unknown values null', async () => {
    const withGaps = all.find((s) => Object.values(s.site_report).some((v) => v === null))!;
    const other = all.find((s) => s.id !== withGaps.id && s.premium)!;
    const { status, body } = await post('sites/details', { ids: [other.id, 999_999_999, withGaps.id] });
    expect(status).toBe(200);
    expect(body.data).toEqual([other, withGaps]);
    expect(Object.values((body.data[1] as Site).site_report)).toContain(null);
  });
});

describe('POST sites/search/ids', () => {
  it('round-trips ids found by a search, leaving out unknown ones', async () => {
    const found = (await post('sites/search/domains', { query: 'game', limit: 7 })).body.data;
    const ids = found.map((s: { id: number }) => s.id).reverse();
    const { status, body } = await post('sites/search/ids', { ids: [...ids, 999_999_999] });
    expect(status).toBe(200);
    expect(body.data).toEqual([...found].reverse());
  });

  it('answers 422 for more than 5000 ids or a bad id', async () => {
    expect((await post('sites/search/ids', { ids: Array.from({ length: 5001 }, (_, i) => i + 1) })).status).toBe(422);
    const bad = await post('sites/search/ids', { ids: [0] });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)[0]).toMatch(/^ids/);
  });
});

describe('POST sites/validate', () => {
  it('splits the list into sites, invalid and unknown domains, with line-numbered problems', async () => {
    const [a, b] = [all[5], all[6]];
    const { status, body } = await post('sites/validate', {
      domains: [`https://www.${a.domain}/page`, 'foo..com', '', 'no-such-site-here.com', b.domain.toUpperCase(), a.domain, 'пример.рф'],
    });
    expect(status).toBe(200);
    expect(body.data.sites.map((s: { id: number }) => s.id)).toEqual([a.id, b.id]);
    expect(Object.keys(body.data.sites[0]).sort()).toEqual(SUMMARY_KEYS);
    expect(body.data.invalid_domains).toEqual(['foo..com', 'пример.рф']);
    expect(body.data.unknown_domains).toEqual(['no-such-site-here.com']);
    expect(body.data.problems).toEqual([
      'Line 2: “foo..com” is not a domain name',
      'Line 4: “no-such-site-here.com” is not a site of this network',
      'Line 7: write “пример.рф” in punycode: xn--e1afmkfd.xn--p1ai',
    ]);
    // The same, as field errors under the request's field, for a form to show under it.
    expect(body.data.errors).toEqual({ domains: body.data.problems });
    expect((await post('sites/validate', { domains: [a.domain] })).body.data.errors).toEqual({});
  });

  it('writes the problems in the reader’s language', async () => {
    const { body } = await post('sites/validate', { domains: ['foo..com'] }, { headers: { 'accept-language': 'ru' } });
    expect(body.data.problems).toEqual(['Строка 1: «foo..com» — не доменное имя']);
  });

  it('answers 422 without a list', async () => {
    const res = await post('sites/validate', {});
    expect(res.status).toBe(422);
    expect(res.body.errors).toHaveProperty('domains');
  });
});

describe('GET sites/marketplace', () => {
  it('lists every marketplace site with its report', async () => {
    const { status, body } = await get('sites/marketplace');
    expect(status).toBe(200);
    const expected = all.filter((s) => s.marketplace);
    expect(body.data).toHaveLength(expected.length);
    expect(body.data).toEqual(JSON.parse(JSON.stringify(expected)));
  });
});

describe('GET mobile-apps', () => {
  it('finds apps by part of the name, names starting with it first, labelled with the bundle id', async () => {
    const { status, body } = await get('mobile-apps?query=live&limit=1000');
    expect(status).toBe(200);
    expect(body.recordsFiltered).toBe(body.data.length);
    expect(body.data.length).toBeGreaterThan(1);
    const names: string[] = body.data.map((a: { app_name: string }) => a.app_name.toLowerCase());
    const firstOther = names.findIndex((n) => !n.startsWith('live'));
    expect(firstOther).toBeGreaterThan(0);
    expect(names.slice(firstOther).every((n) => !n.startsWith('live') && n.includes('live'))).toBe(true);
    const app = body.data[0];
    expect(app.name).toBe(`${app.app_name} (${app.bundle})`);
    expect(['android', 'ios']).toContain(app.platform);
  });

  it('answers the saved ids (as ids[] like the panel sends them), by platform, paged', async () => {
    const { body } = await get('mobile-apps?ids[]=5&ids[]=2');
    expect(body.data.map((a: { id: number }) => a.id).sort()).toEqual([2, 5]);
    const ios = await get('mobile-apps?platform=ios&limit=1000');
    expect(ios.body.recordsFiltered).toBe(mobileApps().filter((a) => a.platform === 'ios').length);
    expect(ios.body.data.every((a: { platform: string }) => a.platform === 'ios')).toBe(true);
    expect((await get('mobile-apps')).body.data).toHaveLength(100);
    expect((await get('mobile-apps?limit=0')).status).toBe(422);
  });
});

describe('GET available-categories', () => {
  const expected = (format: string, placements: number[] = []) =>
    [...new Set(all.filter((s) => (s.ad_formats as string[]).includes(format) && (!placements.length || s.placement_type_ids.some((p) => placements.includes(p)))).flatMap((s) => s.category_ids))].sort((a, b) => a - b);
  const ids = (body: { data: { id: number }[] }) => body.data.map((c) => c.id).sort((a, b) => a - b);

  it('lists the categories of the sites that sell the format, by name', async () => {
    const { status, body } = await get('available-categories?ad_format_id=banner');
    expect(status).toBe(200);
    expect(ids(body)).toEqual(expected('banner'));
    const names = body.data.map((c: { name: string }) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(body.data[0]).toEqual({ id: expect.any(Number), name: expect.any(String), iab: expect.stringMatching(/^IAB\d+-\d+$/), category_group_id: expect.any(Number) });
  });

  it('depends on the format and the placement types', async () => {
    const banner = ids((await get('available-categories?ad_format_id=banner')).body);
    const video = ids((await get('available-categories?ad_format_id=in-stream')).body);
    expect(video).toEqual(expected('in-stream'));
    expect(video.length).toBeLessThan(banner.length);
    const fullScreen = ids((await get('available-categories?ad_format_id=in-stream&placement_type_ids[]=6')).body);
    expect(fullScreen).toEqual(expected('in-stream', [6]));
    expect(fullScreen.length).toBeLessThan(video.length);
    const two = ids((await get('available-categories?ad_format_id=in-stream&placement_type_ids=6&placement_type_ids=5')).body);
    expect(two).toEqual(expected('in-stream', [5, 6]));
  });

  it('answers 422 for a format the network does not sell', async () => {
    const res = await get('available-categories?ad_format_id=banner', { host: 'pushhub.localhost:8080', token: pushhub });
    expect(res.status).toBe(422);
    expect(res.body.errors.ad_format_id).toEqual(['Choose an ad format this network offers.']);
    expect((await get('available-categories?ad_format_id=web-push', { host: 'pushhub.localhost:8080', token: pushhub })).status).toBe(200);
  });
});

describe('GET conversion-types and traffic-providers/collection', () => {
  it('list conversion types with string ids', async () => {
    const { status, body } = await get('conversion-types');
    expect(status).toBe(200);
    expect(body.data).toContainEqual({ id: 'lead', name: 'Lead', repeatable: false });
    expect(body.data.map((c: { id: string }) => c.id)).toEqual(expect.arrayContaining(['sale', 'install', 'deposit', 'subscription', 'first_open']));
  });

  it('list traffic providers, the main provider first, then the user\'s own (tests/api/providers.test.ts)', async () => {
    const { status, body } = await get('traffic-providers/collection');
    expect(status).toBe(200);
    expect(body.data[0]).toEqual({ id: 1, name: 'Main provider', method_type: 'rtb' });
    expect(body.data.slice(1).every((p: { id: number }) => p.id > 1000)).toBe(true);
  });
});

describe('OpenAPI', () => {
  it('documents every call with its security and request schema', async () => {
    const doc = (await api(t.app, 'GET', 'docs/api.json')).json();
    const paths: [string, string][] = [
      ['get', 'sites/premium'], ['post', 'sites/search/domains'], ['post', 'sites/search/ids'], ['post', 'sites/validate'], ['get', 'sites/marketplace'],
      ['get', 'mobile-apps'], ['get', 'available-categories'], ['get', 'conversion-types'], ['get', 'traffic-providers/collection'],
    ];
    for (const [method, path] of paths) {
      const op = doc.paths[`${API_PREFIX}/${path}`]?.[method];
      expect(op, path).toBeDefined();
      expect(op.security).toEqual([{ bearerAuth: [] }]);
      expect(op.responses).toHaveProperty('401');
    }
    expect(JSON.stringify(doc.components.schemas.sites_sites_validate)).toContain('domains');
    expect(doc.paths[`${API_PREFIX}/sites/premium`].get.parameters.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['ad_format_id', 'category_group_ids']));
  });
});
