import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerSum } from '../../server/areas/finances/public';
import { addDays } from '../../server/areas/marketplace/checkApplication';
import { chargeFlatDeals } from '../../server/areas/marketplace/money';
import { pdfText } from '../../server/documents/testPdf';
import { isPriced, priceOf } from '../../server/areas/marketplace/pricing';
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

type Limit = { limit_type: 'impressions' | 'clicks' | 'days'; rate: string; per: number; min_value: number; max_value: number };
type Deal = { id: number; kind: string; name: string; ad_format_id: string; country_group_id: string | null; country_ids: number[]; tier_id: number; traffic_type_id: number; price: string; status: string; limits: Limit[]; volume_discounts: { times_minimum: number; percent: string }[]; creative_formats: string[]; lead_days: number; max_days: number; site: { domain: string; site_report: unknown } | null };
type Application = Record<string, unknown> & { id: number; status: string; price: string; number: string };

const call = (method: string, path: string, as: string, body?: unknown) => api(t.app, method as 'GET', path, { token: as, host: as === hub ? HUB : undefined, body });
async function ok<T>(method: string, path: string, as = token, body?: unknown, status = 200): Promise<T> {
  const res = await call(method, path, as, body);
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as T;
}
const deals = (query: string, as = token) => ok<{ data: Deal[]; recordsFiltered: number }>('GET', `flat-deals?${query}`, as);
const cents = (money: string) => BigInt(money.replace('.', ''));
const today = () => new Date().toISOString().slice(0, 10);

describe('GET flat-deals', () => {
  it("lists the network's deals cheapest first, 15 a page, each with its site and report", async () => {
    const page = await deals('');
    expect(page.data).toHaveLength(15);
    expect(page.recordsFiltered).toBeGreaterThan(100);
    const prices = page.data.map((d) => cents(d.price));
    expect([...prices].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))).toEqual(prices);
    const site = page.data.find((d) => d.kind === 'site')!;
    expect(site.site).toMatchObject({ domain: site.name, site_report: expect.any(Object) });
  });

  it('narrows by format, kind, country group, countries, tier, traffic type, price range, status and domain', async () => {
    const banner = await deals('ad_format_id=banner&per_page=-1');
    expect(banner.data.length).toBe(banner.recordsFiltered);
    expect(new Set(banner.data.map((d) => d.ad_format_id))).toEqual(new Set(['banner']));
    const group = await deals('country_group_id=banner-1&per_page=-1');
    expect(group.data.length).toBeGreaterThan(0);
    expect(group.data.every((d) => d.kind === 'country-group' && d.country_group_id === 'banner-1' && d.tier_id === 1)).toBe(true);
    const us = await deals('country_ids=840&kind=site&per_page=50');
    expect(us.data.every((d) => d.country_ids.includes(840) || d.country_ids.length === 0)).toBe(true);
    const range = await deals('price_from=100&price_to=500.50&per_page=-1');
    expect(range.data.every((d) => cents(d.price) >= 10000n && cents(d.price) <= 50050n)).toBe(true);
    const adult = await deals('traffic_type_id=2&tier_id=3&status=available&per_page=-1');
    expect(adult.data.every((d) => d.traffic_type_id === 2 && d.tier_id === 3 && d.status === 'available')).toBe(true);
    const one = banner.data.find((d) => d.kind === 'site')!;
    const byDomain = await deals(`search=${encodeURIComponent(one.name.slice(0, -2))}`);
    expect(byDomain.data.map((d) => d.id)).toContain(one.id);
    const sorted = await deals('sort=total_visits&order=desc&kind=site');
    expect(sorted.data).toHaveLength(15);
  });

  it("shows another network only its own deals, and answers another network's deal 404", async () => {
    const hubDeals = await deals('per_page=-1', hub);
    const ours = new Set((await deals('per_page=-1')).data.map((d) => d.id));
    expect(hubDeals.data.length).toBeGreaterThan(0);
    expect(hubDeals.data.some((d) => ours.has(d.id))).toBe(false);
    expect((await call('GET', `flat-deals/${hubDeals.data[0]!.id}`, token)).statusCode).toBe(404);
    expect((await call('POST', `flat-deals/${hubDeals.data[0]!.id}/price`, token, { limit_type: 'impressions', limit_value: 100000 })).statusCode).toBe(404);
  });
});

describe('POST flat-deals/{id}/price', () => {
  it("prices every limit type of a deal with its own rules, exact to the cent", async () => {
    const deal = (await deals('ad_format_id=banner&kind=site')).data[0]!;
    for (const limit of deal.limits) {
      for (const value of [limit.min_value, limit.min_value * 5, limit.min_value * 10 + 7, limit.max_value].filter((v) => v <= limit.max_value)) {
        const { data } = await ok<{ data: Record<string, string | number> }>('POST', `flat-deals/${deal.id}/price`, token, { limit_type: limit.limit_type, limit_value: value });
        const rule = priceOf({ limits: deal.limits, volumeDiscounts: deal.volume_discounts }, limit.limit_type, value);
        expect(isPriced(rule)).toBe(true);
        expect(data).toEqual({ ...rule, currency: 'USD' });
        expect(cents(data.subtotal as string) - cents(data.discount as string)).toBe(cents(data.price as string));
      }
    }
    const listed = await ok<{ data: { price: string } }>('POST', `flat-deals/${deal.id}/price`, token, { limit_type: 'impressions', limit_value: (await ok<{ data: Deal & { limit_value: number } }>('GET', `flat-deals/${deal.id}`)).data.limit_value });
    expect(listed.data.price).toBe(deal.price);
  });

  it('answers 422 under the field for a package the deal does not sell', async () => {
    const deal = (await deals('ad_format_id=popunder&kind=site')).data[0]!;
    const clicks = await call('POST', `flat-deals/${deal.id}/price`, token, { limit_type: 'clicks', limit_value: 1000 });
    expect(clicks.statusCode).toBe(422);
    expect(clicks.json().errors.limit_type).toEqual(['Choose one of: impressions, days']);
    const tooMany = await call('POST', `flat-deals/${deal.id}/price`, token, { limit_type: 'days', limit_value: deal.max_days + 1 });
    expect(tooMany.json().errors.limit_value).toEqual([`Choose from 7 to ${deal.max_days}.`]);
  });
});

describe('GET flat-deals/{id}/similar', () => {
  it('answers available deals of the same format and geography, nearest price first, never the deal itself', async () => {
    for (const query of ['kind=site&ad_format_id=banner', 'kind=country-group&ad_format_id=popunder', 'kind=site&ad_format_id=native&sort=price&order=desc']) {
      const deal = (await deals(query)).data[0]!;
      const { data } = await ok<{ data: Deal[] }>('GET', `flat-deals/${deal.id}/similar`);
      expect(data.length).toBeGreaterThan(0);
      expect(data.map((d) => d.id)).not.toContain(deal.id);
      for (const d of data) {
        expect([d.ad_format_id, d.kind, d.status]).toEqual([deal.ad_format_id, deal.kind, 'available']);
        if (deal.country_group_id) expect(d.country_group_id).toBe(deal.country_group_id);
        else expect(d.country_ids.some((c) => deal.country_ids.includes(c))).toBe(true);
      }
      const gaps = data.map((d) => { const g = cents(d.price) - cents(deal.price); return g < 0n ? -g : g; });
      expect([...gaps].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))).toEqual(gaps);
    }
  });

  it("never answers another network's deal", async () => {
    const hubIds = new Set((await deals('per_page=-1', hub)).data.map((d) => d.id));
    for (const deal of (await deals('per_page=50')).data) {
      const { data } = await ok<{ data: Deal[] }>('GET', `flat-deals/${deal.id}/similar`);
      expect(data.filter((d) => hubIds.has(d.id))).toEqual([]);
    }
  });
});

describe('flat deal applications', () => {
  const applyFor = (deal: Deal, over: Record<string, unknown> = {}) => {
    const start = addDays(today(), deal.lead_days + 1);
    return {
      flat_deal_id: deal.id,
      limit_type: 'impressions',
      limit_value: deal.limits[0]!.min_value * 5,
      starts_on: start,
      ends_on: addDays(start, 13),
      ...(deal.creative_formats.length ? { creative_format: deal.creative_formats[0] } : {}),
      contact_note: 'Telegram @ann',
      ...over,
    };
  };

  it('applies at the price the rules give, pending, and reads it back; another user gets 404', async () => {
    const deal = (await deals('ad_format_id=banner&kind=site&status=available')).data[0]!;
    const body = applyFor(deal);
    const { data } = await ok<{ data: Application }>('POST', 'flat-deal-applications', token, body, 201);
    const rule = priceOf({ limits: deal.limits, volumeDiscounts: deal.volume_discounts }, 'impressions', body.limit_value);
    expect(data).toMatchObject({ status: 'pending', number: `FD-${data.id}`, flat_deal_id: deal.id, deal_name: deal.name, price: isPriced(rule) && rule.price, reserved: '0.00', charged: '0.00', campaigns: [], creative_format: '300x250' });
    expect((await ok<{ data: Application }>('GET', `flat-deal-applications/${data.id}`)).data).toEqual(data);
    expect((await call('GET', `flat-deal-applications/${data.id}`, other)).statusCode).toBe(404);
    expect((await call('POST', `flat-deal-applications/${data.id}/cancel`, other)).statusCode).toBe(404);
    expect((await ok<{ data: Application[] }>('GET', 'flat-deal-applications?per_page=-1', other)).data.map((a) => a.id)).not.toContain(data.id);
    const mine = await ok<{ data: Application[]; recordsFiltered: number }>('GET', `flat-deal-applications?search=FD-${data.id}`);
    expect(mine.data.map((a) => a.id)).toEqual([data.id]);
  });

  it('refuses what the deal does not allow, naming each field, and a deal of another network as 404', async () => {
    const deal = (await deals('ad_format_id=popunder&kind=site&status=available')).data[0]!;
    const res = await call('POST', 'flat-deal-applications', token, applyFor(deal, { limit_type: 'clicks', starts_on: today(), ends_on: addDays(today(), 400), creative_format: '300x250' }));
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['creative_format', 'ends_on', 'limit_type', 'starts_on']);
    const hubDeal = (await deals('', hub)).data[0]!;
    expect((await call('POST', 'flat-deal-applications', token, applyFor(hubDeal))).statusCode).toBe(404);
    const soldOut = (await deals('status=sold_out')).data[0]!;
    const refused = await call('POST', 'flat-deal-applications', token, applyFor(soldOut));
    expect(refused.json().errors.flat_deal_id).toEqual(['This deal is sold out. Choose a similar one.']);
  });

  it('cancels a pending application once', async () => {
    const deal = (await deals('ad_format_id=native&status=available')).data[0]!;
    const { data } = await ok<{ data: Application }>('POST', 'flat-deal-applications', token, applyFor(deal), 201);
    expect((await ok<{ data: Application }>('POST', `flat-deal-applications/${data.id}/cancel`)).data.status).toBe('cancelled');
    expect((await call('POST', `flat-deal-applications/${data.id}/cancel`, token)).statusCode).toBe(409);
  });
});

describe('staff decisions, the reserve and the daily charge', () => {
  let support: string;
  let company: string;
  const db = () => t.app.platform.db;
  const rows = async <T>(query: ReturnType<typeof sql>) => ((await db().execute(query)) as unknown as { rows: T[] }).rows;
  const userIdOf = async (email: string) => (await rows<{ id: number }>(sql`select id from users where email = ${email} and network_id = 'adnet'`))[0]!.id;
  const summary = async (as: string) => (await ok<{ data: { balance: string; reserved_balance: string; free_balance: string } }>('GET', 'finances/summary', as)).data;

  beforeAll(async () => {
    support = await login(t.app, 'support@adnet.test');
    company = await login(t.app, 'company@adnet.test');
  });

  async function applied(as: string, query: string, over: Record<string, unknown> = {}): Promise<{ deal: Deal; application: Application; body: Record<string, unknown> }> {
    const deal = (await deals(`${query}&status=available&kind=site`)).data[0]!;
    const start = addDays(today(), deal.lead_days);
    const body = {
      flat_deal_id: deal.id,
      limit_type: 'days',
      limit_value: 10,
      starts_on: start,
      ends_on: addDays(start, 9),
      ...(deal.creative_formats.length ? { creative_format: deal.creative_formats[0] } : {}),
      ...over,
    };
    const { data } = await ok<{ data: Application }>('POST', 'flat-deal-applications', as, body, 201);
    return { deal, application: data, body };
  }

  it('lets only staff of the network decide, and a rejection needs a reason', async () => {
    const { application } = await applied(company, 'ad_format_id=native');
    expect((await call('POST', `admin/flat-deal-applications/${application.id}/approve`, company, {})).statusCode).toBe(403);
    const hubSupport = await login(t.app, 'support@pushhub.test', HUB);
    expect((await api(t.app, 'POST', `admin/flat-deal-applications/${application.id}/approve`, { token: hubSupport, host: HUB, body: {} })).statusCode).toBe(404);
    const blank = await call('POST', `admin/flat-deal-applications/${application.id}/reject`, support, { note: '  ' });
    expect(blank.json().errors.note).toEqual(['Say why the application is rejected.']);
    const { data } = await ok<{ data: Application }>('POST', `admin/flat-deal-applications/${application.id}/reject`, support, { note: 'The publisher is full that week.' });
    expect(data).toMatchObject({ status: 'rejected', decision_note: 'The publisher is full that week.', reserved: '0.00' });
    expect((await call('POST', `admin/flat-deal-applications/${application.id}/approve`, support, {})).statusCode).toBe(409);
    expect(await rows(sql`select 1 from notifications where user_id = ${await userIdOf('company@adnet.test')} and type = 'flat_deal_rejected' and entity_id = ${application.id}`)).toHaveLength(1);
  });

  it('refuses to approve what the free balance does not cover, and leaves it pending', async () => {
    // The advertiser has 1,250.50: a 90-day package of the dearest popunder deal costs more.
    const dear = (await deals('ad_format_id=popunder&kind=site&status=available&sort=price&order=desc')).data[0]!;
    const start = addDays(today(), dear.lead_days);
    const days = dear.max_days;
    const { data } = await ok<{ data: Application }>('POST', 'flat-deal-applications', token, { flat_deal_id: dear.id, limit_type: 'days', limit_value: days, starts_on: start, ends_on: addDays(start, days - 1) }, 201);
    expect(cents(data.price)).toBeGreaterThan(125050n);
    const refused = await call('POST', `admin/flat-deal-applications/${data.id}/approve`, support, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(`The free balance (1250.50) does not cover the price (${data.price}).`);
    expect((await ok<{ data: Application }>('GET', `flat-deal-applications/${data.id}`)).data.status).toBe('pending');
  });

  it('holds the price on approval, charges it day by day into the ledger exactly once, and frees the rest', async () => {
    const owner = await userIdOf('company@adnet.test');
    const before = await summary(company);
    const { application } = await applied(company, 'ad_format_id=banner');
    const approved = (await ok<{ data: Application }>('POST', `admin/flat-deal-applications/${application.id}/approve`, support, { note: 'Booked with the publisher.' })).data;
    expect(approved).toMatchObject({ status: 'approved', reserved: application.price, charged: '0.00', decision_note: 'Booked with the publisher.' });
    const held = await summary(company);
    expect(cents(held.reserved_balance) - cents(before.reserved_balance)).toBe(cents(application.price));
    expect(cents(held.free_balance)).toBe(cents(held.balance) - cents(held.reserved_balance));
    expect(await rows(sql`select 1 from notifications where user_id = ${owner} and type = 'flat_deal_approved' and entity_id = ${application.id}`)).toHaveLength(1);

    // Three whole days of ten have gone by: 3/10 of the price, to the cent; again at the same time changes nothing.
    const starts = new Date(`${approved.starts_on as string}T00:00:00Z`);
    const afterThreeDays = new Date(starts.getTime() + 3 * 86_400_000 + 3_600_000);
    const first = await chargeFlatDeals(db(), afterThreeDays);
    const share = (cents(application.price) * 3n * 2n + 10n) / 20n;
    expect(first.filter((c) => c.applicationId === application.id).map((c) => cents(c.amount))).toEqual([share]);
    expect((await chargeFlatDeals(db(), afterThreeDays)).filter((c) => c.applicationId === application.id)).toEqual([]);
    const midway = (await ok<{ data: Application }>('GET', `flat-deal-applications/${application.id}`, company)).data;
    expect([cents(midway.charged as string), cents(midway.reserved as string)]).toEqual([share, cents(application.price) - share]);

    // After the last day the whole price is charged, nothing is held, and the balance is still the ledger's sum.
    await chargeFlatDeals(db(), new Date(starts.getTime() + 11 * 86_400_000));
    const done = (await ok<{ data: Application }>('GET', `flat-deal-applications/${application.id}`, company)).data;
    expect([done.charged, done.reserved]).toEqual([application.price, '0.00']);
    const entries = await rows<{ sum: string; n: number }>(sql`select (-sum(amount))::numeric(18,2)::text as sum, count(*)::int as n from ledger_entries where user_id = ${owner} and kind = 'flat_deal' and key like ${`flat-deal:${application.id}:%`}`);
    expect(entries[0]).toEqual({ sum: application.price, n: 2 });
    expect(await ledgerSum(db(), owner)).toBe((await rows<{ balance: string }>(sql`select balance::numeric(20,6)::text as balance from users where id = ${owner}`))[0]!.balance);
    const after = await summary(company);
    expect(cents(after.balance)).toBe(cents(before.balance) - cents(application.price));
    expect(after.reserved_balance).toBe(before.reserved_balance);
  });

  it('links a campaign to a standing application of the user, with an ad of the deal\'s format', async () => {
    const { application, deal } = await applied(company, 'ad_format_id=popunder');
    const ad = await ok<{ data: { id: number } }>('POST', 'ads', company, { format: 'popunder', name: 'Deal pop', url: 'https://shop.example.com/' }, 201);
    const body = { name: `Deal ${deal.name}`, ad_format: 'popunder', ad_id: ad.data.id, pricing_model: 'cpm', price: '1.2500', limits: { type: 'money', daily: '50.00' } };
    const { application: withdrawn } = await applied(company, 'ad_format_id=popunder');
    await ok('POST', `flat-deal-applications/${withdrawn.id}/cancel`, company);
    const closed = await call('POST', `campaigns?flat_deal_application_id=${withdrawn.id}`, company, body);
    expect(closed.json().errors.flat_deal_application_id).toEqual(['A rejected or withdrawn application cannot have a campaign.']);
    const theirAd = await ok<{ data: { id: number } }>('POST', 'ads', token, { format: 'popunder', name: 'Not theirs', url: 'https://shop.example.com/' }, 201);
    const stranger = await call('POST', `campaigns?flat_deal_application_id=${application.id}`, token, { ...body, ad_id: theirAd.data.id });
    expect(stranger.json().errors.flat_deal_application_id).toEqual(['Flat deal application not found.']);
    const created = await ok<{ data: { id: number; flat_deal_application: { id: number } | null } }>('POST', `campaigns?flat_deal_application_id=${application.id}`, company, body, 201);
    expect(created.data.flat_deal_application).toEqual({ id: application.id });
    expect((await ok<{ data: Application }>('GET', `flat-deal-applications/${application.id}`, company)).data.campaigns).toEqual([{ id: created.data.id, name: body.name }]);
  });

  it('downloads the order confirmation as a PDF in the user\'s language; another user gets 404', async () => {
    const { application, deal } = await applied(company, 'ad_format_id=popunder', { contact_note: 'Ask for Ann' });
    const res = await call('GET', `flat-deal-applications/${application.id}/document`, company);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="order-FD-${application.id}.pdf"`);
    const { text } = await pdfText(res.rawPayload);
    // Maria Schmidt reads German.
    for (const part of [`FD-${application.id}`, deal.name, 'Ask for Ann', 'Auftragsbestätigung', 'Acme Media GmbH']) expect(text).toContain(part);
    expect((await call('GET', `flat-deal-applications/${application.id}/document`, token)).statusCode).toBe(404);
  });
});
