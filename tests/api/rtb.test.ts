import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ECHO_PRICE, startEchoBidder, type EchoBidder } from '../fixtures/echoBidder';
import { api, build, login, type TestApp } from './helper';

let t: TestApp;
let token: string;
let other: string;
let hub: string;
const HUB = 'pushhub.localhost';

beforeAll(async () => {
  t = await build();
  token = await login(t.app, 'advertiser@adnet.test');
  other = await login(t.app, 'company@adnet.test');
  hub = await login(t.app, 'company@pushhub.test', HUB);
});
afterAll(() => t?.close());

type Row = Record<string, unknown> & { id: number };
const hostOf = (as: string) => (as === hub ? HUB : undefined);
const call = (method: string, path: string, as: string | undefined, body?: unknown, headers?: Record<string, string>) =>
  api(t.app, method as 'GET', path, { token: as, host: as ? hostOf(as) : undefined, body, headers });

const network = (over: Record<string, unknown> = {}) => ({
  ad_formats: ['popunder', 'banner'],
  platform: 'web',
  server_location: 'eu_central',
  open_rtb: true,
  xml: false,
  ipv6_support: true,
  dsp: 'Acme DSP',
  website_link: 'https://acme-dsp.example.com',
  ...over,
});
const endpoint = (over: Record<string, unknown> = {}) => ({
  name: 'EU bidder',
  url: 'https://bidder.example.com/openrtb',
  protocol: 'openrtb_2_5',
  ad_formats: ['banner', 'native'],
  server_location: 'eu_west',
  qps: 500,
  ...over,
});
const createdNetwork = async (over: Record<string, unknown> = {}, as = token): Promise<Row> => {
  const res = await call('POST', 'networks', as, network(over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
};
const createdEndpoint = async (over: Record<string, unknown> = {}, as = token): Promise<Row> => {
  const res = await call('POST', 'rtb-endpoints', as, endpoint(over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
};
const page = async (path: string, as = token) => {
  const res = await call('GET', path, as);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: Row[]; recordsFiltered: number };
};

describe('POST networks', () => {
  it('creates a pending request and answers it', async () => {
    const res = await call('POST', 'networks', token, network());
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data as Row;
    expect(data).toEqual({ ...network(), id: data.id, status: 'pending', created_at: expect.any(String) });
    expect(Date.parse(data.created_at as string)).not.toBeNaN();
  });

  it('groups the schema errors by the camelCase keys, every one of the eight', async () => {
    const res = await call('POST', 'networks', token, { ad_formats: [], platform: 'tv', server_location: 'mars', open_rtb: 'yes', xml: 1, ipv6_support: null, dsp: '', website_link: 'nope' });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['adFormats', 'dsp', 'ipv6Support', 'openRtb', 'platform', 'serverLocation', 'websiteLink', 'xml']);
    expect(res.json().message).toBe('The given data was invalid.');
    const missing = await call('POST', 'networks', token, {});
    expect(Object.keys(missing.json().errors).sort()).toEqual(['adFormats', 'dsp', 'ipv6Support', 'openRtb', 'platform', 'serverLocation', 'websiteLink', 'xml']);
    expect(missing.json().errors.serverLocation).toEqual(['This field is required']);
  });

  it("groups an item's errors under its field, and keeps an unknown field's own name", async () => {
    const res = await call('POST', 'networks', token, network({ ad_formats: ['Bad Format', 'popunder', 'popunder'], extra_field: 1 }));
    expect(res.statusCode).toBe(422);
    const { errors } = res.json();
    expect(Object.keys(errors).sort()).toEqual(['adFormats', 'extra_field']);
    expect(errors.adFormats.length).toBeGreaterThanOrEqual(2);
  });

  it('groups its own checks too: formats not sold, no protocol, credentials in the website', async () => {
    const res = await call('POST', 'networks', token, network({ ad_formats: ['popunder', 'banner'], open_rtb: false, xml: false, website_link: 'https://me:secret@acme.example.com' }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ openRtb: ['Turn on OpenRTB, XML or both.'], websiteLink: ['Leave the user name and password out of the address.'] });
    // pushhub sells neither banner nor native.
    const hubRes = await call('POST', 'networks', hub, network({ ad_formats: ['web-push', 'banner'], website_link: 'ftp://acme.example.com' }));
    expect(hubRes.json().errors).toEqual({ adFormats: ['Choose an ad format this network offers.'], websiteLink: ['Enter a full web address that starts with http:// or https://.'] });
    const ru = await call('POST', 'networks', token, network({ open_rtb: false, xml: false }), { 'accept-language': 'ru' });
    expect(ru.json().errors).toEqual({ openRtb: ['Включите OpenRTB, XML или оба.'] });
    // XML alone is enough.
    expect((await call('POST', 'networks', token, network({ open_rtb: false, xml: true }))).statusCode).toBe(201);
  });
});

describe('GET networks, networks/{id}, networks/billing-types, rtb-ad-formats', () => {
  let rows: Row[];
  beforeAll(async () => {
    rows = [];
    for (const [dsp, site] of [['Zeta Bids', 'https://zeta.example.com'], ['alpha media', 'https://alpha.example.org'], ['Mid_DSP', 'https://mid.example.net']]) {
      rows.push(await createdNetwork({ dsp, website_link: site, ad_formats: ['web-push'] }, hub));
    }
    // Staff review them (no call yet): one approved, one rejected.
    await t.database.db.execute(sql`update rtb_networks set status = 'approved' where id = ${rows[0].id}`);
    await t.database.db.execute(sql`update rtb_networks set status = 'rejected' where id = ${rows[1].id}`);
  });

  it("lists the caller's requests, newest first, pages, sorts, searches and filters", async () => {
    const all = await page('networks', hub);
    expect(all.recordsFiltered).toBe(3);
    expect(all.data.map((n) => n.dsp)).toEqual(['Mid_DSP', 'alpha media', 'Zeta Bids']);
    expect((await page('networks?sort=dsp&order=asc', hub)).data.map((n) => n.dsp)).toEqual(['alpha media', 'Mid_DSP', 'Zeta Bids']);
    expect((await page('networks?sort=status&order=asc&per_page=-1', hub)).data.map((n) => n.status)).toEqual(['approved', 'pending', 'rejected']);
    expect((await page('networks?page=2&per_page=15', hub)).data).toEqual([]);
    expect((await page('networks?search=ALPHA', hub)).data.map((n) => n.id)).toEqual([rows[1].id]);
    expect((await page('networks?search=zeta.example', hub)).data.map((n) => n.id)).toEqual([rows[0].id]);
    expect((await page('networks?search=_', hub)).data.map((n) => n.id)).toEqual([rows[2].id]);
    expect((await page(`networks?search=${rows[2].id}`, hub)).data.map((n) => n.id)).toEqual([rows[2].id]);
    expect((await page('networks?status[]=approved&status[]=pending', hub)).data.map((n) => n.id)).toEqual([rows[2].id, rows[0].id]);
    expect((await call('GET', 'networks?status=deleted', hub)).statusCode).toBe(422);
    expect((await page('networks')).data.every((n) => !rows.some((r) => r.id === n.id))).toBe(true);
  });

  it('reads one request; another user\'s is 404', async () => {
    const res = await call('GET', `networks/${rows[0].id}`, hub);
    expect(res.json().data).toEqual({ ...rows[0], status: 'approved' });
    for (const as of [token, other]) {
      const theirs = await call('GET', `networks/${rows[0].id}`, as);
      expect(theirs.statusCode).toBe(404);
      expect(theirs.json()).toEqual({ message: 'RTB network not found.' });
    }
  });

  it('answers the billing types and the formats the network sells', async () => {
    const billing = await call('GET', 'networks/billing-types', token);
    expect(billing.statusCode).toBe(200);
    expect(billing.json().data.map((b: { id: string }) => b.id)).toEqual(['cpm', 'cpc', 'revshare']);
    const formats = await call('GET', 'rtb-ad-formats', hub);
    expect(formats.json().data).toEqual([
      { id: 'web-push', name: expect.any(String) },
      { id: 'in-page', name: expect.any(String) },
      { id: 'popunder', name: 'Popunder' },
      { id: 'direct-link', name: expect.any(String) },
    ]);
  });

  it('answers 401 without a token', async () => {
    for (const [method, path] of [['GET', 'networks'], ['GET', 'networks/1'], ['POST', 'networks'], ['GET', 'networks/billing-types'], ['GET', 'rtb-ad-formats']]) {
      expect((await call(method, path, undefined, method === 'POST' ? {} : undefined)).statusCode, `${method} ${path}`).toBe(401);
    }
  });
});

describe('RTB endpoints', () => {
  it('creates an active endpoint with the default timeout, and answers it', async () => {
    const res = await call('POST', 'rtb-endpoints', token, endpoint({ name: ' Created one ' }));
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data as Row;
    expect(data).toEqual({ ...endpoint(), name: 'Created one', id: data.id, timeout_ms: 300, status: 'active', last_test: null, created_at: expect.any(String), updated_at: data.created_at });
  });

  it('answers field errors: schema, formats not sold, URL, name taken in any case', async () => {
    const schema = await call('POST', 'rtb-endpoints', token, { name: '', url: 'x', protocol: 'openrtb_3', ad_formats: [], server_location: 'moon', qps: 0, timeout_ms: 49 });
    expect(schema.statusCode).toBe(422);
    expect(Object.keys(schema.json().errors).sort()).toEqual(['ad_formats', 'name', 'protocol', 'qps', 'server_location', 'timeout_ms', 'url']);
    const big = await call('POST', 'rtb-endpoints', token, endpoint({ qps: 10001, timeout_ms: 2001 }));
    expect(Object.keys(big.json().errors).sort()).toEqual(['qps', 'timeout_ms']);
    await createdEndpoint({ name: 'Taken' });
    const own = await call('POST', 'rtb-endpoints', token, endpoint({ name: 'TAKEN', url: 'https://a:b@bidder.example.com/', ad_formats: ['banner', 'teleport'] }));
    expect(own.json().errors).toEqual({
      name: ['You already have an RTB endpoint with this name.'],
      url: ['Leave the user name and password out of the address.'],
      ad_formats: ['Choose an ad format this network offers.'],
    });
    expect((await call('POST', 'rtb-endpoints', other, endpoint({ name: 'Taken' }))).statusCode).toBe(201);
  });

  it('lists, pages, sorts, searches and filters by status and protocol', async () => {
    const made: Row[] = [];
    for (const [name, protocol, qps] of [['List b', 'openrtb_2_5', 10], ['list A', 'openrtb_2_6', 30], ['List_C', 'openrtb_2_6', 20]] as const) {
      made.push(await createdEndpoint({ name, protocol, qps, ad_formats: ['web-push'], url: `https://${name.replace(/\W/g, '').toLowerCase()}.example.com/bid` }, hub));
    }
    await call('POST', `rtb-endpoints/${made[0].id}/pause`, hub);
    const all = await page('rtb-endpoints', hub);
    expect(all.recordsFiltered).toBe(3);
    expect(all.data.map((e) => e.name)).toEqual(['List_C', 'list A', 'List b']);
    expect((await page('rtb-endpoints?sort=name&order=asc', hub)).data.map((e) => e.name)).toEqual(['list A', 'List b', 'List_C']);
    expect((await page('rtb-endpoints?sort=qps&order=desc', hub)).data.map((e) => e.qps)).toEqual([30, 20, 10]);
    expect((await page('rtb-endpoints?per_page=-1&page=5', hub)).data).toHaveLength(3);
    expect((await page('rtb-endpoints?page=2', hub))).toEqual({ data: [], recordsFiltered: 3 });
    expect((await page('rtb-endpoints?search=_', hub)).data.map((e) => e.name)).toEqual(['List_C']);
    expect((await page('rtb-endpoints?search=lista.example', hub)).data.map((e) => e.name)).toEqual(['list A']);
    expect((await page(`rtb-endpoints?search=${made[1].id}`, hub)).data.map((e) => e.id)).toEqual([made[1].id]);
    expect((await page('rtb-endpoints?status=paused', hub)).data.map((e) => e.name)).toEqual(['List b']);
    expect((await page('rtb-endpoints?protocol=openrtb_2_6&status=active', hub)).recordsFiltered).toBe(2);
  });

  it('reads, edits (status stays), activates, pauses and deletes', async () => {
    const made = await createdEndpoint({ name: 'Lifecycle' });
    expect((await call('GET', `rtb-endpoints/${made.id}`, token)).json().data).toEqual(made);
    const paused = await call('POST', `rtb-endpoints/${made.id}/pause`, token);
    expect(paused.json().data.status).toBe('paused');
    expect((await call('POST', `rtb-endpoints/${made.id}/pause`, token)).json().data).toEqual(paused.json().data);
    const saved = await call('PATCH', `rtb-endpoints/${made.id}`, token, endpoint({ name: 'Lifecycle 2', protocol: 'openrtb_2_6', timeout_ms: 120, qps: 5 }));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ id: made.id, name: 'Lifecycle 2', protocol: 'openrtb_2_6', timeout_ms: 120, qps: 5, status: 'paused' });
    expect((await call('PATCH', `rtb-endpoints/${made.id}`, token, endpoint({ name: 'LIFECYCLE 2' }))).statusCode).toBe(200);
    expect((await call('PATCH', `rtb-endpoints/${made.id}`, token, endpoint({ name: 'taken' }))).json().errors).toEqual({ name: ['You already have an RTB endpoint with this name.'] });
    const active = await call('POST', `rtb-endpoints/${made.id}/activate`, token);
    expect(active.json().data.status).toBe('active');
    const gone = await call('DELETE', `rtb-endpoints/${made.id}`, token);
    expect(gone.json()).toEqual({ data: { id: made.id } });
    expect((await call('GET', `rtb-endpoints/${made.id}`, token)).statusCode).toBe(404);
  });

  it("answers 404 for another user's endpoint on every id call and leaves it unchanged", async () => {
    const theirs = await createdEndpoint({ name: 'Not yours' }, other);
    for (const [method, path, body] of [
      ['GET', `rtb-endpoints/${theirs.id}`],
      ['PATCH', `rtb-endpoints/${theirs.id}`, endpoint({ name: 'Stolen' })],
      ['POST', `rtb-endpoints/${theirs.id}/pause`],
      ['POST', `rtb-endpoints/${theirs.id}/activate`],
      ['POST', `rtb-endpoints/${theirs.id}/test`],
      ['DELETE', `rtb-endpoints/${theirs.id}`],
    ] as [string, string, unknown?][]) {
      for (const as of [token, hub]) {
        const res = await call(method, path, as, body);
        expect(res.statusCode, `${method} ${path}`).toBe(404);
        expect(res.json()).toEqual({ message: 'RTB endpoint not found.' });
      }
    }
    expect((await call('GET', `rtb-endpoints/${theirs.id}`, other)).json().data).toEqual(theirs);
  });

  it('answers 401 without a token', async () => {
    for (const [method, path] of [['GET', 'rtb-endpoints'], ['GET', 'rtb-endpoints/1'], ['POST', 'rtb-endpoints'], ['PATCH', 'rtb-endpoints/1'], ['POST', 'rtb-endpoints/1/activate'], ['POST', 'rtb-endpoints/1/pause'], ['POST', 'rtb-endpoints/1/test'], ['DELETE', 'rtb-endpoints/1']]) {
      expect((await call(method, path, undefined, method === 'POST' || method === 'PATCH' ? {} : undefined)).statusCode, `${method} ${path}`).toBe(401);
    }
  });
});

describe('POST rtb-endpoints/{id}/test', () => {
  it('refuses a loopback URL when private targets are not allowed, keeps the outcome, and limits tests per user', async () => {
    const local = await createdEndpoint({ name: 'Local', url: 'http://127.0.0.1:1/' });
    const res = await call('POST', `rtb-endpoints/${local.id}/test`, token);
    expect(res.statusCode, res.body).toBe(200);
    const test = res.json().data;
    expect(test).toMatchObject({ outcome: 'refused', http_status: null, latency_ms: null, price: null });
    expect(test.message).toEqual(expect.any(String));
    expect((await call('GET', `rtb-endpoints/${local.id}`, token)).json().data.last_test).toEqual(test);
    let last = res;
    for (let i = 1; i <= 20 && last.statusCode === 200; i += 1) last = await call('POST', `rtb-endpoints/${local.id}/test`, token);
    expect(last.statusCode).toBe(429);
    expect(last.headers['retry-after']).toBeDefined();
    expect(last.json().message).toBe('You sent many test bid requests in a short time. Wait a minute and try again.');
  });

  describe('with private targets allowed (a local bidder)', () => {
    let local: TestApp;
    let bidder: EchoBidder;
    let as: string;
    beforeAll(async () => {
      local = await build({ allowPrivateTargets: true });
      bidder = await startEchoBidder();
      as = await login(local.app, 'advertiser@adnet.test');
    });
    afterAll(async () => {
      await bidder?.close();
      await local?.close();
    });

    it('sends a bid request, answers the bid and keeps it as last_test until the bidder changes', async () => {
      const made = await api(local.app, 'POST', 'rtb-endpoints', { token: as, body: endpoint({ url: bidder.url, protocol: 'openrtb_2_6', ad_formats: ['banner'] }) });
      expect(made.statusCode, made.body).toBe(201);
      const id = made.json().data.id as number;
      const res = await api(local.app, 'POST', `rtb-endpoints/${id}/test`, { token: as });
      expect(res.statusCode, res.body).toBe(200);
      const test = res.json().data;
      expect(test).toMatchObject({ outcome: 'bid', http_status: 200, price: ECHO_PRICE.toFixed(4) });
      expect(test.latency_ms).toEqual(expect.any(Number));
      expect(Date.parse(test.tested_at)).not.toBeNaN();
      expect(bidder.requests).toHaveLength(1);
      expect((bidder.requests[0] as { imp: unknown[] }).imp.length).toBeGreaterThan(0);
      const read = (await api(local.app, 'GET', `rtb-endpoints/${id}`, { token: as })).json().data;
      expect(read.last_test).toEqual(test);
      // A new name keeps the test; a new timeout drops it.
      const renamed = await api(local.app, 'PATCH', `rtb-endpoints/${id}`, { token: as, body: endpoint({ name: 'Renamed', url: bidder.url, protocol: 'openrtb_2_6', ad_formats: ['banner'] }) });
      expect(renamed.json().data.last_test).toEqual(test);
      const retimed = await api(local.app, 'PATCH', `rtb-endpoints/${id}`, { token: as, body: endpoint({ name: 'Renamed', url: bidder.url, protocol: 'openrtb_2_6', ad_formats: ['banner'], timeout_ms: 500 }) });
      expect(retimed.json().data.last_test).toBeNull();
    });

    it('tells a closed port apart from a refused address', async () => {
      const made = await api(local.app, 'POST', 'rtb-endpoints', { token: as, body: endpoint({ name: 'Closed port', url: 'http://127.0.0.1:1/' }) });
      const res = await api(local.app, 'POST', `rtb-endpoints/${made.json().data.id}/test`, { token: as });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ outcome: 'unreachable', http_status: null, price: null });
    });
  });
});
