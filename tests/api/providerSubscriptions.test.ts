import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerSum, postEntries } from '../../server/areas/finances/public';
import { renewSubscriptions } from '../../server/areas/providers';
import { planOf } from '../../server/areas/providers/plans';
import { creditFor, dayStart, GRACE_DAYS, unusedDays, type RenewalEvent } from '../../server/areas/providers/subscriptions';
import { api, build, login, type TestApp } from './helper';

/**
 * Traffic provider subscription plans end to end on the API: plans per network in the reader's language, subscribe,
 * change with the unused days credited, cancel and resume, the plan's limits on providers and campaigns, the renewal
 * job on a moved clock (paid, past due, lapsed, ended), and the statistics of the user's providers. Every money
 * effect is checked in the ledger, and the balance stays the ledger's sum.
 */

let t: TestApp;
let alex: string;
let company: string;
let poor: string;
let hub: string;
const HUB = 'pushhub.localhost';
const DAY = 86_400_000;

beforeAll(async () => {
  t = await build();
  alex = await login(t.app, 'advertiser@adnet.test');
  company = await login(t.app, 'company@adnet.test');
  poor = await login(t.app, 'advertiser@pushhub.test', HUB);
  hub = await login(t.app, 'company@pushhub.test', HUB);
});
afterAll(() => t?.close());

const hostOf = (as: string) => (as === hub || as === poor ? HUB : undefined);
const call = (method: string, path: string, as: string, body?: unknown, headers?: Record<string, string>) => api(t.app, method as 'GET', path, { token: as, host: hostOf(as), body, headers });
async function ok<T = { data: Record<string, unknown> }>(method: string, path: string, as: string, body?: unknown, status = 200): Promise<T> {
  const res = await call(method, path, as, body);
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as T;
}
const db = () => t.app.platform.db;
const rows = async <T>(query: ReturnType<typeof sql>) => ((await db().execute(query)) as unknown as { rows: T[] }).rows;
const userIdOf = async (as: string) => (await ok<{ data: { id: number } }>('GET', 'profile', as)).data.id;
const balanceOf = async (userId: number) => (await rows<{ balance: string }>(sql`select balance::numeric(18,2)::text as balance from users where id = ${userId}`))[0]!.balance;
const entries = (userId: number) => rows<{ amount: string; key: string }>(sql`select amount::numeric(18,2)::text as amount, key from ledger_entries where user_id = ${userId} and kind = 'subscription' order by id`);
const adnet = () => t.app.platform.networks.get('adnet');
const plan = (id: number) => planOf(adnet(), id)!;
const provider = (name: string, over: Record<string, unknown> = {}) => ({ name, method_type: 'rtb', endpoint_url: `https://${name.toLowerCase().replace(/\W/g, '')}.example.com/bid`, pricing_type: 'cpm', vertical_type: 'mainstream', ssp_formats: ['native'], qps_limit: 100, ...over });
const balanceIsLedger = async (userId: number) => expect(await ledgerSum(db(), userId)).toBe((await rows<{ balance: string }>(sql`select balance::numeric(20,6)::text as balance from users where id = ${userId}`))[0]!.balance);
type Subscription = { id: number; status: string; paid_until: string; grace_until: string | null; plan: { id: number; name: string }; usage: { providers: number; requests_per_second: number } };

describe('the plans', () => {
  it('lists the network’s plans on sale in the reader’s language (theirs, else English), with prices in its currency', async () => {
    const res = await call('GET', 'traffic-provider-subscription-plans', alex, undefined, { 'accept-language': 'de' });
    const plans = res.json().data as { id: number; name: string; price: string; currency: string; status: string; translations: unknown[] }[];
    expect(plans.map((p) => [p.id, p.name, p.price, p.currency])).toEqual([
      [1, 'Starter', '49.00', 'USD'],
      [2, 'Wachstum', '149.00', 'USD'],
      [3, 'Skalierung', '449.00', 'USD'],
    ]);
    expect(plans[0].translations).toHaveLength(5);
    // PushHub's plan is translated into Russian first, then English: a Japanese reader gets English.
    const pushhub = (await call('GET', 'traffic-provider-subscription-plans', hub, undefined, { 'accept-language': 'ja' })).json().data as { id: number; name: string; currency: string }[];
    expect(pushhub.map((p) => [p.id, p.name, p.currency])).toEqual([[7, 'Partner', 'EUR']]);
    // Signed-in users read them here; the public GET network leaves them out.
    expect(Object.keys((await api(t.app, 'GET', 'network')).json().data.settings)).not.toContain('providerPlans');
  });

  it('refuses a plan of another network, an archived plan and an unknown one under the plan field', async () => {
    for (const id of [7, 4, 99]) {
      const res = await call('POST', 'traffic-provider-subscriptions', company, { traffic_provider_subscription_plan_id: id });
      expect(res.statusCode, `plan ${id}`).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(['traffic_provider_subscription_plan_id']);
    }
    expect((await call('POST', 'traffic-provider-subscriptions', hub, { traffic_provider_subscription_plan_id: 3 })).statusCode).toBe(422);
  });
});

describe('subscribe, change, cancel and resume', () => {
  it('charges the price once through the ledger, and the profile shows the subscription', async () => {
    const userId = await userIdOf(company);
    const before = await balanceOf(userId);
    const quote = (await ok<{ data: Record<string, unknown> }>('GET', 'traffic-provider-subscriptions/quote?traffic_provider_subscription_plan_id=2', company)).data;
    const periodEnd = new Date(dayStart(new Date()).getTime() + 30 * DAY).toISOString();
    expect(quote).toEqual({ plan_id: 2, kind: 'subscribe', price: '149.00', unused_days: 0, credit: '0.00', amount_due: '149.00', currency: 'USD', paid_until: periodEnd });
    const made = (await ok<{ data: Subscription }>('POST', 'traffic-provider-subscriptions', company, { traffic_provider_subscription_plan_id: 2 }, 201)).data;
    expect(made).toMatchObject({ status: 'active', paid_until: periodEnd, grace_until: null, plan: { id: 2, name: 'Growth' }, usage: { providers: 0, requests_per_second: 0 } });
    expect(await entries(userId)).toEqual([{ amount: '-149.00', key: `provider-plan:${made.id}:1` }]);
    expect(await balanceOf(userId)).toBe((Number(before) - 149).toFixed(2));
    const profile = await call('GET', 'profile', company, undefined, { 'accept-language': 'en' });
    expect(profile.json().data.trafficProviderSubscription).toEqual(made);
    const again = await call('POST', 'traffic-provider-subscriptions', company, { traffic_provider_subscription_plan_id: 3 });
    expect([again.statusCode, again.json().message]).toEqual([409, 'You have a subscription already: change its plan instead.']);
    expect(await entries(userId)).toHaveLength(1);
    await balanceIsLedger(userId);
  });

  it('refuses a subscription the free balance does not cover, naming both amounts, and charges nothing', async () => {
    const res = await call('POST', 'traffic-provider-subscriptions', poor, { traffic_provider_subscription_plan_id: 7 });
    expect([res.statusCode, res.json().message]).toEqual([409, 'Your free balance (87.12 EUR) does not cover the 99.00 EUR due. Add funds first.']);
    expect(await entries(await userIdOf(poor))).toEqual([]);
    expect((await ok<{ data: null }>('GET', 'traffic-provider-subscriptions', poor)).data).toBeNull();
  });

  it('credits the unused days of the old plan on a change, exactly, and puts a credit larger than the new price back on the balance', async () => {
    const userId = await userIdOf(alex);
    const subs = t.app.providerSubscriptions;
    const today = dayStart(new Date());
    const at = (days: number, hours = 0) => new Date(today.getTime() + days * DAY + hours * 3_600_000);
    const made = await subs.subscribe(userId, adnet(), plan(3), at(0, 10));
    expect('subscription' in made && made.subscription.paidUntil.toISOString()).toBe(at(30).toISOString());
    // Ten days on: 20 of 30 days unused, 449.00 × 20 ÷ 30 = 299.333… → 299.33; Growth costs 149.00, so 150.33 comes back.
    const later = at(10, 18);
    expect(unusedDays(at(30), later)).toBe(20);
    expect(await subs.quote(userId, adnet(), plan(2), later)).toEqual({ plan_id: 2, kind: 'change', price: '149.00', unused_days: 20, credit: '299.33', amount_due: '-150.33', currency: 'USD', paid_until: at(40).toISOString() });
    const changed = await subs.change(userId, adnet(), plan(2), later, 'en');
    expect('subscription' in changed && [changed.subscription.planId, changed.subscription.paidUntil.toISOString(), changed.charged]).toEqual([2, at(40).toISOString(), '-150.33']);
    // Up again the same day: all 30 days of Growth unused, 149.00 credited, 300.00 due.
    const up = await subs.change(userId, adnet(), plan(3), later, 'en');
    expect('subscription' in up && up.charged).toBe('300.00');
    const id = 'subscription' in made ? made.subscription.id : 0;
    expect(await entries(userId)).toEqual([
      { amount: '-449.00', key: `provider-plan:${id}:1` },
      { amount: '150.33', key: `provider-plan:${id}:2` },
      { amount: '-300.00', key: `provider-plan:${id}:3` },
    ]);
    await balanceIsLedger(userId);
    // The finances screen lists them, the credit with what it was for.
    const listed = (await ok<{ data: { amount: string; note: string }[] }>('GET', 'finances/transactions?kind[]=subscription', alex)).data;
    expect(listed.map((r) => r.amount)).toEqual(['-300.00', '150.33', '-449.00']);
    expect(listed[1].note).toMatch(/^Growth plan, .* \(299\.33 credited for 20 unused days\)$/);
    const same = await call('PUT', 'traffic-provider-subscriptions', alex, { traffic_provider_subscription_plan_id: 3 });
    expect([same.statusCode, same.json().message]).toEqual([409, 'You are on this plan already.']);
  });

  it('cancels without a refund, refuses a second cancel, and resumes on its own plan for nothing', async () => {
    const userId = await userIdOf(alex);
    const paid = await entries(userId);
    const cancelled = (await ok<{ data: Subscription }>('DELETE', 'traffic-provider-subscriptions', alex)).data;
    expect(cancelled.status).toBe('cancelled');
    expect((await call('DELETE', 'traffic-provider-subscriptions', alex)).statusCode).toBe(409);
    const quote = (await ok<{ data: { kind: string; amount_due: string; paid_until: string } }>('GET', 'traffic-provider-subscriptions/quote?traffic_provider_subscription_plan_id=3', alex)).data;
    expect(quote).toMatchObject({ kind: 'resume', amount_due: '0.00', paid_until: cancelled.paid_until });
    const resumed = (await ok<{ data: Subscription }>('PUT', 'traffic-provider-subscriptions', alex, { traffic_provider_subscription_plan_id: 3 })).data;
    expect([resumed.status, resumed.paid_until]).toEqual(['active', cancelled.paid_until]);
    expect(await entries(userId)).toEqual(paid);
  });
});

describe('the plan’s limits', () => {
  it('refuses a provider past the plan’s count, requests per second and private formats, and a smaller plan the providers do not fit', async () => {
    const starter = hub;
    expect((await call('POST', 'traffic-providers', starter, provider('Too early'))).json().message).toBe('Traffic providers need a subscription plan: subscribe to one first.');
    await ok('POST', 'traffic-provider-subscriptions', starter, { traffic_provider_subscription_plan_id: 7 }, 201);
    // Partner: 5 providers, fewer than 3,000 requests per second, no private formats.
    const fast = await call('POST', 'traffic-providers', starter, provider('Too fast', { qps_limit: 3001 }));
    expect([fast.statusCode, fast.json().message]).toEqual([409, 'Your Partner plan allows fewer than 3000 requests per second; with this provider your active providers would take up to 3001. Lower its QPS limit, pause another provider, or change to a bigger plan.']);
    const secret = await call('POST', 'traffic-providers', starter, provider('Private', { ssp_formats: ['interstitial'] }));
    expect([secret.statusCode, secret.json().message]).toEqual([409, 'Your Partner plan does not carry private SSP formats (Interstitial). Remove them, or change to a plan that allows them.']);
    const made: number[] = [];
    for (let i = 1; i <= 5; i++) made.push((await ok<{ data: { id: number } }>('POST', 'traffic-providers', starter, provider(`Partner ${i}`), 201)).data.id);
    const sixth = await call('POST', 'traffic-providers', starter, provider('Partner 6'));
    expect([sixth.statusCode, sixth.json().message]).toEqual([409, 'Your Partner plan allows 5 active providers and you have 5 already. Pause one, or change to a bigger plan.']);
    // A paused one makes room; starting it again while the room is taken is refused the same way.
    await ok('POST', `traffic-providers/${made[0]}/pause`, starter);
    const sixthNow = (await ok<{ data: { id: number } }>('POST', 'traffic-providers', starter, provider('Partner 6'), 201)).data.id;
    expect((await call('POST', `traffic-providers/${made[0]}/activate`, starter)).statusCode).toBe(409);
    expect((await ok<{ data: Subscription }>('GET', 'traffic-provider-subscriptions', starter)).data.usage).toEqual({ providers: 5, requests_per_second: 500 });
    expect(sixthNow).toBeGreaterThan(1000);
  });

  it('refuses a change to a plan the active providers do not fit, saying what to pause', async () => {
    // company@adnet.test is on Growth (10 providers); Starter allows 2.
    for (let i = 1; i <= 3; i++) await ok('POST', 'traffic-providers', company, provider(`Growth ${i}`), 201);
    const res = await call('PUT', 'traffic-provider-subscriptions', company, { traffic_provider_subscription_plan_id: 1 });
    expect([res.statusCode, res.json().message]).toEqual([409, 'The Starter plan allows 2 active providers and you have 3: pause some first.']);
  });
});

describe('the renewal job', () => {
  const mine = (events: RenewalEvent[], userId: number) => events.filter((e) => e.subscription.userId === userId).map((e) => e.kind);
  const notices = (userId: number) => rows<{ type: string }>(sql`select type from notifications where user_id = ${userId} and type like 'traffic_provider_subscription%' order by id`);

  it('renews once at paid_until, marks an unpaid renewal past due, ends it after the grace period and pauses the providers', async () => {
    const as = hub;
    const userId = await userIdOf(as);
    const current = (await t.app.providerSubscriptions.live(userId))!;
    const paidUntil = current.paidUntil;
    const charged = (await entries(userId)).length;
    // At paid_until the next 28 days are charged, once however often the job runs.
    const renewal = new Date(paidUntil.getTime() + 60_000);
    expect(mine(await renewSubscriptions(t.app, renewal), userId)).toEqual(['paid']);
    expect(mine(await renewSubscriptions(t.app, renewal), userId)).toEqual([]);
    expect((await t.app.providerSubscriptions.live(userId))!.paidUntil.toISOString()).toBe(new Date(paidUntil.getTime() + 28 * DAY).toISOString());
    expect((await entries(userId)).length).toBe(charged + 1);
    // The next renewal finds the balance spent elsewhere: past due, providers still running through the grace period.
    const balance = await balanceOf(userId);
    await postEntries(db(), [{ userId, kind: 'adjustment', amount: `-${(BigInt(balance.replace('.', '')) - 1000n).toString().replace(/(\d\d)$/, '.$1')}`, key: 'test:spent' }]);
    expect(await balanceOf(userId)).toBe('10.00');
    const next = new Date(paidUntil.getTime() + 28 * DAY + 60_000);
    expect(mine(await renewSubscriptions(t.app, next), userId)).toEqual(['failed']);
    const late = (await ok<{ data: Subscription }>('GET', 'traffic-provider-subscriptions', as)).data;
    expect([late.status, late.grace_until]).toEqual(['past_due', new Date(next.getTime() + GRACE_DAYS * DAY).toISOString()]);
    expect(late.usage.providers).toBe(5);
    expect(mine(await renewSubscriptions(t.app, new Date(next.getTime() + DAY)), userId)).toEqual([]);
    // Past the grace period: ended, every active provider paused, the user told.
    const lapsed = (await renewSubscriptions(t.app, new Date(next.getTime() + GRACE_DAYS * DAY))).filter((e) => e.subscription.userId === userId);
    expect(lapsed.map((e) => [e.kind, e.pausedProviders])).toEqual([['lapsed', 5]]);
    expect((await ok<{ data: null }>('GET', 'traffic-provider-subscriptions', as)).data).toBeNull();
    expect((await ok<{ data: unknown[] }>('GET', 'traffic-providers?status=active', as)).data).toEqual([]);
    expect((await notices(userId)).map((n) => n.type)).toEqual(['traffic_provider_subscription_paid', 'traffic_provider_subscription_failed', 'traffic_provider_subscription_ended']);
    await balanceIsLedger(userId);
  });

  it('ends a cancelled subscription at paid_until without charging, and leaves the others alone', async () => {
    const userId = await userIdOf(alex);
    await ok('DELETE', 'traffic-provider-subscriptions', alex);
    const { paidUntil } = (await t.app.providerSubscriptions.live(userId))!;
    const charged = await entries(userId);
    expect(mine(await renewSubscriptions(t.app, new Date(paidUntil.getTime() + 1000)), userId)).toEqual(['ended']);
    expect(await entries(userId)).toEqual(charged);
    expect((await ok<{ data: null }>('GET', 'traffic-provider-subscriptions', alex)).data).toBeNull();
    // A new subscription starts afresh.
    expect((await ok<{ data: Subscription }>('POST', 'traffic-provider-subscriptions', alex, { traffic_provider_subscription_plan_id: 1 }, 201)).data.plan.id).toBe(1);
  });
});

describe('GET traffic-provider-subscription-statistics', () => {
  it('sums what the user’s own providers carried per day, zero on empty days, beside the plan’s limits', async () => {
    const userId = await userIdOf(alex);
    await db().execute(sql`
      insert into stat_daily (day, user_id, campaign_id, dimension, value_id, requests, bids, wins, cost) values
        ('2026-02-02', ${userId}, 1, 'traffic_provider', 1001, 864000, 4000, 900, 12.5),
        ('2026-02-02', ${userId}, 2, 'traffic_provider', 1002, 86400, 100, 10, 0.25),
        ('2026-02-02', ${userId}, 1, 'traffic_provider', 1, 999999, 999, 99, 99),
        ('2026-02-04', ${userId}, 1, 'traffic_provider', 1001, 8640, 10, 1, 0.0125)`);
    const { data } = await ok<{ data: { days: Record<string, unknown>[]; limits: unknown } }>('GET', 'traffic-provider-subscription-statistics?start_date=2026-02-02&end_date=2026-02-04', alex);
    expect(data.days).toEqual([
      { date: '2026-02-02', requests: 950400, bids: 4100, wins: 910, spend: '12.7500', requests_per_second: 11 },
      { date: '2026-02-03', requests: 0, bids: 0, wins: 0, spend: '0.0000', requests_per_second: 0 },
      { date: '2026-02-04', requests: 8640, bids: 10, wins: 1, spend: '0.0125', requests_per_second: 0.1 },
    ]);
    expect(data.limits).toEqual({ max_providers: 2, max_requests_per_second: 500 });
    expect((await call('GET', 'traffic-provider-subscription-statistics?start_date=2026-01-01&end_date=2026-06-01', alex)).statusCode).toBe(422);
    expect((await ok<{ data: { limits: unknown } }>('GET', 'traffic-provider-subscription-statistics?start_date=2026-02-02&end_date=2026-02-02', poor)).data.limits).toBeNull();
  });
});

describe('campaigns and the main provider', () => {
  it('lets a campaign turn the main provider off only under a plan that allows it', async () => {
    const adOf = async (as: string) => (await ok<{ data: { id: number } }>('POST', 'ads', as, { format: 'popunder', name: 'Own supply', url: 'https://shop.example.com/' }, 201)).data.id;
    const body = { name: 'Own supply only', ad_format: 'popunder', pricing_model: 'cpm', price: '1.2500', limits: { type: 'money', daily: '50.00' }, targets: { 'traffic-provider': { enable_main_provider: false, selected: [] } } };
    // Growth (company) allows it; Starter (Alex, since the renewal tests) does not: refused under the field.
    expect((await call('POST', 'campaigns', company, { ...body, ad_id: await adOf(company) })).statusCode).toBe(201);
    const refused = await call('POST', 'campaigns', alex, { ...body, ad_id: await adOf(alex) });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().errors).toEqual({ 'targets.traffic-provider.enable_main_provider': ['Buying only from your own providers needs a provider plan that allows it. Keep the main provider on, or change your plan.'] });
    // With the main provider on, Starter is fine.
    const on = { ...body, targets: { 'traffic-provider': { enable_main_provider: true, selected: [] } } };
    expect((await call('POST', 'campaigns', alex, { ...on, ad_id: await adOf(alex) })).statusCode).toBe(201);
  });
});

describe('creditFor', () => {
  it('is the exact share of the price, half up to the cent, never above the price', () => {
    expect([creditFor('449.00', 20, 30), creditFor('10.00', 1, 3), creditFor('0.05', 1, 2), creditFor('49.00', 45, 30), creditFor('49.00', 0, 30)]).toEqual(['299.33', '3.33', '0.03', '49.00', '0.00']);
  });
});

// Last: its clock runs years ahead, renewing or ending every other subscription on the way.
describe('a past-due subscription', () => {
  it('lets a past-due subscription pay its own plan now, renewing it from that day', async () => {
    const userId = await userIdOf(poor);
    const pushhub = t.app.platform.networks.get('pushhub');
    const partner = planOf(pushhub, 7)!;
    const subs = t.app.providerSubscriptions;
    const t0 = new Date('2031-01-10T08:00:00Z');
    await postEntries(db(), [{ userId, kind: 'deposit', amount: '100.00', key: 'test:poor:1' }]);
    expect('subscription' in (await subs.subscribe(userId, pushhub, partner, t0))).toBe(true);
    // 88.12 left, less than the 99.00 renewal: past due at paid_until.
    const due = new Date('2031-02-07T00:30:00Z');
    expect((await subs.renew(due, (id) => t.app.platform.networks.get(id))).filter((e) => e.subscription.userId === userId).map((e) => e.kind)).toEqual(['failed']);
    await postEntries(db(), [{ userId, kind: 'deposit', amount: '50.00', key: 'test:poor:2' }]);
    const paid = await subs.change(userId, pushhub, partner, new Date('2031-02-08T15:00:00Z'), 'en');
    expect('subscription' in paid && [paid.subscription.status, paid.subscription.paidUntil.toISOString(), paid.charged]).toEqual(['active', '2031-03-08T00:00:00.000Z', '99.00']);
    expect((await entries(userId)).map((e) => e.amount)).toEqual(['-99.00', '-99.00']);
    await balanceIsLedger(userId);
    await ok('DELETE', 'traffic-provider-subscriptions', poor);
  });
});
