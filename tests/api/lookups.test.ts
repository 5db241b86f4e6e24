import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, build, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t?.close());

const NAMES = [
  'browsers', 'carriers', 'categories', 'category-groups', 'countries', 'device-models', 'device-vendors',
  'ip2-location-types', 'language', 'campaign-traffic-platforms', 'operating-systems', 'traffic-types', 'interests', 'messengers',
];

const post = async (path: string, body: unknown) => {
  const res = await api(t.app, 'POST', path, { body });
  return { status: res.statusCode, body: res.json() };
};

describe('GET collections/{name}', () => {
  it.each(NAMES)('%s is a non-empty list of { id, name } with unique ids', async (name) => {
    const res = await api(t.app, 'GET', `collections/${name}`);
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.length).toBeGreaterThan(2);
    for (const item of data) {
      expect(Number.isSafeInteger(item.id)).toBe(true);
      expect(typeof item.name).toBe('string');
      expect(item.name.length).toBeGreaterThan(0);
    }
    expect(new Set(data.map((i: { id: number }) => i.id)).size).toBe(data.length);
  });

  it('lists real reference data', async () => {
    const get = async (name: string) => (await api(t.app, 'GET', `collections/${name}`)).json().data;
    const countries = await get('countries');
    expect(countries.length).toBeGreaterThanOrEqual(249);
    expect(countries).toContainEqual({ id: 276, name: 'Germany', iso2: 'DE', iso3: 'DEU' });
    expect((await get('language')).find((l: { code: string }) => l.code === 'ja')).toMatchObject({ name: 'Japanese' });
    const models = await get('device-models');
    expect(models.length).toBeGreaterThan(3000);
    expect(models.some((m: { vendor_name: string; name: string }) => m.vendor_name === 'Apple' && m.name.startsWith('iPhone'))).toBe(true);
    const vendorIds = new Set((await get('device-vendors')).map((v: { id: number }) => v.id));
    expect(models.every((m: { vendor_id: number }) => vendorIds.has(m.vendor_id))).toBe(true);
    const countryIds = new Set(countries.map((c: { id: number }) => c.id));
    const carriers = await get('carriers');
    expect(carriers.every((c: { country_id: number }) => countryIds.has(c.country_id))).toBe(true);
    expect(carriers).toContainEqual(expect.objectContaining({ name: 'Verizon Wireless', country_iso2: 'US' }));
    const groups = new Set((await get('category-groups')).map((g: { id: number }) => g.id));
    expect((await get('categories')).every((c: { category_group_id: number }) => groups.has(c.category_group_id))).toBe(true);
    expect((await get('messengers')).map((m: { name: string }) => m.name)).toEqual(expect.arrayContaining(['Telegram', 'WhatsApp', 'Skype']));
  });

  it('answers 404 naming the valid names for an unknown collection', async () => {
    const res = await api(t.app, 'GET', 'collections/planets');
    expect(res.statusCode).toBe(404);
    const { message } = res.json();
    expect(message).toContain('"planets"');
    for (const name of NAMES) expect(message).toContain(name);
  });
});

describe('POST regions', () => {
  it('finds regions by name prefix, accent- and case-insensitively', async () => {
    const { status, body } = await post('regions', { query: 'bava' });
    expect(status).toBe(200);
    expect(body.data).toContainEqual(expect.objectContaining({ name: 'Bavaria', country_iso2: 'DE', country_id: 276 }));
    const sao = await post('regions', { query: 'sao paulo' });
    expect(sao.body.data.map((r: { name: string }) => r.name)).toContain('São Paulo');
  });

  it('narrows to countries and leaves out ignored countries', async () => {
    const us = await post('regions', { country_ids: [840] });
    expect(us.body.recordsFiltered).toBeGreaterThanOrEqual(50);
    expect(us.body.data.every((r: { country_id: number }) => r.country_id === 840)).toBe(true);
    const all = await post('regions', { query: 'a' });
    const withoutUs = await post('regions', { query: 'a', ignored_country_ids: [840] });
    expect(withoutUs.body.recordsFiltered).toBeLessThan(all.body.recordsFiltered);
    expect(withoutUs.body.data.some((r: { country_id: number }) => r.country_id === 840)).toBe(false);
  });

  it('returns the regions asked for by id, with stable ids', async () => {
    const first = (await post('regions', { query: 'California' })).body.data[0];
    const again = await post('regions', { region_ids: [first.id] });
    expect(again.body.data).toEqual([first]);
  });

  it('validates the body', async () => {
    const bad = await post('regions', { query: 5, country_ids: ['x'], extra: 1 });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['country_ids.0', 'extra', 'query']);
  });
});

describe('POST cities', () => {
  it('finds cities by prefix across countries, limited to 100 by default', async () => {
    const { status, body } = await post('cities', { query: 'san' });
    expect(status).toBe(200);
    expect(body.data).toHaveLength(100);
    expect(body.recordsFiltered).toBeGreaterThan(1000);
    expect(body.data[0]).toEqual({
      id: expect.any(Number),
      name: expect.stringMatching(/^san/i),
      region_id: expect.any(Number),
      region_name: expect.any(String),
      country_id: expect.any(Number),
      country_iso2: expect.any(String),
      country_name: expect.any(String),
    });
  });

  it('narrows by region and country and skips ignored ones', async () => {
    const california = (await post('regions', { query: 'California', country_ids: [840] })).body.data[0];
    const inCalifornia = await post('cities', { query: 'los', region_ids: [california.id] });
    expect(inCalifornia.body.data.map((c: { name: string }) => c.name)).toContain('Los Angeles');
    expect(inCalifornia.body.data.every((c: { region_id: number }) => c.region_id === california.id)).toBe(true);

    const usLos = await post('cities', { query: 'los', country_ids: [840] });
    const usLosNoCal = await post('cities', { query: 'los', country_ids: [840], ignored_region_ids: [california.id] });
    expect(usLosNoCal.body.recordsFiltered).toBe(usLos.body.recordsFiltered - inCalifornia.body.recordsFiltered);

    const notUs = await post('cities', { query: 'springfield', ignored_country_ids: [840] });
    expect(notUs.body.data.some((c: { country_id: number }) => c.country_id === 840)).toBe(false);
  });

  it('returns cities by id (ids stable between calls) and pages with limit and offset', async () => {
    const page1 = (await post('cities', { query: 'ber', limit: 5 })).body;
    const page2 = (await post('cities', { query: 'ber', limit: 5, offset: 5 })).body;
    expect(page1.data).toHaveLength(5);
    expect(page2.data[0].id).not.toBe(page1.data[0].id);
    const byId = await post('cities', { city_ids: page1.data.map((c: { id: number }) => c.id) });
    expect(byId.body.data.map((c: { id: number }) => c.id).sort()).toEqual(page1.data.map((c: { id: number }) => c.id).sort());
  });

  it('answers every city asked for by id, beyond the default limit', async () => {
    const many = (await post('cities', { query: 'san', limit: 150 })).body.data.map((c: { id: number }) => c.id);
    const res = await post('cities', { city_ids: many });
    expect(res.body.data).toHaveLength(150);
  });

  it('rejects a limit above 1000', async () => {
    const res = await post('cities', { query: 'a', limit: 5000 });
    expect(res.status).toBe(422);
    expect(res.body.errors).toHaveProperty('limit');
  });
});

describe('POST ip-ranges/collections', () => {
  it('normalizes addresses, CIDRs and ranges of both versions', async () => {
    const { status, body } = await post('ip-ranges/collections', {
      ip_ranges: [' 192.168.0.1 ', '10.1.2.3/8', '1.2.3.4-1.2.3.10', '2001:db8::/32', '2001:0db8:0000::1'],
    });
    expect(status).toBe(200);
    expect(body.data).toEqual([
      { ip_range: '192.168.0.1', version: 4, type: 'address', start: '192.168.0.1', end: '192.168.0.1' },
      { ip_range: '10.1.2.3/8', version: 4, type: 'cidr', start: '10.0.0.0', end: '10.255.255.255' },
      { ip_range: '1.2.3.4-1.2.3.10', version: 4, type: 'range', start: '1.2.3.4', end: '1.2.3.10' },
      { ip_range: '2001:db8::/32', version: 6, type: 'cidr', start: '2001:db8::', end: '2001:db8:ffff:ffff:ffff:ffff:ffff:ffff' },
      { ip_range: '2001:0db8:0000::1', version: 6, type: 'address', start: '2001:db8::1', end: '2001:db8::1' },
    ]);
  });

  it('answers every bad entry under ip_ranges', async () => {
    const { status, body } = await post('ip-ranges/collections', {
      ip_ranges: ['1.2.3.4', '300.1.1.1', '10.0.0.0/33', '1.2.3.9-1.2.3.1', '1.2.3.4-2001:db8::1', 'fe80::/129'],
    });
    expect(status).toBe(422);
    expect(Object.keys(body.errors)).toEqual(['ip_ranges']);
    expect(body.errors.ip_ranges).toHaveLength(5);
    expect(body.errors.ip_ranges[0]).toContain('Line 2');
    expect(body.errors.ip_ranges[0]).toContain('300.1.1.1');
  });

  it('requires a non-empty list', async () => {
    for (const body of [{}, { ip_ranges: [] }, { ip_ranges: '1.2.3.4' }]) {
      const res = await post('ip-ranges/collections', body);
      expect(res.status).toBe(422);
      expect(res.body.errors).toHaveProperty('ip_ranges');
    }
  });
});
