import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postEntries } from '../../server/areas/finances/public';
import { payCommissions } from '../../server/areas/referral/program';
import { api, build, login, type TestApp } from './helper';

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
  t = await build();
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
