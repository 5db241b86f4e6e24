/**
 * Money and saves across real server processes on one PostgreSQL: what the in-process tests (ledger.test.ts,
 * payments.test.ts, campaigns.test.ts) cannot show. Each test spawns `server/main.ts` as an OS process on this file's
 * own seeded database, as a deployment runs it: two processes sharing the spend job, a process killed with SIGKILL in
 * the middle of webhook deliveries, and one killed during a burst of deposits, campaign saves and bulk activations
 * (crash and restart: every acknowledged write kept as answered, none half done).
 * PGlite is one process's file, so the file runs only on CI's PostgreSQL pass (DATABASE_URL).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { request, type IncomingHttpHeaders } from 'node:http';
import { createServer } from 'node:net';
import { isDeepStrictEqual } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdsRepository } from '../../server/areas/ads/repository';
import { createCampaignsRepository } from '../../server/areas/campaigns/repository';
import { signSandboxWebhook } from '../../server/areas/finances/gateways';
import { createPaymentsRepository, creditedOf, type PaymentRecord } from '../../server/areas/finances/payments';
import { postEntries } from '../../server/areas/finances/ledger';
import { closedBefore } from '../../server/areas/finances/spend';
import { seedTraffic } from '../../server/demo/generateTraffic';
import { loadAdFormats } from '../../server/settings/adFormats';
import type { Db } from '../../server/db/connect';
import { DEMO_PASSWORD } from '../../server/demo/seedData';
import { repoRoot } from '../../server/paths';
import { getOrCreateSecret } from '../../server/repositories/secretsRepository';
import type { CampaignTransition, CampaignView } from '../../generated/types';
import { seededTestDatabase, type TestDatabase } from './testDatabase';

const HOUR = 3_600_000;
/** Start-up migrates, seeds and loads every network config; two at once on two cores take several seconds. */
const START_TIMEOUT_MS = 60_000;
const TEST_TIMEOUT_MS = 120_000;

let database: TestDatabase;
let db: Db;
const running = new Set<ChildProcess>();

const rows = async <T>(query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
const userId = async (email: string) => (await rows<{ id: number }>(sql`select id from users where email = ${email}`))[0]!.id;
const balance = async (id: number) => (await rows<{ balance: string }>(sql`select balance::text as balance from users where id = ${id}`))[0]!.balance;
/** Every user whose balance row differs from the sum of their entries. */
const drift = () => rows<{ id: number }>(sql`select u.id from users u where u.balance <> coalesce((select sum(amount) from ledger_entries l where l.user_id = u.id), 0)`);
const intArray = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::int[]`;

/** Polls `check` until it holds; no fixed sleeps, so a fast machine is not slowed and a slow one not failed. */
async function waitFor(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 30_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A port nobody listens on now (the OS picks it; the server binds it a moment later). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** A server process, named in PostgreSQL (`application_name`) so the test can see its connections and its writes. */
interface ServerProcess {
  name: string;
  port: number;
  child: ChildProcess;
  exited: Promise<void>;
  output: () => string;
}

/**
 * Spawns `server/main.ts` on the test's database and resolves once it listens. `node --import tsx` rather than
 * `npx tsx`: half the start-up time, and one process, so a signal reaches the server itself and not a wrapper.
 * The environment is built, not inherited: CI's DATABASE_URL names the maintenance database, and vitest's
 * variables are no part of a deployment.
 */
async function startServer(name: string): Promise<ServerProcess> {
  const port = await freePort();
  const url = new URL(database.url!);
  url.searchParams.set('application_name', name);
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATABASE_URL: url.toString(),
      PORT: String(port),
      HOST: '127.0.0.1',
      // No simulated ad server: the statistics are the ones each test writes.
      DEMO_EVENTS: '0',
      LOG_LEVEL: 'warn',
      // Passes every 100 ms rather than 15 s, so the test waits on the work and not on the clock.
      JOB_TICK_MS: '100',
    },
  });
  running.add(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void exited.then(() => running.delete(child));
  let gone = false;
  void exited.then(() => (gone = true));
  await waitFor(`server ${name} to listen`, () => {
    if (gone) throw new Error(`Server ${name} exited before listening:\n${output}`);
    return output.includes('Ad network panel on');
  }, START_TIMEOUT_MS);
  return { name, port, child, exited, output: () => output };
}

/**
 * Signals the process, waits for it to exit and for PostgreSQL to end its sessions: a killed client's last COMMIT
 * may still be finishing on the server, and the test reads the database only once nothing of the process is left.
 */
async function stopServer(server: ServerProcess, signal: NodeJS.Signals): Promise<void> {
  server.child.kill(signal);
  let exited = false;
  void server.exited.then(() => (exited = true));
  try {
    await waitFor(`server ${server.name} to exit on ${signal}`, () => exited, 20_000);
  } catch (e) {
    server.child.kill('SIGKILL');
    throw new Error(`${(e as Error).message}\n${server.output()}`, { cause: e });
  }
  await waitFor(`PostgreSQL to end ${server.name}'s sessions`, async () => (await rows(sql`select 1 from pg_stat_activity where application_name = ${server.name}`)).length === 0);
}

/** An answer as the client received it. */
interface Answer {
  status: number;
  body: string;
  headers: IncomingHttpHeaders;
}

/** A request over a new connection (no keep-alive: a killed server must fail exactly the requests it had). */
function call(port: number, method: string, path: string, body: string | undefined, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, agent: false, headers: { ...headers, ...(body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) }) } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, headers: res.headers }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

const post = (port: number, path: string, body: string, headers: Record<string, string>) => call(port, 'POST', path, body, headers);

const LOCK_HOLDER = 'processes-test-lock';

/**
 * Opens a transaction of the test's own that takes a lock and keeps it: the server's statements that need it wait,
 * so the crash finds writes at a known step rather than wherever the scheduler left them.
 * @returns what ends the transaction.
 */
async function holdLock(statement: string, params: unknown[] = []): Promise<() => Promise<void>> {
  const client = new pg.Client({ connectionString: database.url!, application_name: LOCK_HOLDER });
  await client.connect();
  await client.query('begin');
  await client.query(statement, params);
  return async () => {
    await client.query('rollback');
    await client.end();
  };
}

/** How many of the process's sessions wait on a lock in a statement that starts with `statement` (or matches it). */
const waiting = async (name: string, statement: string | RegExp) =>
  (await rows<{ query: string }>(sql`select ltrim(query, chr(10) || chr(32)) as query from pg_stat_activity where application_name = ${name} and wait_event_type = 'Lock'`)).filter(({ query }) =>
    typeof statement === 'string' ? query.startsWith(statement) : statement.test(query),
  ).length;

/** The sandbox gateway's webhook, on a network's host. */
const WEBHOOK_PATH = '/api/private/v1/payments/webhooks/sandbox';

/**
 * `count` sandbox payments of the user, checkout opened, and the `payment.succeeded` event of each as the gateway
 * delivers it (signed now, to the user's network host).
 */
async function sandboxPayments(user: number, count: number, tag: string, host: string) {
  // The secret every process of this database signs and checks the sandbox's webhooks with.
  const secret = await getOrCreateSecret(db, 'sandbox_gateway_secret');
  const repo = createPaymentsRepository(db);
  const payments: PaymentRecord[] = [];
  for (let i = 0; i < count; i += 1) {
    const created = await repo.create({ userId: user, paymentMethodId: 1, methodType: 'card', gateway: 'sandbox', amount: '100.00', fee: '3.00', bonus: '1.50', currency: 'USD', idempotencyKey: `${tag}-${i}` });
    payments.push(await repo.setCheckout(created!.id, `sbx_cs_${tag}_${i}`, { action: '/sandbox-gateway/checkout', method: 'POST', fields: {} }));
  }
  const events = payments.map((p) => ({ eventId: `sbx_evt_${tag}_${p.id}`, type: 'payment.succeeded', paymentId: p.id, ref: p.gatewayRef }));
  const deliver = (port: number, event: SandboxEvent) => {
    const body = JSON.stringify(event);
    return post(port, WEBHOOK_PATH, body, { host, 'content-type': 'application/json', 'sandbox-signature': signSandboxWebhook(body, secret, new Date()) });
  };
  return { payments, ids: payments.map((p) => p.id), events, deliver };
}
type SandboxEvent = { eventId: string; type: string; paymentId: number; ref: string | null };

beforeAll(async () => {
  if (!process.env.DATABASE_URL) return;
  database = await seededTestDatabase();
  db = database.db;
}, 60_000);

afterAll(async () => {
  for (const child of running) child.kill('SIGKILL');
  await Promise.all([...running].map((child) => new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve(null) : child.once('exit', resolve)))));
  await database?.close();
});

describe.skipIf(!process.env.DATABASE_URL)('two server processes on one PostgreSQL', () => {
  const EMAILS = ['advertiser@adnet.test', 'company@adnet.test', 'advertiser@pushhub.test', 'company@pushhub.test'];
  /** Hours back from the first open hour that the test may fill: all inside the spend job's 48-hour late window. */
  const OLDEST = 36;

  /** A user's campaign to hang statistics on: a new paused one on a new ad (the test database has none). */
  async function newCampaign(user: number): Promise<number> {
    const [owner] = await rows<{ network_id: string }>(sql`select network_id from users where id = ${user}`);
    const [ad] = await rows<{ id: number }>(sql`insert into ads (user_id, network_id, format, name) values (${user}, ${owner!.network_id}, 'popunder', 'Processes test ad') returning id`);
    const [campaign] = await rows<{ id: number }>(sql`
      insert into campaigns (user_id, network_id, ad_id, ad_format, name, pricing_model, price, limit_type, daily_limit)
      values (${user}, ${owner!.network_id}, ${ad!.id}, 'popunder', 'Processes test campaign', 'cpm', 1.5, 'money', 50) returning id`);
    return campaign!.id;
  }

  /** A distinct, exact cost for each user and hour, so a doubled or misplaced charge shows in the amounts. */
  const costOf = (u: number, back: number) => `${((u * 7 + back * 3) % 50) + 1}.${String((back * 7919 + u * 104_729) % 1_000_000).padStart(6, '0')}`;

  it(
    'charge each closed hour exactly once, even when both run the spend job at the same moment',
    async () => {
      const users = await Promise.all(EMAILS.map(userId));
      const campaigns = await Promise.all(users.map(newCampaign));
      const closed = closedBefore(new Date());
      const hourAt = (back: number) => new Date(closed.getTime() - back * HOUR);
      // Billing starts before the oldest hour (the seeded accounts are minutes old, and earlier hours are not theirs to pay).
      await db.execute(sql`
        insert into billing_accounts (user_id, spend_from) select id, ${hourAt(OLDEST + 1).toISOString()}::timestamptz from users where id = any(${intArray(users)})
        on conflict (user_id) do update set spend_from = excluded.spend_from`);
      /** Writes an hour's cost for every user into the rollup, as the statistics ingestion would. */
      const written: { user: number; back: number; cost: string }[] = [];
      const writeHour = async (back: number) => {
        for (const [u, user] of users.entries()) {
          const cost = costOf(u, back);
          await db.execute(sql`insert into stat_hourly (hour, user_id, campaign_id, creative_id, cost) values (${hourAt(back).toISOString()}::timestamptz, ${user}, ${campaigns[u]!}, 0, ${cost}::numeric)`);
          written.push({ user, back, cost });
        }
      };
      const spendEntries = () =>
        rows<{ user_id: number; hour_ms: string; key: string; amount: string }>(sql`
          select user_id, (extract(epoch from hour) * 1000)::bigint::text as hour_ms, key, amount::text as amount
          from ledger_entries where kind = 'campaign_spend' and user_id = any(${intArray(users)}) order by user_id, hour, id`);
      // Which process appended each spend entry, kept beside the ledger by a trigger of this test's database only.
      await db.execute(sql`create table test_spend_writers (key text not null, writer text not null)`);
      await db.execute(sql.raw(`
        create function test_note_spend_writer() returns trigger language plpgsql as $$
        begin insert into test_spend_writers values (new.key, current_setting('application_name')); return new; end $$`));
      await db.execute(sql`create trigger test_spend_writer after insert on ledger_entries for each row when (new.kind = 'campaign_spend') execute function test_note_spend_writer()`);
      const writers = async () => (await rows<{ writer: string }>(sql`select distinct writer from test_spend_writers order by writer`)).map((r) => r.writer);

      // Six hours are waiting when the processes start: both run the job's first pass at start-up.
      for (let back = OLDEST; back > OLDEST - 6; back -= 1) await writeHour(back);
      const servers = await Promise.all([startServer('spend-a'), startServer('spend-b')]);
      // The job's period is 5 minutes and its lease makes one process take each period. Here the lease is taken
      // away every few milliseconds, as when a run outlasts its lease: the other process then takes the job while
      // the first still runs it, and only the per-user lock and the keyed entries keep an hour from being paid twice.
      let forcing = true;
      const forced = (async () => {
        while (forcing) {
          await db.execute(sql`update scheduled_jobs set next_run_at = now(), leased_until = null where name = 'finances.charge-spend'`);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      })();
      try {
        // Then an hour at a time, as an ad server reports, until both processes have charged some hours (one of them
        // winning every race would leave this test proving nothing about two).
        let back = OLDEST - 6;
        for (;;) {
          await waitFor(`the spend of ${written.length} user-hours in the ledger`, async () => (await spendEntries()).length >= written.length);
          if (back <= OLDEST - 12 && (await writers()).length === 2) break;
          expect(back, 'both processes should have charged some hours by now').toBeGreaterThan(0);
          await writeHour(back);
          back -= 1;
        }
      } finally {
        forcing = false;
        await forced;
      }
      // A graceful stop waits for the pass in progress, so a late duplicate would be in the ledger before we look.
      await Promise.all(servers.map((s) => stopServer(s, 'SIGTERM')));

      expect(await writers()).toEqual(['spend-a', 'spend-b']);
      const entries = await spendEntries();
      const expected = written
        .map(({ user, back, cost }) => ({ user_id: user, hour_ms: String(hourAt(back).getTime()), key: `spend:${hourAt(back).toISOString()}`, amount: `-${cost}` }))
        .sort((a, b) => a.user_id - b.user_id || Number(a.hour_ms) - Number(b.hour_ms));
      expect(entries).toEqual(expected);
      const totals = await rows<{ cost: string; charged: string }>(sql`
        select (select sum(cost) from stat_hourly h where h.user_id = u.id)::numeric(20,6)::text as cost,
               (select -sum(amount) from ledger_entries l where l.user_id = u.id and l.kind = 'campaign_spend')::numeric(20,6)::text as charged
        from users u where u.id = any(${intArray(users)}) order by u.id`);
      expect(totals.map((t) => t.charged)).toEqual(totals.map((t) => t.cost));
      expect(await drift()).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );
});

describe.skipIf(!process.env.DATABASE_URL)('a server process killed during deposits', () => {
  const PAYMENTS = 60;
  /** Deliveries answered 200 before the crash. */
  const ACKED = 20;
  /** Deliveries whose deposit committed but that had not answered when the process died. */
  const COMMITTED = 4;
  /** Of the rest, at least this many are inside their transaction (event and entries written, not committed). */
  const MID_TRANSACTION = 4;
  it(
    'loses no acknowledged deposit, and the gateway’s retries to a new process deposit each payment once',
    async () => {
      const user = await userId('email2fa@pushhub.test');
      const before = await balance(user);
      const { payments, ids, events, deliver } = await sandboxPayments(user, PAYMENTS, 'processes', 'pushhub.localhost:8080');
      const deposited = async () => (await rows<{ payment_id: number; n: number }>(sql`select payment_id, count(*)::int as n from ledger_entries where kind = 'deposit' and payment_id = any(${intArray(ids)}) group by payment_id order by payment_id`));
      const recorded = async () => (await rows<{ payment_id: number }>(sql`select payment_id from gateway_events where gateway = 'sandbox' and payment_id = any(${intArray(ids)}) order by payment_id`)).map((r) => r.payment_id);
      const succeeded = async () => (await rows<{ id: number }>(sql`select id from payments where status = 'succeeded' and id = any(${intArray(ids)}) order by id`)).map((r) => r.id);

      const first = await startServer('deposits-a');
      const releases: (() => Promise<void>)[] = [];
      const answeredLate: number[] = [];
      try {
        // A third delivered and answered, concurrently.
        const acked = await Promise.all(events.slice(0, ACKED).map((event) => deliver(first.port, event)));
        for (const answer of acked) expect(answer.status, answer.body).toBe(200);
        const inFlight: Promise<unknown>[] = [];
        const send = (from: number, to: number) => {
          for (const event of events.slice(from, to)) inFlight.push(deliver(first.port, event).then(() => answeredLate.push(event.paymentId), () => undefined));
        };
        // A few more whose deposit commits, and which then wait on the balance rules (they read billing_accounts)
        // when the process dies: money the gateway was never told it had delivered.
        releases.push(await holdLock('lock table billing_accounts in access exclusive mode'));
        send(ACKED, ACKED + COMMITTED);
        await waitFor('the committed deliveries to wait on the balance rules', async () => (await deposited()).length === ACKED + COMMITTED && (await waiting(first.name, 'select')) >= COMMITTED);
        // The rest at once: those that reach the database wait inside their transaction, the event recorded and the
        // ledger entries written, for the user's row; the others wait for a connection of the pool.
        releases.push(await holdLock('select 1 from users where id = $1 for update', [user]));
        send(ACKED + COMMITTED, PAYMENTS);
        await waitFor('deposits to wait inside their transactions', async () => (await waiting(first.name, 'with appended as')) >= MID_TRANSACTION);
        first.child.kill('SIGKILL');
        await first.exited;
        await Promise.all(inFlight);
      } finally {
        first.child.kill('SIGKILL');
        for (const release of releases) await release();
      }
      await stopServer(first, 'SIGKILL');
      expect(answeredLate).toEqual([]);

      const acknowledged = ids.slice(0, ACKED);
      const committed = ids.slice(0, ACKED + COMMITTED);
      const second = await startServer('deposits-b');
      try {
        // Every acknowledged event has its deposit, and so have those that committed unanswered; the transactions
        // the crash cut left nothing. An event is recorded exactly when its payment succeeded and deposited (one
        // transaction), so a gateway's retry of an event the crash cut is not taken for a repeat.
        expect(await deposited()).toEqual(committed.map((id) => ({ payment_id: id, n: 1 })));
        expect(committed).toEqual(expect.arrayContaining(acknowledged));
        expect(await recorded()).toEqual(committed);
        expect(await succeeded()).toEqual(committed);

        // The gateway retries every event it has no 200 for; this one retries them all, at once.
        const retries = await Promise.all(events.map((event) => deliver(second.port, event)));
        for (const answer of retries) expect(answer.status, answer.body).toBe(200);
        const repeats = retries.flatMap((answer, i) => ((JSON.parse(answer.body) as { data: { duplicate: boolean } }).data.duplicate ? [events[i]!.paymentId] : []));
        expect(repeats).toEqual(committed);
      } finally {
        await stopServer(second, 'SIGTERM');
      }

      expect(await deposited()).toEqual(ids.map((id) => ({ payment_id: id, n: 1 })));
      expect(await succeeded()).toEqual(ids);
      const credited = creditedOf(payments[0]!);
      const [{ rose }] = await rows<{ rose: string }>(sql`select (balance - ${before}::numeric)::numeric(20,2)::text as rose from users where id = ${user}`);
      expect(rose).toBe((PAYMENTS * Number(credited)).toFixed(2));
      expect(await drift()).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );
});


describe.skipIf(!process.env.DATABASE_URL)('a server process killed during a burst of deposits, campaign saves and bulk activations', () => {
  const API = '/api/private/v1';
  const ADNET = 'adnet.localhost:8080';
  const PUSHHUB = 'pushhub.localhost:8080';
  /**
   * The advertisers who save and start campaigns, on both networks. When the process dies each has one kind of
   * write held inside its transaction (b: an edit, a: an activation, d: a create): edits and activations lock the
   * user's row, and those of one user would queue behind each other rather than reach the step the test holds.
   */
  const ADVERTISERS = {
    a: { email: 'advertiser@adnet.test', host: ADNET, network: 'adnet' },
    b: { email: 'company@adnet.test', host: ADNET, network: 'adnet' },
    d: { email: 'company@pushhub.test', host: PUSHHUB, network: 'pushhub' },
  } as const;
  type Who = keyof typeof ADVERTISERS;
  const WHO = Object.keys(ADVERTISERS) as Who[];
  /** Whose money the deposits bring (no campaigns: deposits and reserves meet in the ledger checks). */
  const DEPOSITOR = 'google2fa@pushhub.test';
  /** The burst, answered before anything is held: per advertiser, creates, edits and bulk activations of PER_CALL campaigns; then deposits. */
  const CREATES = 3;
  const EDITS = 2;
  const ACTIVATIONS = 2;
  const PER_CALL = 3;
  const DEPOSITS = 12;
  /** Requests of the burst in flight at once. */
  const CONCURRENCY = 6;
  const PREFIX = 'Crash test';

  const TARGETS = { country: { accept: true, countries: [276, 250] }, 'connection-type': { type: 'wifi' } };
  const EDITED_TARGETS = { country: { accept: true, countries: [840] }, 'operating-system': { accept: false, operating_systems: [3] } };
  /** A campaign form, decimals spelled as the saved form gives them back, so what a save keeps is what was sent. */
  const form = (name: string, adId: number, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
    name,
    ad_format: 'popunder',
    ad_id: adId,
    pricing_model: 'cpm',
    price: '1.25',
    limits: { type: 'money', daily: '50', total: '500' },
    targets: TARGETS,
    ...extra,
  });
  /** An edit that moderation looks at again (a new ad, new targets), and that moves the price and the limits too. */
  const edited = (name: string, adId: number) => form(`${name} edited`, adId, { price: '1.5', limits: { type: 'money', daily: '60', total: '600' }, targets: EDITED_TARGETS });

  /** The campaign's answer without what the clock derives (delivery state, the last 7 days). */
  type Kept = Omit<CampaignView, 'delivery' | 'statistics'>;
  const kept = ({ delivery: _d, statistics: _s, ...rest }: CampaignView): Kept => rest;
  /**
   * A campaign's row and moderation history as the database keeps them: what "unchanged" is compared on. Without
   * the recommended price, which the price job refreshes by itself (each start, then hourly) for running campaigns.
   */
  interface Snapshot {
    row: Record<string, unknown>;
    approvals: string[];
  }
  const snapshot = async (id: number): Promise<Snapshot> =>
    (await rows<Snapshot>(sql`select to_jsonb(c) - 'recommended_price' as row, array(select status from campaign_approvals where campaign_id = c.id order by id)::text[] as approvals from campaigns c where c.id = ${id}`))[0]!;
  /** The statuses of an ad's moderation history, oldest first (none: it still waits for a campaign). */
  const adApprovals = async (adId: number) => (await rows<{ status: string }>(sql`select status from ad_approvals where ad_id = ${adId} order by id`)).map((r) => r.status);

  interface Auth {
    host: string;
    token: string;
  }
  type Write =
    | { kind: 'deposit'; paymentId: number; event: SandboxEvent }
    | { kind: 'create'; who: Who; name: string; adId: number; body: Record<string, unknown> }
    | { kind: 'edit'; who: Who; id: number; adId: number; body: Record<string, unknown>; before: Snapshot }
    | { kind: 'activation'; who: Who; ids: number[]; before: Snapshot[] };
  type Kind = Write['kind'];
  /** Where a write was when the process died: answered (in the burst), held by the test after its commit, or inside its transaction. */
  type Step = 'burst' | 'committed' | 'mid-transaction';
  interface Sent {
    write: Write;
    step: Step;
    answer?: Answer;
    lost?: unknown;
  }

  const named = (w: Write) =>
    w.kind === 'deposit' ? `deposit of payment ${w.paymentId}` : w.kind === 'create' ? `create of "${w.name}"` : w.kind === 'edit' ? `edit of campaign ${w.id}` : `activation of campaigns ${w.ids.join(', ')}`;

  /** Runs the tasks, `limit` at a time, in order. */
  async function runLimited(tasks: (() => Promise<unknown>)[], limit: number): Promise<void> {
    let next = 0;
    await Promise.all(
      Array.from({ length: limit }, async () => {
        while (next < tasks.length) await tasks[next++]!();
      }),
    );
  }

  /** a1, b1, c1, a2, b2, ...: every kind of write is in the burst from its start to its end. */
  const interleave = <T>(lists: T[][]): T[] => Array.from({ length: Math.max(...lists.map((l) => l.length)) }, (_, i) => lists.flatMap((l) => (i < l.length ? [l[i]!] : []))).flat();

  const json = <T>(answer: Answer) => JSON.parse(answer.body) as T;
  const apiCall = (port: number, auth: Auth, method: string, path: string, body?: unknown) =>
    call(port, method, `${API}/${path}`, body === undefined ? undefined : JSON.stringify(body), {
      host: auth.host,
      authorization: `Bearer ${auth.token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    });

  async function signIn(port: number, email: string, host: string): Promise<Auth> {
    const answer = await call(port, 'POST', `${API}/auth/login`, JSON.stringify({ email, password: DEMO_PASSWORD }), { host, 'content-type': 'application/json' });
    expect(answer.status, answer.body).toBe(200);
    const token = /^Bearer (\S+)$/.exec(String(answer.headers.authorization))?.[1];
    expect(token, `a bearer token for ${email}`).toBeTruthy();
    return { host, token: token! };
  }

  it(
    'keeps every acknowledged write as answered, leaves none half done, and the ledger still sums to the balances',
    async () => {
      const users = Object.fromEntries(await Promise.all(WHO.map(async (w) => [w, await userId(ADVERTISERS[w].email)] as const))) as Record<Who, number>;
      const depositor = await userId(DEPOSITOR);
      const depositorBefore = await balance(depositor);
      // A week of the network's traffic for the format: saves then have a recommended price (the estimate's) to keep.
      await seedTraffic(db, { days: 7, formats: [{ id: 'popunder', targets: loadAdFormats().get('popunder')!.targets }] });
      // Money enough that no activation is skipped for funds: an unanswered bulk call then shows as all or nothing.
      await postEntries(db, WHO.map((w) => ({ userId: users[w], kind: 'adjustment' as const, amount: '100000', key: 'processes-crash-funding' })));
      let ads = 0;
      /** A new ad waiting for a campaign (no approval), as `POST ads` leaves it: the save that uses it sends it to moderation. */
      const draftAd = async (who: Who) =>
        (await rows<{ id: number }>(sql`
          insert into ads (user_id, network_id, format, name, model)
          values (${users[who]}, ${ADVERTISERS[who].network}, 'popunder', ${`${PREFIX} ad ${(ads += 1)}`}, ${JSON.stringify({ url: 'https://shop.example.com/?c={click_id}' })}::jsonb)
          returning id`))[0]!.id;
      // What the burst edits (running campaigns) and starts (approved, paused ones), saved and approved as the
      // routes do; one write per campaign, so each campaign's state after the crash is its write's or the one before.
      const campaignsRepo = createCampaignsRepository(db);
      const adsRepo = createAdsRepository(db);
      const approvedCampaign = async (who: Who, name: string, run: boolean) => {
        const adId = await draftAd(who);
        const body = form(name, adId, run ? {} : { activate_on_approve: false });
        const input = { name, adId, adFormat: 'popunder', groupId: null, pricingModel: 'cpm', price: '1.25', limits: { type: 'money' as const, daily: '50', total: '500' }, model: body };
        const campaign = await campaignsRepo.create({ userId: users[who], networkId: ADVERTISERS[who].network }, input, { within: (tx) => adsRepo.submitDrafts(users[who], [adId], tx) });
        await campaignsRepo.moderate(campaign, { status: 'approved', moderator: 'processes test' });
        expect((await snapshot(campaign.id)).row).toMatchObject(run ? { status: 'active', reserved_balance: 50 } : { status: 'paused', next_status: null });
        return campaign.id;
      };
      const editable: Record<Who, number[]> = { a: [], b: [], d: [] };
      const startable: Record<Who, number[][]> = { a: [], b: [], d: [] };
      for (const who of WHO) {
        // b has two more campaigns to edit and a one more call to start: the writes held when the process dies.
        for (let i = 0; i < EDITS + (who === 'b' ? 2 : 0); i += 1) editable[who].push(await approvedCampaign(who, `${PREFIX} ${who} edit ${i}`, true));
        for (let i = 0; i < ACTIVATIONS + (who === 'a' ? 1 : 0); i += 1) {
          const ids: number[] = [];
          for (let j = 0; j < PER_CALL; j += 1) ids.push(await approvedCampaign(who, `${PREFIX} ${who} start ${i}-${j}`, false));
          startable[who].push(ids);
        }
      }
      const editOf = async (who: Who, id: number): Promise<Write> => {
        const before = await snapshot(id);
        const adId = await draftAd(who);
        return { kind: 'edit', who, id, adId, body: edited(before.row.name as string, adId), before };
      };
      const createOf = async (who: Who, i: number): Promise<Write> => {
        const adId = await draftAd(who);
        const name = `${PREFIX} ${who} new ${i}`;
        return { kind: 'create', who, name, adId, body: form(name, adId) };
      };
      const activationOf = async (who: Who, ids: number[]): Promise<Write & { kind: 'activation' }> => ({ kind: 'activation', who, ids, before: await Promise.all(ids.map(snapshot)) });
      const { payments, events, deliver } = await sandboxPayments(depositor, DEPOSITS + 2, 'processes_burst', PUSHHUB);
      const depositOf = (i: number): Write => ({ kind: 'deposit', paymentId: events[i]!.paymentId, event: events[i]! });
      const burst = interleave<Write>([
        events.slice(0, DEPOSITS).map((_, i) => depositOf(i)),
        interleave(await Promise.all(WHO.map((who) => Promise.all(Array.from({ length: CREATES }, (_, i) => createOf(who, i)))))),
        interleave(await Promise.all(WHO.map((who) => Promise.all(editable[who].slice(0, EDITS).map((id) => editOf(who, id)))))),
        interleave(await Promise.all(WHO.map((who) => Promise.all(startable[who].slice(0, ACTIVATIONS).map((ids) => activationOf(who, ids)))))),
      ]);
      const held = {
        depositCommitted: depositOf(DEPOSITS),
        depositMid: depositOf(DEPOSITS + 1),
        createCommitted: (await createOf('d', CREATES)) as Write & { kind: 'create' },
        createMid: await createOf('d', CREATES + 1),
        editCommitted: (await editOf('b', editable.b[EDITS]!)) as Write & { kind: 'edit' },
        editMid: await editOf('b', editable.b[EDITS + 1]!),
        activationMid: await activationOf('a', startable.a[ACTIVATIONS]!),
      };

      const first = await startServer('burst-a');
      let auth = {} as Record<Who, Auth>;
      const send = (port: number, write: Write): Promise<Answer> => {
        switch (write.kind) {
          case 'deposit':
            return deliver(port, write.event);
          case 'create':
            return apiCall(port, auth[write.who], 'POST', 'campaigns', write.body);
          case 'edit':
            return apiCall(port, auth[write.who], 'PUT', `campaigns/${write.id}`, write.body);
          case 'activation':
            return apiCall(port, auth[write.who], 'POST', 'campaigns/activate', { campaign_ids: write.ids });
        }
      };
      const sent: Sent[] = [];
      const fire = (write: Write, step: Step): Promise<void> => {
        const s: Sent = { write, step };
        sent.push(s);
        return send(first.port, write).then(
          (answer) => void (s.answer = answer),
          (e: unknown) => void (s.lost = e),
        );
      };
      const locks: (() => Promise<void>)[] = [];
      const inFlight: Promise<void>[] = [];
      const hold = (write: Write, step: Step) => inFlight.push(fire(write, step));
      try {
        auth = Object.fromEntries(await Promise.all(WHO.map(async (w) => [w, await signIn(first.port, ADVERTISERS[w].email, ADVERTISERS[w].host)] as const))) as Record<Who, Auth>;
        // The burst: every kind at once, CONCURRENCY requests in flight, every write answered.
        await runLimited(burst.map((write) => () => fire(write, 'burst')), CONCURRENCY);
        for (const s of sent) expect(s.answer?.status, `${s.write.kind}: ${s.answer?.body ?? String(s.lost)}`).toBe(s.write.kind === 'create' ? 201 : 200);

        // Then writes held at known steps, and the kill; each step waits until its writes got there.
        // A deposit that committed and then waits on the balance rules (they read billing_accounts).
        locks.push(await holdLock('lock table billing_accounts in access exclusive mode'));
        hold(held.depositCommitted, 'committed');
        await waitFor('a committed deposit to wait on the balance rules', async () => (await waiting(first.name, /billing_accounts/)) >= 1);
        // A deposit inside its transaction: event recorded and entries written, waiting for the user's row.
        locks.push(await holdLock('select 1 from users where id = $1 for update', [depositor]));
        hold(held.depositMid, 'mid-transaction');
        await waitFor('a deposit to wait inside its transaction', async () => (await waiting(first.name, 'with appended as')) >= 1);
        // A campaign created and one edited that committed, and then wait while their answer is read (the rules).
        locks.push(await holdLock('lock table campaign_updating_rules in access exclusive mode'));
        hold(held.createCommitted, 'committed');
        hold(held.editCommitted, 'committed');
        await waitFor(
          'a created and an edited campaign to commit and wait on their answers',
          async () =>
            (await rows(sql`select 1 from campaigns where name = ${held.createCommitted.name}`)).length === 1 &&
            (await rows(sql`select 1 from campaigns where id = ${held.editCommitted.id} and ad_id = ${held.editCommitted.adId}`)).length === 1 &&
            (await waiting(first.name, /campaign_updating_rules/)) >= 2,
        );
        // A campaign created and one edited inside their transactions, at the step that sends their new ad to moderation.
        locks.push(await holdLock('lock table ad_approvals in exclusive mode'));
        hold(held.createMid, 'mid-transaction');
        hold(held.editMid, 'mid-transaction');
        await waitFor('a create and an edit to wait on sending their ad to moderation', async () => (await waiting(first.name, 'insert into ad_approvals')) >= 2);
        // A bulk activation inside its transaction: its first campaign started, its second locked by the test.
        locks.push(await holdLock('select 1 from campaigns where id = $1 for update', [held.activationMid.ids[1]]));
        hold(held.activationMid, 'mid-transaction');
        await waitFor('a bulk activation to wait inside its transaction', async () => (await waiting(first.name, 'update "campaigns"')) >= 1);

        first.child.kill('SIGKILL');
        await first.exited;
        await Promise.all(inFlight);
        // What the dead process had sent dies with it: a statement waiting on the test's locks would otherwise run once
        // they are released, as if the process had lived to send it.
        await db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${first.name}`);
      } finally {
        first.child.kill('SIGKILL');
        for (const release of locks) await release();
      }
      await stopServer(first, 'SIGKILL');

      const acked = sent.filter((s) => s.answer);

      /** The recommended price the acknowledged creates or edits on a network answered (all of them target alike). */
      const priceOf = (kind: 'create' | 'edit', who: Who) => {
        const prices = new Set(acked.flatMap((s) => (s.write.kind === kind && ADVERTISERS[s.write.who].network === ADVERTISERS[who].network ? [json<{ data: CampaignView }>(s.answer!).data.recommended_price] : [])));
        expect(prices.size, `${kind}s on ${ADVERTISERS[who].network} answer one recommended price`).toBe(1);
        return [...prices][0];
      };

      const second = await startServer('burst-b');
      /** Whether the write is there, whole (else the expectations fail), and the campaign's answer where it made one. */
      const state = async (write: Write): Promise<{ applied: boolean; view?: Kept }> => {
        switch (write.kind) {
          case 'deposit': {
            const [found] = await rows<{ deposits: number; events: number; status: string }>(sql`
              select (select count(*)::int from ledger_entries where kind = 'deposit' and payment_id = p.id) as deposits,
                     (select count(*)::int from gateway_events where gateway = 'sandbox' and payment_id = p.id) as events, p.status
              from payments p where p.id = ${write.paymentId}`);
            if (found!.deposits === 0) {
              expect(found, `payment ${write.paymentId}: nothing of its event`).toEqual({ deposits: 0, events: 0, status: payments[0]!.status });
              return { applied: false };
            }
            expect(found, `payment ${write.paymentId}: event, status and deposit together, once`).toEqual({ deposits: 1, events: 1, status: 'succeeded' });
            return { applied: true };
          }
          case 'create': {
            const found = await rows<{ id: number }>(sql`select id from campaigns where name = ${write.name}`);
            expect(found.length, `${write.name}: saved once at most`).toBeLessThanOrEqual(1);
            if (!found.length) {
              expect(await adApprovals(write.adId), `${write.name}: not saved, its ad still waits`).toEqual([]);
              return { applied: false };
            }
            const view = await campaignView(found[0]!.id, write.who);
            expect(view.model, `${write.name}: the form as sent`).toEqual(write.body);
            expect(view, `${write.name}: paused, waiting for moderation`).toMatchObject({ status: 'paused', next_status: 'active', reserved_balance: '0.00', ad: { id: write.adId } });
            expect(view.approvals.map((a) => a.status), `${write.name}: one pending approval`).toEqual(['pending']);
            expect(await adApprovals(write.adId), `${write.name}: its ad sent to moderation with it`).toEqual(['pending']);
            expect(view.recommended_price, `${write.name}: the recommended price of its targets`).toBe(priceOf('create', write.who));
            return { applied: true, view };
          }
          case 'edit': {
            if (isDeepStrictEqual(await snapshot(write.id), write.before)) {
              expect(await adApprovals(write.adId), `campaign ${write.id}: not edited, its new ad still waits`).toEqual([]);
              return { applied: false };
            }
            const view = await campaignView(write.id, write.who);
            expect(view.model, `campaign ${write.id}: the edited form as sent`).toEqual(write.body);
            expect(view, `campaign ${write.id}: paused until approved again, its reserve released`).toMatchObject({ status: 'paused', next_status: 'active', reserved_balance: '0.00', ad: { id: write.adId } });
            expect(view.approvals.map((a) => a.status), `campaign ${write.id}: to moderation again`).toEqual([...write.before.approvals, 'pending']);
            expect(await adApprovals(write.adId), `campaign ${write.id}: its new ad sent to moderation with the edit`).toEqual(['pending']);
            expect(view.recommended_price, `campaign ${write.id}: the recommended price of its new targets`).toBe(priceOf('edit', write.who));
            return { applied: true, view };
          }
          case 'activation': {
            const started = await Promise.all(
              write.ids.map(async (id, i) => {
                const now = await snapshot(id);
                const before = write.before[i]!;
                if (isDeepStrictEqual(now, before)) return false;
                expect(now, `campaign ${id}: started, nothing else changed`).toEqual({ ...before, row: { ...before.row, status: 'active', next_status: null, reserved_balance: 50, updated_at: now.row.updated_at } });
                return true;
              }),
            );
            expect(started, `bulk activation of ${write.ids.join(', ')}: all of its campaigns or none`).toEqual(write.ids.map(() => started[0]));
            return { applied: started[0]! };
          }
        }
      };
      async function campaignView(id: number, who: Who): Promise<Kept> {
        const answer = await apiCall(second.port, auth[who], 'GET', `campaigns/${id}`);
        expect(answer.status, answer.body).toBe(200);
        return kept(json<{ data: CampaignView }>(answer).data);
      }

      try {
        for (const s of sent) {
          const { applied, view } = await state(s.write);
          const what = named(s.write);
          // Acknowledged: there. Unanswered: there when it committed before the process died, not at all when the
          // crash cut its transaction.
          if (s.answer) expect(applied, `${what}, acknowledged: there`).toBe(true);
          else expect(applied, `${what}, unanswered (${s.step}): there only if committed`).toBe(s.step === 'committed');
          if (!s.answer) continue;
          // And exactly as answered.
          const w = s.write;
          if (w.kind === 'create' || w.kind === 'edit') expect(view, `campaign ${view?.id} as answered`).toEqual(kept(json<{ data: CampaignView }>(s.answer).data));
          else if (w.kind === 'deposit') expect(json<{ data: { duplicate: boolean } }>(s.answer).data.duplicate).toBe(false);
          else {
            const { data } = json<{ data: CampaignTransition }>(s.answer);
            expect(data.skipped).toEqual([]);
            expect(await rows(sql`select id, status, next_status, reserved_balance::text from campaigns where id = any(${intArray(w.ids)}) order by id`), `activation of ${w.ids.join(', ')} as answered`).toEqual(data.campaigns);
          }
        }

        // Every write of the burst was acknowledged before the kill, and none of those held.
        const kinds = (list: Sent[]) => Object.fromEntries((['deposit', 'create', 'edit', 'activation'] as Kind[]).map((kind) => [kind, list.filter((s) => s.write.kind === kind).length]));
        expect(kinds(acked), 'writes acknowledged before the kill').toEqual({ deposit: DEPOSITS, create: CREATES * WHO.length, edit: EDITS * WHO.length, activation: ACTIVATIONS * WHO.length });
        expect(kinds(sent.filter((s) => !s.answer)), 'writes held at the kill').toEqual({ deposit: 2, create: 2, edit: 2, activation: 1 });

        // The clients retry what got no answer (creates aside: without an idempotency key a retry is another
        // campaign), and the new process completes each write once.
        for (const s of sent.filter((x) => !x.answer && x.write.kind !== 'create')) {
          const answer = await send(second.port, s.write);
          expect(answer.status, answer.body).toBe(200);
          expect((await state(s.write)).applied, `${s.write.kind} retried`).toBe(true);
        }
      } finally {
        await stopServer(second, 'SIGTERM');
      }

      // The ledger sums to every balance, and the depositor has each payment once.
      expect(await drift()).toEqual([]);
      const [{ rose }] = await rows<{ rose: string }>(sql`select (balance - ${depositorBefore}::numeric)::numeric(20,2)::text as rose from users where id = ${depositor}`);
      expect(rose).toBe(((DEPOSITS + 2) * Number(creditedOf(payments[0]!))).toFixed(2));
      // Nobody has more reserved than their balance, and only running campaigns hold a reserve.
      const all = Object.values(users);
      expect(
        await rows(sql`
          select u.id from users u where u.id = any(${intArray(all)})
          and u.balance < (select coalesce(sum(reserved_balance), 0) from campaigns c where c.user_id = u.id and c.status = 'active')`),
      ).toEqual([]);
      expect(await rows(sql`select id from campaigns where user_id = any(${intArray(all)}) and status <> 'active' and reserved_balance <> 0`)).toEqual([]);
      // No campaign of the test runs an ad that moderation never got.
      expect(await rows(sql`select c.id, c.name from campaigns c where c.name like ${`${PREFIX}%`} and not exists (select 1 from ad_approvals a where a.ad_id = c.ad_id)`)).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );
});
