/**
 * The hourly job `campaigns.updating-rules` (server/areas/campaigns/ruleRuns.ts): rules act on the campaign's
 * statistics over their period, through the owner's own calls, at most once per period.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runUpdatingRules } from '../../server/areas/campaigns/ruleRuns';
import { JobRunner } from '../../server/jobs/runner';
import { advertiserWithAd, api, approvedCampaign, build, type Advertiser, type TestApp } from './helper';

const HOUR = 3_600_000;
let t: TestApp;
let who: Advertiser;
/** The runner's clock: two hours into a UTC day, so a pass an hour later is the same day. */
let clock = new Date(Math.floor(Date.now() / (24 * HOUR)) * 24 * HOUR + 2 * HOUR);

const day = () => clock.toISOString().slice(0, 10);

/** Moves the clock on and runs what is due, as a server's runner would at that hour. */
async function pass(hours = 1): Promise<void> {
  clock = new Date(clock.getTime() + hours * HOUR);
  await t.app.platform.jobs.runDue();
}

/** A campaign of the advertiser, approved (so running, with money reserved). */
const campaign = (over: Record<string, unknown> = {}) => approvedCampaign(t, who, { name: 'Rules', ...over });

async function rule(campaignId: number, body: Record<string, unknown>): Promise<number> {
  const res = await api(t.app, 'POST', `campaigns/${campaignId}/updating-rules`, { token: who.token, body: { period_days: 1, ...body } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}

/** The campaign as its page shows it, with its rules' last results. */
async function view(id: number) {
  const res = await api(t.app, 'GET', `campaigns/${id}`, { token: who.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    status: string;
    price: string;
    targets: Record<string, Record<string, unknown>>;
    updating_rules: { id: number; last_checked_at: string | null; last_applied_at: string | null; last_result: string | null; last_reason: string | null }[];
  };
}
const ruleOf = async (campaignId: number, ruleId: number) => (await view(campaignId)).updating_rules.find((r) => r.id === ruleId)!;

/** Today's (the clock's) totals of a campaign, as the statistics rollup writes them. */
async function spent(campaignId: number, spend: string, impressions = 1000): Promise<void> {
  await t.database.db.execute(sql`
    insert into campaign_stats_daily (campaign_id, day, impressions, clicks, conversions, spend) values (${campaignId}, ${day()}, ${impressions}, 10, 0, ${spend})
    on conflict (campaign_id, day) do update set spend = excluded.spend, impressions = excluded.impressions`);
}

/** Today's cost of a campaign per site or spot (the daily rollup by dimension). */
async function spentOn(campaignId: number, dimension: 'site' | 'spot', costs: Record<number, string>): Promise<void> {
  for (const [valueId, cost] of Object.entries(costs)) {
    await t.database.db.execute(sql`
      insert into stat_daily (day, user_id, campaign_id, dimension, value_id, impressions, cost) values (${day()}, ${who.userId}, ${campaignId}, ${dimension}, ${Number(valueId)}, 100, ${cost})`);
  }
}

const costOver = (value: string) => [{ field: 'cost', operation: 'greater', value }];

beforeAll(async () => {
  t = await build({ jobClock: () => clock });
  who = await advertiserWithAd(t);
  // The first pass of every job, before any rule of this file exists.
  await t.app.platform.jobs.runDue();
});
afterAll(() => t?.close());

describe('the updating rules job', () => {
  it('pauses a running campaign whose cost over the day exceeds the line, once per period', async () => {
    const id = await campaign();
    expect((await view(id)).status).toBe('active');
    const ruleId = await rule(id, { action: 'pause', conditions: costOver('10') });
    await spent(id, '12.5000');

    await pass();
    const first = await ruleOf(id, ruleId);
    expect((await view(id)).status).toBe('paused');
    expect(first).toMatchObject({ last_result: 'applied', last_reason: null, last_applied_at: clock.toISOString(), last_checked_at: clock.toISOString() });

    // The owner starts it again the same day: the rule rests until its day is over.
    expect((await api(t.app, 'POST', 'campaigns/activate', { token: who.token, body: { campaign_ids: [id] } })).json().data.campaigns).toHaveLength(1);
    await pass();
    expect((await view(id)).status).toBe('active');
    expect(await ruleOf(id, ruleId)).toEqual(first);

    // A day after it acted it is checked again, against the new day's statistics.
    await pass(23);
    await spent(id, '11.0000');
    await pass();
    const again = await ruleOf(id, ruleId);
    expect((await view(id)).status).toBe('paused');
    expect(again).toMatchObject({ last_result: 'applied', last_applied_at: clock.toISOString() });

    // Matched but already paused a day later: nothing to do, and the rule stays ready to act.
    await pass(24);
    await spent(id, '20.0000');
    await pass();
    expect(await ruleOf(id, ruleId)).toMatchObject({ last_result: 'nothing_to_do', last_reason: 'unchanged', last_applied_at: again.last_applied_at });
  });

  it('raises the price by 10 % once per period', async () => {
    const id = await campaign({ price: '1.2500' });
    const ruleId = await rule(id, { action: 'increase_price', conditions: costOver('1') });
    await spent(id, '3.0000');
    await pass();
    expect((await view(id)).price).toBe('1.3750');
    await pass();
    await pass();
    expect((await view(id)).price).toBe('1.3750');
    await pass(22);
    await spent(id, '3.0000');
    await pass();
    expect((await view(id)).price).toBe('1.5125');
    expect(await ruleOf(id, ruleId)).toMatchObject({ last_result: 'applied' });
  });

  it('lowers the price no further than the minimum of its pricing model', async () => {
    // cpm's minimum is 0.0500: 10 % off 0.0520 would be 0.0468.
    const id = await campaign({ price: '0.0520' });
    const ruleId = await rule(id, { action: 'decrease_price', conditions: costOver('1') });
    await spent(id, '3.0000');
    await pass();
    expect((await view(id)).price).toBe('0.0500');
    await pass(24);
    await spent(id, '3.0000');
    await pass();
    expect((await view(id)).price).toBe('0.0500');
    expect(await ruleOf(id, ruleId)).toMatchObject({ last_result: 'nothing_to_do', last_reason: 'price_at_minimum' });
  });

  it('blacklists the costliest site, then the next costliest once that one is blacklisted', async () => {
    const id = await campaign();
    const ruleId = await rule(id, { action: 'blacklist_site', conditions: costOver('1') });
    await spent(id, '8.0000');
    // Site 0 is "unknown": never blacklisted however much it cost.
    await spentOn(id, 'site', { 0: '50', 11: '1.5', 12: '4.25', 13: '2.25' });
    await spentOn(id, 'spot', { 900: '9' });
    await pass();
    expect((await view(id)).targets.site).toEqual({ accept: false, sites: [12] });
    expect((await view(id)).targets.spot).toBeUndefined();

    await pass(24);
    await spent(id, '8.0000');
    await spentOn(id, 'site', { 11: '1.5', 12: '4.25', 13: '2.25' });
    await pass();
    expect((await view(id)).targets.site).toEqual({ accept: false, sites: [12, 13] });
    expect(await ruleOf(id, ruleId)).toMatchObject({ last_result: 'applied' });
  });

  it('changes nothing when a condition does not hold', async () => {
    const id = await campaign({ price: '2.0000' });
    const ruleId = await rule(id, { action: 'increase_price', conditions: [...costOver('1'), { field: 'impressions', operation: 'greater', value: '5000' }] });
    await spent(id, '3.0000', 4000);
    const before = await view(id);
    await pass();
    const after = await view(id);
    expect(after.price).toBe('2.0000');
    expect(after.status).toBe(before.status);
    expect(await ruleOf(id, ruleId)).toMatchObject({ last_result: 'not_matched', last_applied_at: null, last_checked_at: clock.toISOString() });
  });

  it('skips rules that are off and campaigns that are deleted', async () => {
    const off = await campaign({ price: '2.0000' });
    const offRule = await rule(off, { action: 'increase_price', is_active: false, conditions: costOver('1') });
    const deleted = await campaign({ price: '2.0000' });
    const deletedRule = await rule(deleted, { action: 'increase_price', conditions: costOver('1') });
    expect((await api(t.app, 'POST', 'campaigns/delete', { token: who.token, body: { campaign_ids: [deleted] } })).json().data.campaigns).toHaveLength(1);
    await spent(off, '3.0000');
    await spent(deleted, '3.0000');
    await pass();
    expect((await view(off)).price).toBe('2.0000');
    expect((await view(deleted)).price).toBe('2.0000');
    expect(await ruleOf(off, offRule)).toMatchObject({ last_checked_at: null, last_result: null });
    expect(await ruleOf(deleted, deletedRule)).toMatchObject({ last_checked_at: null, last_result: null });
  });

  it('applies a rule once when two runners run the pass at the same time', async () => {
    const id = await campaign({ price: '1.0000' });
    const ruleId = await rule(id, { action: 'increase_price', conditions: costOver('1') });
    await spent(id, '3.0000');
    const at = new Date(clock.getTime() + 30 * 60_000);
    // Two processes whose periods overlap (a lease ran out): each runs the whole pass.
    const found: { ruleId: number; result: string }[] = [];
    const runners = ['a', 'b'].map((name) => {
      const runner = new JobRunner(t.database.db, { now: () => at });
      runner.every(`test.updating-rules-${name}`, HOUR, async (now) => void found.push(...(await runUpdatingRules(t.database.db, now))));
      return runner;
    });
    expect(await Promise.all(runners.map((r) => r.runDue()))).toEqual([1, 1]);
    expect(found.filter((r) => r.ruleId === ruleId)).toEqual([expect.objectContaining({ result: 'applied' })]);
    expect((await view(id)).price).toBe('1.1000');
    // A retried pass at the same moment finds the rule resting.
    expect((await runUpdatingRules(t.database.db, at)).some((r) => r.ruleId === ruleId)).toBe(false);
    expect((await view(id)).price).toBe('1.1000');
  });
});
