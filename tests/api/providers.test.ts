import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogSchema } from '../../server/plugins/validation';
import { sspFormats } from '../../server/reference/sspFormats';
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
  // Providers run under a plan: the biggest of each network, so these tests meet no limit but their own.
  for (const [as, plan] of [[token, 3], [other, 3], [hub, 7]] as const) {
    const res = await api(t.app, 'POST', 'traffic-provider-subscriptions', { token: as, host: hostOf(as), body: { traffic_provider_subscription_plan_id: plan } });
    expect(res.statusCode, res.body).toBe(201);
  }
});
afterAll(() => t?.close());

type Row = Record<string, unknown> & { id: number; name: string };
const hostOf = (as: string) => (as === hub ? HUB : undefined);
const call = (method: string, path: string, as: string | undefined, body?: unknown) => api(t.app, method as 'GET', path, { token: as, host: as ? hostOf(as) : undefined, body });

const provider = (over: Record<string, unknown> = {}) => ({
  name: 'Lighthouse Exchange',
  method_type: 'rtb',
  endpoint_url: 'https://rtb.lighthouse.example.com/bid',
  pricing_type: 'cpm',
  vertical_type: 'mainstream',
  ssp_formats: ['banner-300x250', 'native'],
  qps_limit: 500,
  ...over,
});
const created = async (over: Record<string, unknown> = {}, as = token): Promise<Row> => {
  const res = await call('POST', 'traffic-providers', as, provider(over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
};
const page = async (path: string, as = token) => {
  const res = await call('GET', path, as);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: Row[]; recordsFiltered: number };
};
/** The values of a form field's `oneOf` of constants. */
const constants = (property: string) =>
  ((catalogSchema(t.app.platform.catalog, 'providers_traffic_provider').properties as Record<string, { oneOf: { const: string }[] }>)[property].oneOf.map((o) => o.const));

describe('POST traffic-providers', () => {
  it('creates an active provider with an id above 1000 and answers it', async () => {
    const res = await call('POST', 'traffic-providers', token, provider({ name: '  First one ' }));
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data as Row;
    expect(data).toEqual({ ...provider(), name: 'First one', id: data.id, status: 'active', created_at: expect.any(String) });
    expect(data.id).toBeGreaterThan(1000);
  });

  it('answers schema errors under every field', async () => {
    const res = await call('POST', 'traffic-providers', token, { name: '', method_type: 'soap', endpoint_url: 'no', pricing_type: 'cpa', vertical_type: 'news', ssp_formats: [], qps_limit: 0 });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['endpoint_url', 'method_type', 'name', 'pricing_type', 'qps_limit', 'ssp_formats', 'vertical_type']);
    expect(Object.keys((await call('POST', 'traffic-providers', token, provider({ qps_limit: 100001 }))).json().errors)).toEqual(['qps_limit']);
  });

  it('refuses SSP formats the method cannot carry or that do not exist, credentials in the URL and a name taken in any case', async () => {
    await created({ name: 'Taken provider' });
    const res = await call('POST', 'traffic-providers', token, provider({ name: 'TAKEN PROVIDER', method_type: 'xml', ssp_formats: ['native', 'popunder', 'no-such-format'], endpoint_url: 'https://u:p@xml.example.com/' }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      ssp_formats: ['Choose SSP formats from the list.', 'Native cannot come through an XML feed.'],
      endpoint_url: ['Leave the user name and password out of the address.'],
      name: ['You already have a traffic provider with this name.'],
    });
    const ws = await call('POST', 'traffic-providers', token, provider({ name: 'Ws', endpoint_url: 'ws://rtb.example.com/' }));
    expect(ws.json().errors).toEqual({ endpoint_url: ['Enter a full web address that starts with http:// or https://.'] });
    const de = await api(t.app, 'POST', 'traffic-providers', { token, body: provider({ name: 'De', method_type: 'xml', ssp_formats: ['native'] }), headers: { 'accept-language': 'de' } });
    expect(de.json().errors).toEqual({ ssp_formats: ['Native kann nicht über einen XML-Feed kommen.'] });
    expect((await call('POST', 'traffic-providers', other, provider({ name: 'Taken provider' }))).statusCode).toBe(201);
  });

  it('offers exactly the method, pricing and vertical types of GET settings', async () => {
    const settings = (await call('GET', 'settings', token)).json().data.traffic_provider;
    expect(constants('method_type')).toEqual(settings.method_types);
    expect(constants('pricing_type')).toEqual(settings.pricing_types);
    expect(constants('vertical_type')).toEqual(settings.vertical_types);
  });
});

describe('GET traffic-provider-ssp-formats', () => {
  it('lists every format, or those a method type carries', async () => {
    const all = await call('GET', 'traffic-provider-ssp-formats', token);
    expect(all.statusCode).toBe(200);
    expect(all.json().data).toEqual(sspFormats);
    expect(all.json().data.length).toBeGreaterThanOrEqual(8);
    expect(all.json().data.some((f: { private: boolean }) => f.private)).toBe(true);
    // In the reader's language.
    const ja = (await api(t.app, 'GET', 'traffic-provider-ssp-formats', { token, headers: { 'accept-language': 'ja' } })).json().data as { id: string; name: string }[];
    expect(ja.find((f) => f.id === 'popunder')?.name).toBe('ポップアンダー');
    expect(ja.filter((f) => f.name === sspFormats.find((s) => s.id === f.id)?.name)).toEqual([]);
    const xml = (await call('GET', 'traffic-provider-ssp-formats?method_type=xml', token)).json().data as { id: string; method_types: string[] }[];
    expect(xml.length).toBeLessThan(sspFormats.length);
    expect(xml.every((f) => f.method_types.includes('xml'))).toBe(true);
    expect((await call('GET', 'traffic-provider-ssp-formats?method_type=soap', token)).statusCode).toBe(422);
  });
});

describe('GET traffic-providers and traffic-providers/{id}', () => {
  let made: Row[];
  beforeAll(async () => {
    made = [];
    for (const [name, method, qps] of [['Zulu feed', 'xml', 300], ['alpha rtb', 'rtb', 100], ['Mid_way', 'xml', 200]] as const) {
      made.push(await created({ name, method_type: method, qps_limit: qps, ssp_formats: ['popunder'], endpoint_url: `https://${name.replace(/\W/g, '').toLowerCase()}.example.com/in` }, hub));
    }
    await call('POST', `traffic-providers/${made[0].id}/pause`, hub);
  });

  it("lists only the caller's providers, newest first; pages, sorts, searches and filters", async () => {
    const all = await page('traffic-providers', hub);
    expect(all.recordsFiltered).toBe(3);
    expect(all.data.map((p) => p.name)).toEqual(['Mid_way', 'alpha rtb', 'Zulu feed']);
    expect((await page('traffic-providers?sort=name&order=asc', hub)).data.map((p) => p.name)).toEqual(['alpha rtb', 'Mid_way', 'Zulu feed']);
    expect((await page('traffic-providers?sort=qps_limit&order=asc&per_page=25', hub)).data.map((p) => p.qps_limit)).toEqual([100, 200, 300]);
    expect((await page('traffic-providers?page=2&per_page=50', hub))).toEqual({ data: [], recordsFiltered: 3 });
    expect((await page('traffic-providers?search=ALPHA', hub)).data.map((p) => p.id)).toEqual([made[1].id]);
    expect((await page('traffic-providers?search=zulufeed.example', hub)).data.map((p) => p.id)).toEqual([made[0].id]);
    expect((await page('traffic-providers?search=_', hub)).data.map((p) => p.id)).toEqual([made[2].id]);
    expect((await page(`traffic-providers?search=${made[2].id}`, hub)).data.map((p) => p.id)).toEqual([made[2].id]);
    expect((await page('traffic-providers?status=paused', hub)).data.map((p) => p.id)).toEqual([made[0].id]);
    expect((await page('traffic-providers?method_type[]=xml&status[]=active', hub)).data.map((p) => p.id)).toEqual([made[2].id]);
    expect((await call('GET', 'traffic-providers?sort=secret', hub)).statusCode).toBe(422);
    expect((await page('traffic-providers')).data.every((p) => !made.some((m) => m.id === p.id))).toBe(true);
  });

  it('reads one provider', async () => {
    expect((await call('GET', `traffic-providers/${made[1].id}`, hub)).json().data).toEqual(made[1]);
  });
});

describe('activate, pause, delete, and the campaign form\'s list (traffic-providers/collection)', () => {
  it('lists the main provider, then the active providers of the caller only', async () => {
    const a = await created({ name: 'Bravo active' });
    const b = await created({ name: 'alpha active', method_type: 'xml', ssp_formats: ['popunder'] });
    const c = await created({ name: 'Charlie paused' });
    await call('POST', `traffic-providers/${c.id}/pause`, token);
    await created({ name: 'Someone else' }, other);
    const list = (await call('GET', 'traffic-providers/collection', token)).json().data as { id: number; name: string; method_type: string }[];
    expect(list[0]).toEqual({ id: 1, name: 'Main provider', method_type: 'rtb' });
    const names = list.map((p) => p.name);
    expect(names).toContain('Bravo active');
    expect(names.indexOf('alpha active')).toBeLessThan(names.indexOf('Bravo active'));
    expect(names).not.toContain('Charlie paused');
    expect(names).not.toContain('Someone else');
    expect(list.find((p) => p.id === b.id)).toEqual({ id: b.id, name: 'alpha active', method_type: 'xml' });
    expect(list.slice(1).every((p) => p.id > 1000)).toBe(true);

    const paused = await call('POST', `traffic-providers/${a.id}/pause`, token);
    expect(paused.json().data.status).toBe('paused');
    expect((await call('POST', `traffic-providers/${a.id}/pause`, token)).json().data).toEqual(paused.json().data);
    expect(((await call('GET', 'traffic-providers/collection', token)).json().data as { id: number }[]).map((p) => p.id)).not.toContain(a.id);
    const active = await call('POST', `traffic-providers/${c.id}/activate`, token);
    expect(active.json().data.status).toBe('active');
    expect((await call('POST', `traffic-providers/${c.id}/activate`, token)).json().data).toEqual(active.json().data);
    expect(((await call('GET', 'traffic-providers/collection', token)).json().data as { id: number }[]).map((p) => p.id)).toContain(c.id);

    const gone = await call('DELETE', `traffic-providers/${c.id}`, token);
    expect(gone.json()).toEqual({ data: { id: c.id } });
    expect((await call('GET', `traffic-providers/${c.id}`, token)).statusCode).toBe(404);
    expect(((await call('GET', 'traffic-providers/collection', token)).json().data as { id: number }[]).map((p) => p.id)).not.toContain(c.id);
  });

  it("answers 404 for another user's provider on every id call and leaves it unchanged", async () => {
    const theirs = await created({ name: 'Their provider' }, other);
    for (const [method, path] of [
      ['GET', `traffic-providers/${theirs.id}`],
      ['POST', `traffic-providers/${theirs.id}/pause`],
      ['POST', `traffic-providers/${theirs.id}/activate`],
      ['DELETE', `traffic-providers/${theirs.id}`],
    ]) {
      for (const as of [token, hub]) {
        const res = await call(method, path, as);
        expect(res.statusCode, `${method} ${path}`).toBe(404);
        expect(res.json()).toEqual({ message: 'Traffic provider not found.' });
      }
    }
    expect((await call('GET', `traffic-providers/${theirs.id}`, other)).json().data).toEqual(theirs);
    // The main provider is no user's provider.
    expect((await call('GET', 'traffic-providers/1', token)).statusCode).toBe(404);
  });

  it('has no edit call (the spec has none)', async () => {
    const mine = await created({ name: 'No edit' });
    expect((await call('PATCH', `traffic-providers/${mine.id}`, token, provider())).statusCode).toBe(404);
  });

  it('answers 401 without a token', async () => {
    for (const [method, path] of [['GET', 'traffic-providers'], ['GET', 'traffic-providers/1001'], ['POST', 'traffic-providers'], ['POST', 'traffic-providers/1001/activate'], ['POST', 'traffic-providers/1001/pause'], ['DELETE', 'traffic-providers/1001'], ['GET', 'traffic-provider-ssp-formats'], ['GET', 'traffic-providers/collection']]) {
      expect((await call(method, path, undefined, method === 'POST' ? {} : undefined)).statusCode, `${method} ${path}`).toBe(401);
    }
  });
});
