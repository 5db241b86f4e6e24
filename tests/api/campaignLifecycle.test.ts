/**
 * The campaign lifecycle (server/areas/campaigns/lifecycle.ts, the job `campaigns.lifecycle`): a limit reached in
 * the statistics the demo ad server writes names itself on the campaign and tells its owner once, and clears when the
 * day turns; a campaign past its last day is finished and cannot be started again as it is; the campaign's page
 * says why a campaign is not buying (delivery.ts); a CPA campaign's test is judged once it has its impressions
 * (cpaTest.ts).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capsOf } from '../../server/areas/campaigns/delivery';
import { insertEvents, rollupStatistics } from '../../server/areas/statistics/store';
import { generateEvents } from '../../server/demo/generateEvents';
import { seedTraffic } from '../../server/demo/generateTraffic';
import { advertiserWithAd, api, approvedCampaign, build, type Advertiser, type TestApp } from './helper';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const today = Math.floor(Date.now() / DAY) * DAY;
const dayText = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** The runner's clock: yesterday, 20:00 UTC. */
let clock = new Date(today - DAY + 20 * HOUR);

let t: TestApp;
let who: Advertiser;

const rows = async <T>(query: ReturnType<typeof sql>) => ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

/** A campaign of the advertiser, approved (so running, with money reserved). */
const campaign = (over: Record<string, unknown> = {}) => approvedCampaign(t, who, { name: 'Lifecycle', ...over });

async function view(id: number) {
  const res = await api(t.app, 'GET', `campaigns/${id}`, { token: who.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { status: string; reserved_balance: string; limit_exceeded_name: string | null; limit_exceeded_type: string | null; delivery: { state: string; period?: string; limit_type?: string | null; until: string | null } };
}

const notices = (type: string, campaignId: number) => rows<{ params: Record<string, unknown> }>(sql`select params from notifications where user_id = ${who.userId} and type = ${type} and entity_id = ${campaignId}`);

/** Runs what is due at `at`, as the server's runner would. */
async function passAt(at: Date): Promise<void> {
  clock = at;
  await t.app.platform.jobs.runDue();
}

beforeAll(async () => {
  t = await build({ jobClock: () => clock });
  // The network's traffic: the CPA test values what it bought at the network's CPM for it.
  await seedTraffic(t.database.db, { today: new Date() });
  who = await advertiserWithAd(t);
}, 120_000);
afterAll(() => t?.close());

describe('limits', () => {
  it('an impressions daily limit stops delivery that day, names the limit, tells the owner once and clears when the day turns', async () => {
    const id = await campaign({ limits: { type: 'impressions', daily: '1000' } });
    // The demo ad server buys for the campaign from yesterday 00:00 to 20:00, honouring its limit.
    const events: Parameters<typeof insertEvents>[1][number][] = [];
    const from = new Date(today - DAY);
    await generateEvents(
      [{ id, userId: who.userId, adFormat: 'popunder', pricingModel: 'cpm', price: '1.2500', creativeIds: [0], limitType: 'impressions', caps: capsOf('impressions', { daily: '1000' }) }],
      { events: 40_000, from, now: clock },
      async (batch) => void events.push(...batch),
    );
    await insertEvents(t.database.db, events);
    await rollupStatistics(t.database.db, { from, to: clock, userIds: [who.userId] });
    const [bought] = await rows<{ impressions: string }>(sql`select coalesce(sum(impressions), 0)::text as impressions from stat_hourly where campaign_id = ${id}`);
    expect(Number(bought!.impressions)).toBe(1000);

    await passAt(clock);
    let c = await view(id);
    expect([c.status, c.limit_exceeded_name, c.limit_exceeded_type]).toEqual(['active', 'daily', 'impressions']);
    expect(c.delivery).toMatchObject({ state: 'limit_reached', period: 'daily', limit_type: 'impressions' });
    expect(await notices('campaign_limit_reached', id)).toEqual([{ params: { period: 'daily', limit_type: 'impressions', limit: '1000.00' } }]);

    await passAt(new Date(clock.getTime() + 10 * 60_000));
    expect(await notices('campaign_limit_reached', id)).toHaveLength(1);

    // The day turns: nothing bought today yet, so the campaign buys again.
    await passAt(new Date(today + 30 * 60_000));
    c = await view(id);
    expect([c.status, c.limit_exceeded_name, c.limit_exceeded_type]).toEqual(['active', null, null]);
    expect(c.delivery.state).not.toBe('limit_reached');
  });

  it('a total limit raised by its owner lets the campaign buy again at once', async () => {
    const id = await campaign({ limits: { type: 'impressions', total: '5000' } });
    await t.database.db.execute(sql`insert into stat_hourly (hour, user_id, campaign_id, creative_id, impressions, clicks, cost) values (${new Date(today - 3 * DAY).toISOString()}::timestamptz, ${who.userId}, ${id}, 0, 9000, 100, '5.000000')`);
    await passAt(new Date(clock.getTime() + DAY));
    expect((await view(id)).delivery).toEqual({ state: 'limit_reached', period: 'total', limit_type: 'impressions', until: null });

    const body = { name: 'Lifecycle', ad_format: 'popunder', ad_id: who.adId, pricing_model: 'cpm', price: '1.2500', limits: { type: 'impressions', total: '20000' } };
    const saved = await api(t.app, 'PUT', `campaigns/${id}`, { token: who.token, body });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.limit_exceeded_name).toBeNull();
  });
});

describe('dates and schedule', () => {
  it('a campaign past its last day is finished: paused with its reserve released, its owner told, and not started again as it is', async () => {
    const id = await campaign({ active_from: dayText(today - 5 * DAY), active_to: dayText(today - DAY) });
    expect(Number((await view(id)).reserved_balance)).toBeGreaterThan(0);
    await passAt(new Date(today + 2 * DAY));
    const c = await view(id);
    expect([c.status, c.reserved_balance, c.delivery.state]).toEqual(['paused', '0.00', 'finished']);
    expect(await notices('campaign_finished', id)).toEqual([{ params: { campaign_name: 'Lifecycle', active_to: dayText(today - DAY) } }]);

    const again = await api(t.app, 'POST', 'campaigns/activate', { token: who.token, body: { campaign_ids: [id] } });
    expect(again.json().data.skipped).toEqual([{ id, reason: 'finished', message: 'The campaign has ended: set a later end date to run it again.' }]);
  });

  it('before active_from the page says when the campaign starts, and outside the calendar when it buys next', async () => {
    const opens = [2, 3];
    const id = await campaign({ active_from: dayText(today + 2 * DAY), calendar_limits: Array.from({ length: 7 }, () => opens) });
    expect((await view(id)).delivery).toEqual({ state: 'scheduled', until: new Date(today + 2 * DAY + 2 * HOUR).toISOString() });

    const hour = new Date().getUTCHours();
    const closed = Array.from({ length: 24 }, (_, h) => h).filter((h) => h !== hour);
    const other = await campaign({ calendar_limits: Array.from({ length: 7 }, () => closed) });
    const { delivery } = await view(other);
    expect(delivery.state).toBe('outside_schedule');
    expect(new Date(delivery.until!).getUTCHours()).toBe((hour + 1) % 24);
  });
});

describe('the CPA test', () => {
  const cpa = { pricing_model: 'cpa', price: '2.0000', conversion_type: 'sale', limits: { type: 'money' } };
  /** A CPA campaign whose test started 5 hours ago. */
  const testing = async (over: Record<string, unknown> = {}) => {
    const id = await campaign({ ...cpa, ...over });
    await t.database.db.execute(sql`update campaigns set cpa_test_started_at = now() - interval '5 hours' where id = ${id}`);
    return id;
  };
  /** What the test bought 3 hours ago (`hoursAgo`): impressions, conversions and what they paid. */
  const bought = (id: number, impressions: number, conversions: number, cost: string, hoursAgo = 3) =>
    t.database.db.execute(sql`insert into stat_hourly (hour, user_id, campaign_id, creative_id, impressions, clicks, conversions, cost) values (date_trunc('hour', now()) - make_interval(hours => ${hoursAgo}), ${who.userId}, ${id}, 0, ${impressions}, ${conversions * 10}, ${conversions}, ${cost})`);
  /** The runner's next pass: 10 minutes after its last, so the lifecycle job is due again. */
  const nextPass = () => passAt(new Date(clock.getTime() + 10 * 60_000));
  /** What 20,000 impressions of the campaign's traffic are worth at the network's CPM for it. */
  const worth = async () => {
    const cpm = await t.app.traffic.recommendedPrice({ adFormat: 'popunder', pricingModel: 'cpm', targets: {}, offered: [] });
    expect(cpm).not.toBeNull();
    return (20_000 * Number(cpm)) / 1000;
  };
  const state = async (id: number) => {
    const c = (await api(t.app, 'GET', `campaigns/${id}`, { token: who.token })).json().data as { cpa_status: string; statistic_gathering_done: boolean; delivery: { state: string } };
    return [c.cpa_status, c.statistic_gathering_done, c.delivery.state];
  };

  it('a CPA campaign tests until it has the network\'s impressions, then passes when its conversions paid for the traffic', async () => {
    const id = await testing();
    expect(await state(id)).toEqual(['testing', false, 'delivering']);
    await bought(id, 19_999, 40, ((await worth()) * 1.2).toFixed(6));
    await nextPass();
    expect(await state(id)).toEqual(['testing', false, 'delivering']);

    await bought(id, 1, 0, '0', 2);
    await nextPass();
    expect(await state(id)).toEqual(['test_successful', true, 'delivering']);
    const [notice] = await notices('cpa_test_successful', id);
    expect(notice?.params).toMatchObject({ impressions: 20_000, conversions: 40 });
  });

  it('fails a test whose conversions paid less than the traffic was worth: the campaign stops buying until its owner raises the goal, which starts a new test', async () => {
    const id = await testing();
    await bought(id, 20_000, 3, ((await worth()) / 4).toFixed(6));
    await nextPass();
    expect(await state(id)).toEqual(['test_unsuccessful', true, 'cpa_test_failed']);
    expect(await notices('cpa_test_unsuccessful', id)).toHaveLength(1);

    const body = { name: 'Lifecycle', ad_format: 'popunder', ad_id: who.adId, ...cpa, price: '9.0000' };
    const saved = await api(t.app, 'PUT', `campaigns/${id}`, { token: who.token, body });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await state(id)).toEqual(['testing', false, 'delivering']);
  });
});
