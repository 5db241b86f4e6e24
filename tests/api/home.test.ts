import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, build, login, type TestApp } from './helper';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await build();
  token = await login(t.app, 'advertiser@adnet.test');
});
afterAll(() => t?.close());

const day = (offset: number, from = new Date()) => new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate() + offset)).toISOString().slice(0, 10);

describe('GET home', () => {
  it('answers zeros and the balance for a new advertiser', async () => {
    const res = await api(t.app, 'GET', 'home', { token });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      today_cost: '0.0000', yesterday_cost: '0.0000', current_month_cost: '0.0000', previous_month_cost: '0.0000',
      pending_campaigns_count: 0, active_campaigns_count: 0, paused_campaigns_count: 0, campaigns_total: 0,
      balance: '1250.50', reserved_balance: '0.00',
    });
  });

  it('sums the daily statistics by day and month and counts campaigns by state', async () => {
    const ad = (await api(t.app, 'POST', 'ads', { token, body: { format: 'popunder', name: 'Pop', url: 'https://a.example/' } })).json().data.id;
    const body = (name: string) => ({ name, ad_format: 'popunder', ad_id: ad, pricing_model: 'cpm', price: '1.0000', limits: { type: 'money', daily: '30.00' } });
    const ids: number[] = [];
    for (const name of ['A', 'B', 'C', 'D']) ids.push((await api(t.app, 'POST', 'campaigns', { token, body: body(name) })).json().data.id);
    const support = await login(t.app, 'support@adnet.test');
    await api(t.app, 'POST', `admin/campaigns/${ids[0]}/approval`, { token: support, body: { status: 'approved' } });
    await api(t.app, 'POST', 'campaigns/delete', { token, body: { campaign_ids: [ids[3]] } });
    const today = day(0);
    const lastMonth = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() - 1, 15)).toISOString().slice(0, 10);
    await t.database.db.execute(sql`insert into campaign_stats_daily (campaign_id, day, spend) values
      (${ids[0]}, ${today}, '1.2500'), (${ids[1]}, ${today}, '0.0050'), (${ids[0]}, ${day(-1)}, '2.0000'), (${ids[0]}, ${lastMonth}, '9.9999'), (${ids[0]}, '2020-01-01', '100')`);
    const { data } = (await api(t.app, 'GET', 'home', { token })).json();
    const [direct] = (
      (await t.database.db.execute(sql`select to_char(sum(spend), 'FM999990.0000') as month from campaign_stats_daily where day >= date_trunc('month', now() at time zone 'utc')::date`)) as unknown as { rows: { month: string }[] }
    ).rows;
    expect(data).toMatchObject({
      today_cost: '1.2550',
      // Yesterday may be last month (on the 1st): the month sums are checked against a direct query instead.
      yesterday_cost: '2.0000',
      current_month_cost: direct.month,
      pending_campaigns_count: 2,
      active_campaigns_count: 1,
      paused_campaigns_count: 2,
      campaigns_total: 3,
      reserved_balance: '30.00',
    });
    expect(Number(data.current_month_cost) + Number(data.previous_month_cost)).toBeCloseTo(1.255 + 2 + 9.9999, 4);
    expect((await api(t.app, 'GET', 'home', { token: await login(t.app, 'company@adnet.test') })).json().data.campaigns_total).toBe(0);
  });

  it('needs a token', async () => {
    expect((await api(t.app, 'GET', 'home')).statusCode).toBe(401);
  });
});
