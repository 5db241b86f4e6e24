import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sites } from '../../server/reference/sites';
import { api, build, login, type TestApp } from './helper';

let t: TestApp;
let token: string;
let other: string;
let support: string;
const ads: Record<string, number> = {};

beforeAll(async () => {
  t = await build();
  token = await login(t.app, 'advertiser@adnet.test');
  other = await login(t.app, 'company@adnet.test');
  support = await login(t.app, 'support@adnet.test');
  const bodies = {
    popunder: { format: 'popunder', name: 'Pop', url: 'https://shop.example.com/?c={click_id}' },
    'direct-link': { format: 'direct-link', name: 'Link', url: 'https://shop.example.com/dl', title: 'Great deals' },
    'notification-widget': { format: 'notification-widget', name: 'Widget', creatives: [{ title: 'Hello', description: 'World', url: 'https://a.example' }] },
  };
  for (const [format, body] of Object.entries(bodies)) {
    const res = await api(t.app, 'POST', 'ads', { token, body });
    expect(res.statusCode, res.body).toBe(201);
    ads[format] = res.json().data.id;
  }
});
afterAll(() => t?.close());

const campaign = (over: Record<string, unknown> = {}) => ({
  name: 'Spring push',
  ad_format: 'popunder',
  ad_id: ads.popunder,
  pricing_model: 'cpm',
  price: '1.2500',
  limits: { type: 'money', daily: '50.00', total: '500.00' },
  targets: {
    country: { accept: true, countries: [276, 250] },
    'operating-system': { accept: false, operating_systems: [3] },
    'connection-type': { type: 'wifi' },
  },
  ...over,
});
const create = async (over: Record<string, unknown> = {}, as = token) => api(t.app, 'POST', 'campaigns', { token: as, body: campaign(over) });
const created = async (over: Record<string, unknown> = {}) => {
  const res = await create(over);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; [key: string]: unknown };
};
const approve = async (id: number, status = 'approved') => {
  const cause = status === 'rejected' ? { reject_cause_id: (await api(t.app, 'GET', 'admin/reject-causes', { token: support })).json().data[0].id } : {};
  return api(t.app, 'POST', `admin/campaigns/${id}/approval`, { token: support, body: { status, ...cause } });
};
const bulk = (action: string, ids: number[], as = token) => api(t.app, 'POST', `campaigns/${action}`, { token: as, body: { campaign_ids: ids } });

describe('POST campaigns', () => {
  it('creates a paused campaign waiting for moderation, that starts once approved', async () => {
    const data = await created();
    expect(data).toMatchObject({
      name: 'Spring push', status: 'paused', next_status: 'active', pricing_model: 'cpm', price: '1.2500', limit_type: 'money', daily_limit: '50.00', total_limit: '500.00',
      hourly_limit: null, reserved_balance: '0.00', cpa_status: 'disabled', activate_on_approve: true,
      ad: { id: ads.popunder, name: 'Pop', format: 'popunder' }, ad_format: { id: 'popunder', name: 'Popunder' },
      latest_approval: { status: 'pending' }, targets: { country: { accept: true, countries: [276, 250] } },
      statistics: { days: 7, totals: { impressions: 0, clicks: 0, conversions: 0, spend: '0.0000' }, daily: [] },
    });
    const approved = await approve(data.id);
    expect(approved.statusCode, approved.body).toBe(200);
    // Alex has 1250.50: the daily limit is reserved.
    expect(approved.json().data.campaign).toMatchObject({ status: 'active', next_status: null, reserved_balance: '50.00' });
  });

  it.each([
    ['direct-link', { pricing_model: 'cpc', price: '0.0400', targets: { country: { accept: true, countries: [840] }, uniques: { accept: true, cap: 2, ttl: 24 } } }],
    ['notification-widget', { pricing_model: 'cpc', price: '0.0300', targets: { 'in-page-traffic': { accept: true }, browser: { accept: true, browsers: [1, 2], min_version: 100 } } }],
  ])('creates a %s campaign with its own targets', async (format, over) => {
    const data = await created({ ad_format: format, ad_id: ads[format], ...over });
    expect(data).toMatchObject({ ad_format: { id: format }, targets: over.targets });
  });

  it('answers schema errors per field, in the form paths', async () => {
    const res = await create({ name: '', price: '1.123456', limits: { type: 'coins' }, targets: { country: { countries: ['x'] } } });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['limits.type', 'name', 'price', 'targets.country.countries.0']);
  });

  it('refuses a pricing model, a target or an ad the format does not allow', async () => {
    const res = await create({ pricing_model: 'cpc', targets: { 'web-push-subscription-time': { min_days: 1 } }, ad_id: ads['direct-link'] });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      pricing_model: ['Popunder campaigns cannot use this pricing model.'],
      'targets.web-push-subscription-time': ['This targeting is not offered for Popunder campaigns.'],
      ad_id: ['Choose an ad of the Popunder format.'],
    });
  });

  it('refuses targets the network does not sell, and formats it does not sell', async () => {
    const hub = await login(t.app, 'company@pushhub.test', 'pushhub.localhost');
    const res = await api(t.app, 'POST', 'campaigns', { host: 'pushhub.localhost', token: hub, body: campaign({ ad_format: 'banner', pricing_model: 'cpm' }) });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ ad_format: ['Choose an ad format this network offers.'] });
  });

  it('checks minimum price and limits, limit order, dates, IP ranges and domains', async () => {
    const res = await create({
      price: '0.0100',
      limits: { type: 'impressions', hourly: '5000', daily: '2000.5', total: '999' },
      active_from: '2026-05-10',
      active_to: '2026-05-01',
      targets: { 'ip-range': { accept: true, ip_ranges: '10.0.0.0/8,300.1.1.1' }, site: { accept: false, domains: `${sites()[0].domain},not a domain` } },
    });
    expect(res.statusCode).toBe(422);
    const { errors } = res.json();
    expect(errors.price).toEqual(['The price must be at least 0.0500.']);
    expect(errors['limits.daily']).toEqual(['Enter a whole number.']);
    expect(errors['limits.total']).toEqual(['The total limit must be at least 1000.']);
    expect(errors['limits.hourly']).toEqual(['The hourly limit cannot be above the daily limit.']);
    expect(errors.active_to).toEqual(['The end date cannot be before the start date.']);
    expect(errors['targets.ip-range.ip_ranges']).toHaveLength(1);
    expect(errors['targets.ip-range.ip_ranges'][0]).toMatch(/^Line 2: /);
    expect(errors['targets.site.domains'][0]).toMatch(/^Line 2: /);
  });

  it("answers 404 for another user's ad or group, as for a missing one (tests/api/isolation.test.ts walks every route)", async () => {
    const mine = (await api(t.app, 'POST', 'campaign-groups', { token, body: { name: 'Mine' } })).json().data.id;
    const res = await create({ campaign_group_id: mine }, other);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: `Ad ${ads.popunder} not found` });
    const otherAd = (await api(t.app, 'POST', 'ads', { token: other, body: { format: 'popunder', name: 'Theirs', url: 'https://theirs.example.com/' } })).json().data.id;
    const group = await create({ ad_id: otherAd, campaign_group_id: mine }, other);
    expect(group.statusCode).toBe(404);
    expect(group.json()).toEqual({ message: `Campaign group ${mine} not found` });
  });

  it('answers in the reader’s language', async () => {
    const res = await api(t.app, 'POST', 'campaigns', { token, body: campaign({ price: '0.0001' }), headers: { 'accept-language': 'de' } });
    expect(res.json().errors.price[0]).not.toBe('The price must be at least 0.0500.');
    expect(res.json().errors.price[0]).toContain('0.0500');
  });
});

describe('GET, PUT campaigns/{id}', () => {
  it("answers 404 for another user's campaign on every call", async () => {
    const { id } = await created();
    const rule = (await api(t.app, 'POST', `campaigns/${id}/updating-rules`, { token, body: { action: 'pause', period_days: 7, conditions: [{ field: 'cost', operation: 'greater', value: '10' }] } })).json().data.id;
    const calls: [string, string, unknown?][] = [
      ['GET', `campaigns/${id}`],
      ['PUT', `campaigns/${id}`, campaign()],
      ['POST', `campaigns/${id}/price`, { price: '2.00' }],
      ['GET', `campaigns/${id}/offers`],
      ['POST', `campaigns/targets/${id}/blacklist`, { sites: [1] }],
      ['POST', `campaigns/${id}/updating-rules`, { action: 'pause', period_days: 7, conditions: [{ field: 'cost', operation: 'greater', value: '1' }] }],
      ['PUT', `campaign-updating-rules/${rule}`, { action: 'pause', period_days: 7, conditions: [{ field: 'cost', operation: 'greater', value: '1' }] }],
      ['DELETE', `campaign-updating-rules/${rule}`],
    ];
    for (const [method, path, body] of calls) {
      const res = await api(t.app, method as 'GET', path, { token: other, body });
      expect(res.statusCode, `${method} ${path}`).toBe(404);
    }
    const moved = await api(t.app, 'POST', `campaigns/pause`, { token: other, body: { campaign_ids: [id] } });
    expect(moved.statusCode).toBe(404);
  });

  it('saves an edit; new targeting goes to moderation again, a new price does not', async () => {
    const { id } = await created();
    await approve(id);
    const priced = await api(t.app, 'PUT', `campaigns/${id}`, { token, body: campaign({ price: '1.5000', limits: { type: 'money', daily: '60.00' } }) });
    expect(priced.statusCode, priced.body).toBe(200);
    expect(priced.json().data).toMatchObject({ status: 'active', price: '1.5000', daily_limit: '60.00', total_limit: null, latest_approval: { status: 'approved' } });
    // The form sends every target it offers at its defaults: that narrows nothing, so it is not new targeting.
    const filled = { ...campaign().targets, region: { accept: true }, site: { accept: true, premium: false, billing_domain: false, is_new: true, marketplace: false, tubecorp: false }, interest: {}, ipv6: { type: 'all' } };
    const dated = await api(t.app, 'PUT', `campaigns/${id}`, { token, body: campaign({ price: '1.5000', active_to: '2099-12-31', targets: filled }) });
    expect(dated.json().data).toMatchObject({ status: 'active', active_to: '2099-12-31', latest_approval: { status: 'approved' } });
    const retargeted = await api(t.app, 'PUT', `campaigns/${id}`, { token, body: campaign({ targets: { country: { accept: true, countries: [840] } } }) });
    expect(retargeted.json().data).toMatchObject({ status: 'paused', next_status: 'active', reserved_balance: '0.00', latest_approval: { status: 'pending' } });
    const format = await api(t.app, 'PUT', `campaigns/${id}`, { token, body: campaign({ ad_format: 'direct-link', ad_id: ads['direct-link'], pricing_model: 'cpc' }) });
    expect(format.json().errors).toEqual({ ad_format: ['The format of a saved campaign cannot change. Duplicate it instead.'] });
  });
});

describe('each fact stored once', () => {
  it('keeps name, ad, pricing, price and limits in columns only, and gives the form back whole', async () => {
    const { id } = await created({ price: '0.5', limits: { type: 'impressions', daily: '1000', total: '250000' } });
    const stored = (await t.database.db.execute(sql`select model from campaigns where id = ${id}`)) as unknown as { rows: { model: Record<string, unknown> }[] };
    expect(Object.keys(stored.rows[0].model).sort()).toEqual(['targets']);
    const view = (await api(t.app, 'GET', `campaigns/${id}`, { token })).json().data;
    expect(view).toMatchObject({ price: '0.5000', daily_limit: '1000.00' });
    // The form gets what the user typed back, not the columns' NUMERIC text: 1000.00 would not be a whole number.
    expect(view.model).toEqual(campaign({ price: '0.5', limits: { type: 'impressions', daily: '1000', total: '250000' } }));
    expect((await api(t.app, 'PUT', `campaigns/${id}`, { token, body: view.model })).statusCode).toBe(200);
    await api(t.app, 'POST', `campaigns/${id}/price`, { token, body: { price: '0.75' } });
    expect((await api(t.app, 'GET', `campaigns/${id}`, { token })).json().data.model).toMatchObject({ price: '0.75', limits: { type: 'impressions', daily: '1000', total: '250000' } });
  });
});

describe('bulk actions', () => {
  it('activates, pauses and deletes, and says why it skipped the rest', async () => {
    const pending = (await created({ activate_on_approve: false })).id;
    const rejected = (await created()).id;
    await approve(rejected, 'rejected');
    const approvedPaused = (await created({ activate_on_approve: false })).id;
    await approve(approvedPaused);

    // One id that is not the user's campaign and nothing changes.
    const refused = await bulk('activate', [pending, 999999]);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ message: 'Campaign 999999 not found' });
    expect((await api(t.app, 'GET', `campaigns/${pending}`, { token })).json().data).toMatchObject({ status: 'paused', next_status: null });

    const started = await bulk('activate', [pending, rejected, approvedPaused]);
    expect(started.statusCode).toBe(200);
    const { campaigns, skipped } = started.json().data;
    expect(campaigns).toEqual([
      { id: pending, status: 'paused', next_status: 'active', reserved_balance: '0.00' },
      { id: approvedPaused, status: 'active', next_status: null, reserved_balance: '50.00' },
    ]);
    expect(skipped).toEqual([{ id: rejected, reason: 'rejected', message: 'Moderation turned the campaign down: edit it first.' }]);

    const paused = (await bulk('pause', [approvedPaused, pending])).json().data;
    expect(paused.campaigns).toEqual([
      { id: approvedPaused, status: 'paused', next_status: null, reserved_balance: '0.00' },
      { id: pending, status: 'paused', next_status: null, reserved_balance: '0.00' },
    ]);
    const deleted = (await bulk('delete', [approvedPaused])).json().data;
    expect(deleted.campaigns).toEqual([{ id: approvedPaused, status: 'archived', next_status: null, reserved_balance: '0.00' }]);
    expect((await bulk('activate', [approvedPaused])).json().data.skipped).toEqual([{ id: approvedPaused, reason: 'archived', message: 'The campaign is deleted.' }]);
    const edit = await api(t.app, 'PUT', `campaigns/${approvedPaused}`, { token, body: campaign() });
    expect(edit.statusCode).toBe(422);
  });

  it('reserves no more than the free balance, and refuses to start without money', async () => {
    const poor = await login(t.app, 'advertiser@adnet.test');
    await t.database.db.execute(sql`update users set balance = '70.0000' where email = 'advertiser@adnet.test' and network_id = 'adnet'`);
    await bulk('pause', (await api(t.app, 'GET', 'campaigns?per_page=-1', { token: poor })).json().data.map((r: { id: number }) => r.id));
    const a = (await created({ activate_on_approve: false })).id;
    const b = (await created({ activate_on_approve: false })).id;
    const c = (await created({ activate_on_approve: false })).id;
    for (const id of [a, b, c]) await approve(id);
    const { campaigns, skipped } = (await bulk('activate', [a, b, c])).json().data;
    expect(campaigns.map((x: { reserved_balance: string }) => x.reserved_balance)).toEqual(['50.00', '20.00']);
    expect(skipped).toEqual([{ id: c, reason: 'no_funds', message: 'Add funds to start the campaign.' }]);
    await bulk('pause', [a, b]);
    await t.database.db.execute(sql`update users set balance = '1250.5000' where email = 'advertiser@adnet.test' and network_id = 'adnet'`);
  });
});

describe('the reserve follows the limits (probe finding F18)', () => {
  const setBalance = (balance: string) => t.database.db.execute(sql`update users set balance = ${balance} where email = 'advertiser@adnet.test' and network_id = 'adnet'`);
  /** Pauses every campaign of the advertiser, so only the test's own campaigns hold money. */
  const pauseAll = async () => bulk('pause', (await api(t.app, 'GET', 'campaigns?per_page=-1', { token })).json().data.map((r: { id: number }) => r.id));
  /** An approved, active campaign with this daily money limit. */
  const running = async (daily: string) => {
    const { id } = await created({ activate_on_approve: false, limits: { type: 'money', daily } });
    await approve(id);
    const started = (await bulk('activate', [id])).json().data;
    expect(started.skipped).toEqual([]);
    return id;
  };
  const edit = (id: number, limits: Record<string, unknown>) => api(t.app, 'PUT', `campaigns/${id}`, { token, body: campaign({ limits }) });
  const reserveOf = async (id: number) => (await api(t.app, 'GET', `campaigns/${id}`, { token })).json().data.reserved_balance as string;
  const reservedTotal = async () => (await api(t.app, 'GET', 'home', { token })).json().data.reserved_balance as string;
  afterAll(async () => {
    await pauseAll();
    await setBalance('1250.5000');
  });

  it('raising the daily limit of an active campaign raises its reserve, capped by the free balance', async () => {
    await pauseAll();
    await setBalance('1000.0000');
    const id = await running('50.00');
    expect(await reserveOf(id)).toBe('50.00');

    const raised = await edit(id, { type: 'money', daily: '100000.00' });
    expect(raised.statusCode, raised.body).toBe(200);
    // Not the old 50.00: the whole free balance (the rest of 100,000.00 is not there to hold).
    expect(raised.json().data).toMatchObject({ status: 'active', daily_limit: '100000.00', reserved_balance: '1000.00' });
    expect(await reservedTotal()).toBe('1000.00');

    const covered = (await edit(id, { type: 'money', daily: '300.00' })).json().data;
    expect(covered).toMatchObject({ status: 'active', reserved_balance: '300.00' });
    // Limited by clicks: the smallest daily money limit is held, as on activation.
    const byClicks = (await edit(id, { type: 'clicks', daily: '500' })).json().data;
    expect(byClicks).toMatchObject({ status: 'active', limit_type: 'clicks', reserved_balance: '10.00' });
    expect(await reservedTotal()).toBe('10.00');
  });

  it('lowering the limit lowers the reserve, and the freed money can start another campaign', async () => {
    await pauseAll();
    await setBalance('100.0000');
    const first = await running('100.00');
    expect(await reserveOf(first)).toBe('100.00');
    const { id: second } = await created({ activate_on_approve: false });
    await approve(second);
    expect((await bulk('activate', [second])).json().data.skipped).toEqual([{ id: second, reason: 'no_funds', message: 'Add funds to start the campaign.' }]);

    const lowered = (await edit(first, { type: 'money', daily: '60.00' })).json().data;
    expect(lowered).toMatchObject({ status: 'active', reserved_balance: '60.00' });
    const started = (await bulk('activate', [second])).json().data;
    expect(started).toMatchObject({ campaigns: [{ id: second, status: 'active', reserved_balance: '40.00' }], skipped: [] });
    expect(await reservedTotal()).toBe('100.00');
  });

  it('two concurrent raises on two campaigns of one user never reserve more than the balance', async () => {
    await pauseAll();
    await setBalance('1000.0000');
    const a = await running('50.00');
    const b = await running('50.00');
    const [ra, rb] = await Promise.all([edit(a, { type: 'money', daily: '800.00' }), edit(b, { type: 'money', daily: '800.00' })]);
    expect([ra.statusCode, rb.statusCode]).toEqual([200, 200]);
    const reserves = [await reserveOf(a), await reserveOf(b)].sort();
    // One edit took 800.00 of the 1000.00; the other found only 200.00 free, not 950.00.
    expect(reserves).toEqual(['200.00', '800.00']);
    expect(await reservedTotal()).toBe('1000.00');
  });
});

describe('GET campaigns (table)', () => {
  it('filters, sorts and pages, and counts what matched', async () => {
    const first = await api(t.app, 'GET', 'campaigns?per_page=15&sort=price&order=asc&ad_format=direct-link&ad_format=notification-widget', { token });
    expect(first.statusCode, first.body).toBe(200);
    const body = first.json();
    expect(body.recordsFiltered).toBe(2);
    expect(body.data.map((r: { ad_format: string; price: string }) => [r.ad_format, r.price])).toEqual([
      ['notification-widget', '0.0300'],
      ['direct-link', '0.0400'],
    ]);
    expect(body.data[0]).toMatchObject({ status: 'paused', approval: 'pending', ad: { id: ads['notification-widget'], name: 'Widget' }, spend: '0.0000', group: null });
    expect(body.recordsTotal).toBeGreaterThan(2);
    const archived = (await api(t.app, 'GET', 'campaigns?status=archived', { token })).json();
    expect(archived.data.every((r: { status: string }) => r.status === 'archived')).toBe(true);
    const all = (await api(t.app, 'GET', 'campaigns?per_page=-1', { token })).json();
    expect(all.data.some((r: { status: string }) => r.status === 'archived')).toBe(false);
    expect(all.data).toHaveLength(all.recordsFiltered);
    expect((await api(t.app, 'GET', 'campaigns', { token: other })).json().recordsTotal).toBe(0);
  });

  it('sums spend and performance from the daily statistics, and sorts by them', async () => {
    const { id } = await created({ name: 'Spender' });
    const today = new Date().toISOString().slice(0, 10);
    await t.database.db.execute(sql`insert into campaign_stats_daily (campaign_id, day, impressions, clicks, conversions, spend) values (${id}, ${today}, 1000, 10, 1, '3.2500'), (${id}, '2020-01-01', 10, 0, 0, '0.0100')`);
    const row = (await api(t.app, 'GET', `campaigns?search=Spender`, { token })).json().data[0];
    expect(row).toMatchObject({ id, spend: '3.2600', spend_today: '3.2500', impressions: 1010, clicks: 10, conversions: 1, ecpm: '3.2277', ecpc: '0.3260' });
    expect(row.ctr).toBeCloseTo(10 / 1010, 10);
    // Without traffic: no rate to show.
    const idle = (await api(t.app, 'GET', 'campaigns?per_page=-1', { token })).json().data.find((r: { impressions: number }) => r.impressions === 0);
    expect(idle).toMatchObject({ ctr: null, ecpm: null, ecpc: null });
    const byClicks = (await api(t.app, 'GET', 'campaigns?sort=clicks&order=desc&per_page=-1', { token })).json().data;
    expect(byClicks[0].id).toBe(id);
    expect((await api(t.app, 'GET', `campaigns/${id}`, { token })).json().data.statistics.totals).toEqual({ impressions: 1000, clicks: 10, conversions: 1, spend: '3.2500' });
  });
});

describe('price, offers, blacklist', () => {
  it('changes the price above the minimum only', async () => {
    const { id } = await created();
    expect((await api(t.app, 'POST', `campaigns/${id}/price`, { token, body: { price: '2.1' } })).json().data).toEqual({ id, price: '2.1000' });
    expect((await api(t.app, 'GET', `campaigns/${id}`, { token })).json().data).toMatchObject({ price: '2.1000', model: { price: '2.1' } });
    expect((await api(t.app, 'POST', `campaigns/${id}/price`, { token, body: { price: '0.01' } })).json().errors).toEqual({ price: ['The price must be at least 0.0500.'] });
  });

  it('offers variants that are valid campaigns of their own', async () => {
    const { id } = await created({
      ad_format: 'notification-widget', ad_id: ads['notification-widget'], pricing_model: 'cpc', price: '0.0500',
      targets: { country: { accept: true, countries: [840, 276] } }, calendar_limits: [[9, 10], [9], [], [], [], [], []],
    });
    const offers = (await api(t.app, 'GET', `campaigns/${id}/offers`, { token })).json().data as { id: string; model: Record<string, unknown>; changed: string[] }[];
    expect(offers.map((o) => o.id)).toEqual(['pricing-cpm', 'expand-countries', 'smart-bidding', 'all-hours']);
    const expand = offers.find((o) => o.id === 'expand-countries')!;
    expect(((expand.model.targets as { country: { countries: number[] } }).country.countries).length).toBe(2 + 16);
    for (const offer of offers.filter((o) => !o.changed.includes('price'))) {
      const res = await api(t.app, 'POST', `campaigns?offer_of=${id}`, { token, body: offer.model });
      expect(res.statusCode, `${offer.id}: ${res.body}`).toBe(201);
    }
    const cpm = offers.find((o) => o.id === 'pricing-cpm')!;
    expect(cpm.model).not.toHaveProperty('price');
    expect((await api(t.app, 'POST', 'campaigns', { token, body: { ...cpm.model, price: '0.9000' } })).statusCode).toBe(201);
    expect((await api(t.app, 'GET', `campaigns/${(await created()).id}/offers`, { token })).json().data.map((o: { id: string }) => o.id)).toEqual(['expand-countries', 'smart-bidding']);
  });

  it('blacklists sites and spots from statistics: added to a blacklist, taken off a whitelist', async () => {
    const black = (await created()).id;
    const res = await api(t.app, 'POST', `campaigns/targets/${black}/blacklist`, { token, body: { sites: [5, 7], spots: [104233] } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.targets).toMatchObject({ site: { accept: false, sites: [5, 7] }, spot: { accept: false, spots: '104233' } });
    const white = (await created({ targets: { site: { accept: true, sites: [5, 6, 7] } } })).id;
    const after = (await api(t.app, 'POST', `campaigns/targets/${white}/blacklist`, { token, body: { sites: [6] } })).json().data.targets;
    expect(after.site).toEqual({ accept: true, sites: [5, 7] });
    expect((await api(t.app, 'POST', `campaigns/targets/${white}/blacklist`, { token, body: {} })).statusCode).toBe(422);
  });
});

describe('campaign groups', () => {
  it('creates, renames, fills, lists and deletes groups; names are unique per user', async () => {
    const make = await api(t.app, 'POST', 'campaign-groups', { token, body: { name: ' Europe ' } });
    expect(make.statusCode).toBe(201);
    const group = make.json().data;
    expect(group).toMatchObject({ name: 'Europe', campaigns: 0 });
    expect((await api(t.app, 'POST', 'campaign-groups', { token, body: { name: 'europe' } })).json().errors).toEqual({ name: ['You already have a group with this name.'] });
    const { id } = await created();
    const refused = await api(t.app, 'POST', `campaign-groups/${group.id}/campaigns`, { token, body: { campaigns: [id, 999999] } });
    expect(refused.statusCode).toBe(404);
    expect((await api(t.app, 'GET', `campaigns/${id}`, { token })).json().data.campaign_group).toBeNull();
    const moved = await api(t.app, 'POST', `campaign-groups/${group.id}/campaigns`, { token, body: { campaigns: [id] } });
    expect(moved.json().data).toEqual({ id: group.id, campaigns: [id] });
    expect((await api(t.app, 'PUT', `campaign-groups/${group.id}`, { token, body: { name: 'EU' } })).json().data).toEqual({ id: group.id, name: 'EU', campaigns: 1 });
    expect((await api(t.app, 'GET', `campaigns?group_id=${group.id}`, { token })).json().data.map((r: { id: number }) => r.id)).toEqual([id]);
    expect((await api(t.app, 'GET', 'campaign-groups', { token: other })).json().data.map((g: { name: string }) => g.name)).not.toContain('EU');
    for (const [method, path, body] of [['PUT', `campaign-groups/${group.id}`, { name: 'x' }], ['DELETE', `campaign-groups/${group.id}`], ['POST', `campaign-groups/${group.id}/campaigns`, { campaigns: [] }]] as const) {
      expect((await api(t.app, method, path, { token: other, body })).statusCode, `${method} ${path}`).toBe(404);
    }
    expect((await api(t.app, 'DELETE', `campaign-groups/${group.id}`, { token })).statusCode).toBe(200);
    expect((await api(t.app, 'GET', `campaigns/${id}`, { token })).json().data.campaign_group).toBeNull();
  });
});

describe('updating rules', () => {
  const rule = { action: 'pause', is_active: true, period_days: 7, conditions: [{ field: 'cost', operation: 'greater', value: '5' }, { field: 'conversions', operation: 'less', value: '1' }] };

  it('creates, changes and deletes a rule; the campaign lists it', async () => {
    const { id } = await created();
    const made = await api(t.app, 'POST', `campaigns/${id}/updating-rules`, { token, body: rule });
    expect(made.statusCode, made.body).toBe(201);
    const ruleId = made.json().data.id;
    expect(made.json().data).toMatchObject({ campaign_id: id, action: 'pause', is_active: true, period_days: 7, conditions: rule.conditions });
    const changed = await api(t.app, 'PUT', `campaign-updating-rules/${ruleId}`, { token, body: { ...rule, action: 'decrease_price', is_active: false } });
    expect(changed.json().data).toMatchObject({ id: ruleId, action: 'decrease_price', is_active: false });
    expect((await api(t.app, 'GET', `campaigns/${id}`, { token })).json().data.updating_rules).toHaveLength(1);
    expect((await api(t.app, 'DELETE', `campaign-updating-rules/${ruleId}`, { token })).statusCode).toBe(200);
    expect((await api(t.app, 'GET', `campaigns/${id}`, { token })).json().data.updating_rules).toEqual([]);
  });

  it('refuses more conditions than the server allows, and values that are not numbers', async () => {
    const { id } = await created();
    const many = { ...rule, conditions: Array.from({ length: 6 }, () => rule.conditions[0]) };
    expect((await api(t.app, 'POST', `campaigns/${id}/updating-rules`, { token, body: many })).json().errors).toHaveProperty('conditions');
    const text = { ...rule, conditions: [{ field: 'cost', operation: 'greater', value: 'ten' }] };
    expect((await api(t.app, 'POST', `campaigns/${id}/updating-rules`, { token, body: text })).json().errors).toHaveProperty(['conditions.0.value']);
    const settings = (await api(t.app, 'GET', 'settings')).json().data.campaign_updating_rules;
    expect(settings.max_conditions).toBe(5);
  });

  it('previews which campaigns a rule would act on now, from the period’s statistics', async () => {
    const costly = (await created({ name: 'Costly' })).id;
    const cheap = (await created({ name: 'Cheap' })).id;
    const today = new Date().toISOString().slice(0, 10);
    const old = new Date(Date.now() - 20 * 86400_000).toISOString().slice(0, 10);
    await t.database.db.execute(sql`insert into campaign_stats_daily (campaign_id, day, impressions, clicks, conversions, spend) values
      (${costly}, ${today}, 5000, 40, 0, '7.5000'), (${cheap}, ${today}, 100, 1, 0, '0.2000'), (${cheap}, ${old}, 100000, 900, 0, '80.0000')`);
    const preview = await api(t.app, 'POST', 'campaign-updating-rules/preview', { token, body: rule });
    expect(preview.statusCode, preview.body).toBe(200);
    const names = preview.json().data.map((c: { name: string }) => c.name);
    expect(names).toContain('Costly');
    expect(names).not.toContain('Cheap');
    expect(preview.json().data.find((c: { id: number }) => c.id === costly)).toMatchObject({ impressions: 5000, clicks: 40, spend: '7.5000' });
    const month = await api(t.app, 'POST', 'campaign-updating-rules/preview', { token, body: { ...rule, period_days: 30 } });
    expect(month.json().data.map((c: { name: string }) => c.name)).toContain('Cheap');
  });
});

describe('without a token', () => {
  it.each([
    ['GET', 'campaigns'], ['GET', 'campaigns/1'], ['POST', 'campaigns'], ['PUT', 'campaigns/1'], ['POST', 'campaigns/activate'], ['POST', 'campaigns/pause'], ['POST', 'campaigns/delete'],
    ['GET', 'campaigns/1/offers'], ['POST', 'campaigns/1/price'], ['POST', 'campaigns/targets/1/blacklist'], ['POST', 'campaigns/1/updating-rules'],
    ['PUT', 'campaign-updating-rules/1'], ['DELETE', 'campaign-updating-rules/1'], ['POST', 'campaign-updating-rules/preview'],
    ['GET', 'campaign-groups'], ['POST', 'campaign-groups'], ['PUT', 'campaign-groups/1'], ['DELETE', 'campaign-groups/1'], ['POST', 'campaign-groups/1/campaigns'],
  ])('%s %s answers 401', async (method, path) => {
    expect((await api(t.app, method as 'GET', path, { body: method === 'GET' || method === 'DELETE' ? undefined : {} })).statusCode).toBe(401);
  });
});

describe('ads and their campaigns', () => {
  it('the ad table counts and the ad lists the campaigns (not deleted) that run it', async () => {
    const { data: ad } = (await api(t.app, 'POST', 'ads', { token, body: { format: 'popunder', name: 'Counted', url: 'https://shop.example.com/c' } })).json();
    const first = await created({ ad_id: ad.id, name: 'Runs Counted' });
    const second = await created({ ad_id: ad.id, name: 'Also runs Counted' });
    await bulk('delete', [second.id]);
    const row = (await api(t.app, 'GET', 'ads/table?search=Counted', { token })).json().data[0];
    expect(row).toMatchObject({ id: ad.id, campaigns: 1 });
    expect((await api(t.app, 'GET', `ads/${ad.id}`, { token })).json().data.campaigns).toEqual([{ id: first.id, name: 'Runs Counted' }]);
  });
});

describe('premium sites', () => {
  it('takes premium sites of the format from sites/premium, and refuses others', async () => {
    const premium = (await api(t.app, 'GET', 'sites/premium?ad_format_id=popunder', { token })).json().data.data as { id: number }[];
    expect(premium.length).toBeGreaterThan(1);
    const ok = await create({ targets: { site: { accept: true, premium: true, premium_sites: premium.slice(0, 2).map((s) => s.id) } } });
    expect(ok.statusCode, ok.body).toBe(201);
    const plain = sites().find((s) => !s.premium)!;
    const bad = await create({ targets: { site: { accept: true, premium_sites: [plain.id] } } });
    expect(bad.json().errors).toEqual({ 'targets.site.premium_sites': ['Choose premium sites that sell Popunder.'] });
  });
});

describe('GET settings and the rule form', () => {
  it('name the same actions, metrics, operations, periods and maximum of conditions', async () => {
    const rules = (await api(t.app, 'GET', 'settings')).json().data.campaign_updating_rules;
    const form = (await t.app.platform.catalog.load('campaigns_updating_rule')).schema as unknown as {
      properties: { action: { oneOf: { const: string }[] }; period_days: { oneOf: { const: number }[] }; conditions: { maxItems: number; items: { properties: { field: { oneOf: { const: string }[] }; operation: { oneOf: { const: string }[] } } } } };
    };
    const values = (list: { const: unknown }[]) => list.map((o) => o.const);
    expect(values(form.properties.action.oneOf)).toEqual(rules.actions);
    expect(values(form.properties.period_days.oneOf)).toEqual(rules.period_days);
    expect(values(form.properties.conditions.items.properties.field.oneOf)).toEqual(rules.condition_fields);
    expect(values(form.properties.conditions.items.properties.operation.oneOf)).toEqual(rules.operations);
    expect(form.properties.conditions.maxItems).toBe(rules.max_conditions);
  });
});
