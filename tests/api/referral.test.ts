import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postEntries } from '../../server/areas/finances/public';
import { payCommissions } from '../../server/areas/referral/program';
import adServerRoutes from '../../server/demo/adServerRoutes';
import { catchUpStatistics } from '../../server/demo/seedStatistics';
import { api, API_PREFIX, build, login, type TestApp } from './helper';

/**
 * The referral program: a user's link carries their code; users of the same network who signed up with it are
 * their referrals (not the user themself, not another network's); the referrer earns their percent of each charged
 * hour of a referral's spend once, corrections included, and reads it by day, month or referral.
 */

let t: TestApp;
let alex: string;
let alexId: number;
let code: string;
let referral: number;
const H1 = new Date(Date.UTC(2026, 10, 20, 10));
const H2 = new Date(Date.UTC(2026, 10, 21, 15));

const rows = async <T>(query: ReturnType<typeof sql>) => ((await t.app.platform.db.execute(query)) as unknown as { rows: T[] }).rows;
const balance = async (id: number) => (await rows<{ balance: string }>(sql`select balance::text as balance from users where id = ${id}`))[0].balance;
const get = (path: string, token = alex) => api(t.app, 'GET', path, { token });
async function user(email: string, networkId: string, affiliateCode: string | null) {
  const row = await t.app.platform.users.create({ networkId, email, name: 'Referred', passwordHash: 'x', role: 'advertiser', status: 'unconfirmed', accountType: 'personal', affiliateCode, locale: 'en' });
  return row!.id;
}
const spend = (userId: number, hour: Date, amount: string, n = 0) =>
  postEntries(t.app.platform.db, [{ userId, kind: 'campaign_spend', amount, hour, key: `spend:${hour.toISOString()}${n ? `:${n}` : ''}` }]);

beforeAll(async () => {
  t = await build({ extraRoutes: adServerRoutes });
  alex = await login(t.app, 'advertiser@adnet.test');
  [{ id: alexId }] = await rows<{ id: number }>(sql`select id from users where email = 'advertiser@adnet.test' and network_id = 'adnet'`);
  const answer = await get('referral-program');
  expect(answer.statusCode, answer.body).toBe(200);
  code = answer.json().data.code;
  referral = await user('newcomer@example.test', 'adnet', code);
  await user('elsewhere@example.test', 'pushhub', code);
  await t.app.platform.db.execute(sql`update users set affiliate_code = ${code} where id = ${alexId}`);
});
afterAll(() => t?.close());

describe('referral program', () => {
  it('gives a stable link with the code and counts only the network’s other users who signed up with it', async () => {
    const { data } = (await get('referral-program')).json();
    expect(data).toEqual({ code, link: `http://adnet.localhost:8080/register?ref=${code}`, percent: '5', referrals: 1, earned: '0.00' });
    expect(code).toMatch(/^[a-z0-9]{10}$/);
    const company = await login(t.app, 'company@adnet.test');
    expect((await get('referral-program', company)).json().data.code).not.toBe(code);
  });

  it('pays the percent of each charged hour once, corrections included, into the referrer’s balance', async () => {
    const before = await balance(alexId);
    await spend(referral, H1, '-12.345678');
    await spend(referral, H2, '-7.5');
    const now = new Date();
    expect(await payCommissions(t.app.platform.db, now)).toEqual([{ userId: alexId, networkId: 'adnet' }]);
    expect(await payCommissions(t.app.platform.db, now)).toEqual([]);
    // The spend of H1 was corrected down later: the commission follows.
    await spend(referral, H1, '2.000000', 1);
    await payCommissions(t.app.platform.db, now);
    const entries = await rows<{ amount: string }>(sql`select amount::text as amount from ledger_entries where user_id = ${alexId} and kind = 'referral_commission' order by id`);
    expect(entries.map((e) => e.amount)).toEqual(['0.617284', '0.375000', '-0.100000']);
    expect(Number(await balance(alexId)) - Number(before)).toBeCloseTo(0.892284, 6);
  });

  it('lists the referrals with the address masked, what they spent and what it earned', async () => {
    const list = (await get('referral-program/referrals')).json();
    expect(list.recordsFiltered).toBe(1);
    expect(list.data[0]).toMatchObject({ id: referral, email: 'n***@example.test', status: 'unconfirmed', spent: '17.85', earned: '0.89' });
    expect(JSON.stringify(list)).not.toContain('newcomer');
    const company = await login(t.app, 'company@adnet.test');
    expect((await get('referral-program/referrals', company)).json().recordsFiltered).toBe(0);
  });

  it('reads the commissions by day, month and referral, with totals', async () => {
    const by = async (groupBy: string) => (await get(`referral-program/statistics?startDate=2026-11-01&endDate=2026-11-30&groupBy=${groupBy}`)).json().data;
    const days = await by('day');
    expect(days.rows).toEqual([
      { key: '2026-11-20', label: '2026-11-20', referrals: 1, spent: '10.35', earned: '0.52' },
      { key: '2026-11-21', label: '2026-11-21', referrals: 1, spent: '7.50', earned: '0.38' },
    ]);
    expect(days.totals).toEqual({ referrals: 1, spent: '17.85', earned: '0.89' });
    expect((await by('month')).rows).toEqual([{ key: '2026-11', label: '2026-11', referrals: 1, spent: '17.85', earned: '0.89' }]);
    expect((await by('referral')).rows).toEqual([{ key: String(referral), label: 'n***@example.test', referrals: 1, spent: '17.85', earned: '0.89' }]);
    const empty = (await get('referral-program/statistics?startDate=2026-10-01&endDate=2026-10-31')).json().data;
    expect(empty).toEqual({ rows: [], totals: { referrals: 0, spent: '0.00', earned: '0.00' } });
  });

  it('refuses a range that ends before it starts or spans more than a year', async () => {
    expect((await get('referral-program/statistics?startDate=2026-11-02&endDate=2026-11-01')).statusCode).toBe(422);
    expect((await get('referral-program/statistics?startDate=2025-01-01&endDate=2026-11-01')).statusCode).toBe(422);
    expect((await get('referral-program/statistics?startDate=2026-11-01&endDate=2026-11-02&groupBy=week')).statusCode).toBe(422);
  });
});

describe('a referral’s campaign spends (the demo ad server on demand, POST dev/ad-server)', () => {
  it('charges the hour it served as if it were over and pays the referrer the percent of it', async () => {
    const company = await login(t.app, 'company@adnet.test');
    const support = await login(t.app, 'support@adnet.test');
    const [{ id: companyId }] = await rows<{ id: number }>(sql`select id from users where email = 'company@adnet.test' and network_id = 'adnet'`);
    await t.app.platform.db.execute(sql`update users set affiliate_code = ${code} where id = ${companyId}`);
    // Billed from the start of this hour, as an advertiser who signed up in it (the test seed opens it at the second).
    await t.app.platform.db.execute(sql`update billing_accounts set spend_from = date_trunc('hour', spend_from) where user_id = ${companyId}`);
    const ad = await api(t.app, 'POST', 'ads', { token: company, body: { format: 'popunder', name: 'Pop', url: 'https://shop.example.com/' } });
    expect(ad.statusCode, ad.body).toBe(201);
    const body = { name: 'Referred spend', ad_format: 'popunder', ad_id: ad.json().data.id, pricing_model: 'cpm', price: '0.5000', limits: { type: 'money', daily: '50.00' } };
    const campaign = await api(t.app, 'POST', 'campaigns', { token: company, body });
    expect(campaign.statusCode, campaign.body).toBe(201);
    const approved = await api(t.app, 'POST', `admin/campaigns/${campaign.json().data.id}/approval`, { token: support, body: { status: 'approved' } });
    expect(approved.statusCode, approved.body).toBe(200);
    const before = await balance(alexId);
    // The demo's own ad server waits for the first whole hour after the approval.
    expect(await catchUpStatistics(t.app.platform.db, [companyId], 2_000)).toBe(0);

    const served = await api(t.app, 'POST', 'dev/ad-server', { token: company, body: { events: 2_000 } });
    expect(served.statusCode, served.body).toBe(200);
    const { events, from, to } = served.json().data;
    expect(events).toBeGreaterThan(1_000);
    expect(new Date(to).getTime() - new Date(from).getTime()).toBe(3_600_000);
    // The hour's cost in the statistics is what the ledger charged for it, and the referrer got 5 % of that.
    const [{ cost }] = await rows<{ cost: string }>(sql`select coalesce(sum(cost), 0)::numeric(20,6)::text as cost from stat_hourly where user_id = ${companyId} and hour = ${from}::timestamptz`);
    expect(Number(cost)).toBeGreaterThan(0);
    const [{ charged }] = await rows<{ charged: string }>(sql`select (-sum(amount))::text as charged from ledger_entries where user_id = ${companyId} and kind = 'campaign_spend' and hour = ${from}::timestamptz`);
    expect(charged).toBe(cost);
    const [{ earned }] = await rows<{ earned: string }>(sql`
      select sum(c.amount)::text as earned from ledger_entries c join ledger_entries s on c.key = 'referral:' || s.id
      where c.user_id = ${alexId} and s.user_id = ${companyId} and s.hour = ${from}::timestamptz`);
    expect(Number(earned)).toBeCloseTo(Number(cost) * 0.05, 5);
    expect(Number(await balance(alexId)) - Number(before)).toBeCloseTo(Number(earned), 6);
    // The demo’s ad server carries on from the hour after the one served (into the next day: this one reached its limit).
    expect(await catchUpStatistics(t.app.platform.db, [companyId], 2_000, new Date(new Date(to).getTime() + 30 * 3_600_000))).toBeGreaterThan(0);
    const [{ first }] = await rows<{ first: string }>(sql`select min(occurred_at) as first from stat_events where user_id = ${companyId} and occurred_at >= ${from}::timestamptz + interval '1 hour'`);
    expect(new Date(first).getTime()).toBeGreaterThanOrEqual(new Date(to).getTime());
    const [{ inHour }] = await rows<{ inHour: number }>(sql`select count(*)::int as "inHour" from stat_events where user_id = ${companyId} and occurred_at < ${from}::timestamptz`);
    expect(inHour).toBe(0);
  });

  it('is only for a signed-in caller on this machine', async () => {
    expect((await api(t.app, 'POST', 'dev/ad-server', { body: {} })).statusCode).toBe(401);
    const remote = await t.app.inject({ method: 'POST', url: `${API_PREFIX}/dev/ad-server`, headers: { host: 'adnet.localhost:8080', authorization: `Bearer ${alex}` }, payload: {}, remoteAddress: '203.0.113.9' });
    expect(remote.statusCode).toBe(404);
    expect((await api(t.app, 'POST', 'dev/ad-server', { token: alex, body: { events: 10 } })).statusCode).toBe(422);
  });
});
