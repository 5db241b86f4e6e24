import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Database, type Db } from '../../server/db/connect';
import { afterBalanceChange } from '../../server/areas/finances/billing';
import { ledgerSum, postEntries } from '../../server/areas/finances/ledger';
import { chargeSpend, closedBefore } from '../../server/areas/finances/spend';
import { JobRunner } from '../../server/jobs/runner';
import { build, type TestApp } from './helper';

let t: TestApp;
let db: Db;
const HOUR = 3_600_000;

const rows = async <T>(query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
const userId = async (email: string) => (await rows<{ id: number }>(sql`select id from users where email = ${email}`))[0]!.id;
const balance = async (id: number) => (await rows<{ balance: string }>(sql`select balance::text as balance from users where id = ${id}`))[0]!.balance;
/** Every user's balance row next to the sum of their entries, where they differ. */
const drift = () => rows<{ id: number }>(sql`select u.id from users u where u.balance <> coalesce((select sum(amount) from ledger_entries l where l.user_id = u.id), 0)`);

/** A campaign of the user to hang statistics on (the first one, or a new paused one on a new ad). */
async function campaignOf(user: number): Promise<number> {
  const [found] = await rows<{ id: number }>(sql`select id from campaigns where user_id = ${user} order by id limit 1`);
  if (found) return found.id;
  const [owner] = await rows<{ network_id: string }>(sql`select network_id from users where id = ${user}`);
  const [ad] = await rows<{ id: number }>(sql`insert into ads (user_id, network_id, format, name) values (${user}, ${owner!.network_id}, 'popunder', 'Ledger test ad') returning id`);
  const [campaign] = await rows<{ id: number }>(sql`
    insert into campaigns (user_id, network_id, ad_id, ad_format, name, pricing_model, price, limit_type, daily_limit)
    values (${user}, ${owner!.network_id}, ${ad!.id}, 'popunder', 'Ledger test campaign', 'cpm', 1.5, 'money', 50) returning id`);
  return campaign!.id;
}

/** Writes an hour's cost into the rollup, as the statistics ingestion would. */
async function spend(user: number, hour: Date, cost: string): Promise<void> {
  const campaign = await campaignOf(user);
  await db.execute(sql`
    insert into stat_hourly (hour, user_id, campaign_id, creative_id, cost) values (${hour.toISOString()}::timestamptz, ${user}, ${campaign}, 0, ${cost}::numeric)
    on conflict (user_id, hour, campaign_id, creative_id) do update set cost = excluded.cost`);
}

beforeAll(async () => {
  t = await build();
  db = t.database.db;
});
afterAll(() => t?.close());

describe('the ledger', () => {
  it('holds every seeded balance as entries, and the balance row equals their sum', async () => {
    expect(await drift()).toEqual([]);
    const company = await userId('company@adnet.test');
    expect(await ledgerSum(db, company)).toBe('15420.750000');
  });

  it('appends a keyed entry once, however often and however concurrently it is posted', async () => {
    const user = await userId('email2fa@adnet.test');
    const before = await balance(user);
    const posts = Array.from({ length: 40 }, () => postEntries(db, [{ userId: user, kind: 'adjustment', amount: '10.25', key: 'test:once' }]));
    expect((await Promise.all(posts)).reduce((a, b) => a + b, 0)).toBe(1);
    expect(await balance(user)).toBe((Number(before) + 10.25).toFixed(6));
    expect(await drift()).toEqual([]);
  });

  it('refuses amounts that are not exact decimals', async () => {
    const user = await userId('email2fa@adnet.test');
    await expect(postEntries(db, [{ userId: user, kind: 'adjustment', amount: String(0.1 + 0.2) }])).rejects.toThrow(/exact decimal/);
    await expect(postEntries(db, [{ userId: user, kind: 'adjustment', amount: '1e3' }])).rejects.toThrow(/exact decimal/);
  });

  it('never updates or deletes an entry: a correction is another entry', async () => {
    const [{ count }] = await rows<{ count: number }>(sql`select count(*)::int as count from ledger_entries where key like 'test:%'`);
    expect(count).toBe(1);
  });
});

describe('the job runner', () => {
  it('runs a periodic job once per period across runners sharing the database', async () => {
    let clock = new Date('2030-01-01T00:00:00Z');
    let runs = 0;
    const runners = [0, 1, 2].map(() => new JobRunner(db, { now: () => clock }));
    for (const r of runners) r.every('test.periodic', 60_000, async () => void (runs += 1));
    await Promise.all(runners.map((r) => r.runDue()));
    expect(runs).toBe(1);
    await Promise.all(runners.map((r) => r.runDue()));
    expect(runs).toBe(1);
    clock = new Date(clock.getTime() + 61_000);
    await Promise.all(runners.map((r) => r.runDue()));
    expect(runs).toBe(2);
  });

  it('runs a periodic job on demand before it is due, but not while a pass holds it', async () => {
    const clock = new Date('2030-01-05T00:00:00Z');
    let runs = 0;
    let release = () => {};
    const runner = new JobRunner(db, { now: () => clock });
    const other = new JobRunner(db, { now: () => clock });
    runner.every('test.on-demand', 3_600_000, async () => {
      runs += 1;
      if (runs === 3) await new Promise<void>((resolve) => (release = resolve));
    });
    let toldAt: Date | undefined;
    other.every('test.on-demand', 3_600_000, async (now) => {
      toldAt = now;
      runs += 1;
    });
    await runner.runDue();
    expect(runs).toBe(1);
    await other.runDue();
    expect(runs).toBe(1);
    const later = new Date('2030-01-05T01:05:00Z');
    expect(await other.runNow('test.on-demand', later)).toBe(true);
    expect(runs).toBe(2);
    expect(toldAt).toEqual(later);
    // A run in progress holds the job: asked again meanwhile, it does not run twice at once.
    const slow = runner.runNow('test.on-demand');
    await expect.poll(() => runs).toBe(3);
    expect(await other.runNow('test.on-demand')).toBe(false);
    release();
    expect(await slow).toBe(true);
    await expect(other.runNow('test.unknown')).rejects.toThrow(/No job test.unknown/);
  });

  it('hands each queued item to one runner, retries a failure later and gives up after its tries', async () => {
    let clock = new Date('2030-02-01T00:00:00Z');
    const seen: number[] = [];
    let failures = 0;
    const runners = [0, 1].map(() => new JobRunner(db, { now: () => clock }));
    for (const r of runners) {
      r.handle<{ n: number }>('test.item', async ({ payload }) => void seen.push(payload.n));
      r.handle('test.flaky', async () => {
        failures += 1;
        throw new Error('receiver down');
      });
    }
    for (let n = 0; n < 15; n += 1) await runners[0]!.enqueue('test.item', { n });
    await runners[0]!.enqueue('test.flaky', {}, { maxAttempts: 3 });
    await Promise.all(runners.map((r) => r.runDue()));
    await Promise.all(runners.map((r) => r.runDue()));
    expect(seen.sort((a, b) => a - b)).toEqual(Array.from({ length: 15 }, (_, n) => n));
    expect(failures).toBe(1);
    for (let i = 0; i < 5; i += 1) {
      clock = new Date(clock.getTime() + 3_600_000);
      await runners[1]!.runDue();
    }
    expect(failures).toBe(3);
    const [flaky] = await rows<{ attempts: number; last_error: string; done_at: unknown }>(sql`select attempts, last_error, done_at from job_queue where kind = 'test.flaky'`);
    expect(flaky).toMatchObject({ attempts: 3, last_error: 'receiver down', done_at: null });
  });

  it('runs queued work at once when nudged, not at its next tick', async () => {
    const runner = new JobRunner(db);
    let delivered!: () => void;
    const done = new Promise<void>((resolve) => (delivered = resolve));
    runner.handle('test.nudged', async () => delivered());
    runner.nudge(); // not started: nothing happens
    runner.start(3_600_000);
    await new Promise((resolve) => setTimeout(resolve, 200)); // the first pass finds nothing
    await runner.enqueue('test.nudged', {});
    const started = Date.now();
    runner.nudge();
    await done;
    expect(Date.now() - started).toBeLessThan(5_000);
    await runner.stop();
  });
});

describe('campaign spend', () => {
  const now = new Date(Math.floor(Date.now() / HOUR) * HOUR + 20 * 60_000);
  const closed = closedBefore(now);
  const hourAgo = (n: number) => new Date(closed.getTime() - n * HOUR);

  it('charges each closed hour once, from the hour the account started billing', async () => {
    const user = await userId('advertiser@adnet.test');
    await db.execute(sql`update billing_accounts set spend_from = ${hourAgo(3).toISOString()}::timestamptz where user_id = ${user}`);
    const start = await balance(user);
    await spend(user, hourAgo(5), '99.000000'); // before billing started: not charged
    await spend(user, hourAgo(3), '12.345678');
    await spend(user, hourAgo(1), '0.000300');
    await spend(user, closed, '7.000000'); // the hour still open: not yet
    const charged = await chargeSpend(db, now, [user]);
    expect(charged).toEqual([{ userId: user, networkId: 'adnet', entries: 2, charged: '-12.345978' }]);
    expect(await balance(user)).toBe((Number(start) - 12.345978).toFixed(6));
    expect(await chargeSpend(db, now, [user])).toEqual([]);
    expect(await drift()).toEqual([]);
  });

  it('charges the difference when late events change an hour already charged', async () => {
    const user = await userId('advertiser@adnet.test');
    await spend(user, hourAgo(3), '12.500000');
    const [late] = await chargeSpend(db, now, [user]);
    expect(late).toMatchObject({ entries: 1, charged: '-0.154322' });
    const [{ charged }] = await rows<{ charged: string }>(sql`select (-sum(amount))::text as charged from ledger_entries where user_id = ${user} and hour = ${hourAgo(3).toISOString()}::timestamptz`);
    expect(charged).toBe('12.500000');
  });

  it('charges an hour once when several processes run the job at the same moment', async () => {
    const user = await userId('advertiser@adnet.test');
    await spend(user, hourAgo(2), '3.210000');
    // A second pool on PostgreSQL is another API process; PGlite has one connection, which serialises them.
    const other: Database | null = t.database.url ? await connect({ databaseUrl: t.database.url }) : null;
    try {
      const dbs = [db, other?.db ?? db, db, other?.db ?? db];
      const results = await Promise.all(dbs.map((d) => chargeSpend(d, now, [user])));
      expect(results.flat().reduce((n, r) => n + r.entries, 0)).toBe(1);
    } finally {
      await other?.close();
    }
    const [{ n }] = await rows<{ n: number }>(sql`select count(*)::int as n from ledger_entries where user_id = ${user} and hour = ${hourAgo(2).toISOString()}::timestamptz`);
    expect(n).toBe(1);
    expect(await drift()).toEqual([]);
  });
});

describe('an empty balance', () => {
  it('stops the campaigns and tells the user once; money back restarts them', async () => {
    const user = await userId('company@pushhub.test');
    const campaign = await campaignOf(user);
    await db.execute(sql`update campaigns set status = 'active', reserved_balance = 50 where id = ${campaign}`);
    await db.execute(sql`insert into campaign_approvals (campaign_id, status) values (${campaign}, 'approved')`);
    const owed = (await balance(user)).replace(/^/, '-');
    await postEntries(db, [{ userId: user, kind: 'adjustment', amount: owed, key: 'test:empty' }]);
    await afterBalanceChange(t.app, user, 'pushhub');
    await afterBalanceChange(t.app, user, 'pushhub');
    const [stopped] = await rows<{ status: string; limit_exceeded_name: string; reserved_balance: string }>(sql`select status, limit_exceeded_name, reserved_balance::text from campaigns where id = ${campaign}`);
    expect(stopped).toEqual({ status: 'paused', limit_exceeded_name: 'balance', reserved_balance: '0.00' });
    const frozen = await rows(sql`select 1 from notifications where user_id = ${user} and type = 'user_frozen'`);
    expect(frozen).toHaveLength(1);

    await postEntries(db, [{ userId: user, kind: 'deposit', amount: '500.00', key: 'test:refill' }]);
    await afterBalanceChange(t.app, user, 'pushhub');
    const [resumed] = await rows<{ status: string; limit_exceeded_name: string | null }>(sql`select status, limit_exceeded_name from campaigns where id = ${campaign}`);
    expect(resumed).toEqual({ status: 'active', limit_exceeded_name: null });
  });

  it('tells a user once when the balance falls below the network’s low line', async () => {
    const user = await userId('google2fa@pushhub.test');
    const keep = '-' + (Number(await balance(user)) - 20).toFixed(2);
    await postEntries(db, [{ userId: user, kind: 'adjustment', amount: keep, key: 'test:low' }]);
    await afterBalanceChange(t.app, user, 'pushhub');
    await afterBalanceChange(t.app, user, 'pushhub');
    const low = await rows<{ params: { balance: string; threshold: string } }>(sql`select params from notifications where user_id = ${user} and type = 'user_low_balance'`);
    expect(low.map((n) => n.params)).toEqual([{ balance: '20.00', threshold: '50.00' }]);
  });

  it('tells a user once when the last week’s spend empties the balance within 3 days, again after it lasted longer', async () => {
    const user = await userId('email2fa@pushhub.test');
    const now = new Date('2031-03-10T12:00:00Z');
    const expiring = async () => (await rows<{ params: { expires_on: string; days_left: number } }>(sql`select params from notifications where user_id = ${user} and type = 'user_balance_expiring' order by id`)).map((n) => n.params);
    // 470.00 left at 10.00 a day over the last 7 days lasts 47 days: no notice.
    await postEntries(db, [1, 2, 3, 4, 5, 6, 7].map((n) => ({ userId: user, kind: 'campaign_spend' as const, amount: '-10.00', hour: new Date(Date.UTC(2031, 2, 10 - n, 15)), key: `test:week:${n}` })));
    await afterBalanceChange(t.app, user, 'pushhub', now);
    expect(await expiring()).toEqual([]);
    // 25.00 lasts 2 whole days: the user is told the day it runs out, once.
    const drain = (Number(await balance(user)) - 25).toFixed(2);
    await postEntries(db, [{ userId: user, kind: 'adjustment', amount: `-${drain}`, key: 'test:week:drain' }]);
    await afterBalanceChange(t.app, user, 'pushhub', now);
    await afterBalanceChange(t.app, user, 'pushhub', now);
    expect(await expiring()).toEqual([{ expires_on: '12.03.2031', days_left: 2 }]);
    // Money in makes it last again; a later run-down tells again.
    await postEntries(db, [{ userId: user, kind: 'deposit', amount: '1000.00', key: 'test:week:refill' }]);
    await afterBalanceChange(t.app, user, 'pushhub', now);
    await postEntries(db, [{ userId: user, kind: 'adjustment', amount: '-1000.00', key: 'test:week:drain-again' }]);
    await afterBalanceChange(t.app, user, 'pushhub', now);
    expect(await expiring()).toHaveLength(2);
  });
});
