/**
 * Money across real server processes on one PostgreSQL: what the in-process tests (ledger.test.ts, payments.test.ts)
 * cannot show. Each test spawns `server/main.ts` as an OS process on this file's own seeded database, as a deployment
 * runs it: two processes sharing the spend job, and a process killed with SIGKILL in the middle of webhook deliveries.
 * PGlite is one process's file, so the file runs only on CI's PostgreSQL pass (DATABASE_URL).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signSandboxWebhook } from '../../server/areas/finances/gateways';
import { createPaymentsRepository, creditedOf, type PaymentRecord } from '../../server/areas/finances/payments';
import { closedBefore } from '../../server/areas/finances/spend';
import type { Db } from '../../server/db/connect';
import { repoRoot } from '../../server/paths';
import { getOrCreateSecret } from '../../server/repositories/secretsRepository';
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

/** A POST over a new connection (no keep-alive: a killed server must fail exactly the requests it had). */
function post(port: number, path: string, body: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: 'POST', agent: false, headers: { ...headers, 'content-length': Buffer.byteLength(body) } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

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
  const webhookPath = '/api/private/v1/payments/webhooks/sandbox';
  const LOCK_HOLDER = 'processes-test-lock';

  /**
   * Opens a transaction of the test's own that takes a lock and keeps it: the server's statements that need it wait,
   * so the crash finds deliveries at a known step rather than wherever the scheduler left them.
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

  /** The process's sessions waiting on a lock in a statement that starts with `statement`. */
  const waiting = async (name: string, statement: string) =>
    (await rows<{ n: number }>(sql`select count(*)::int as n from pg_stat_activity where application_name = ${name} and wait_event_type = 'Lock' and ltrim(query, chr(10) || chr(32)) like ${`${statement}%`}`))[0]!.n;

  it(
    'loses no acknowledged deposit, and the gateway’s retries to a new process deposit each payment once',
    async () => {
      const user = await userId('email2fa@pushhub.test');
      const before = await balance(user);
      // The secret every process of this database signs and checks the sandbox's webhooks with.
      const secret = await getOrCreateSecret(db, 'sandbox_gateway_secret');
      const repo = createPaymentsRepository(db);
      const payments: PaymentRecord[] = [];
      for (let i = 0; i < PAYMENTS; i += 1) {
        const created = await repo.create({ userId: user, paymentMethodId: 1, methodType: 'card', gateway: 'sandbox', amount: '100.00', fee: '3.00', bonus: '1.50', currency: 'USD', idempotencyKey: `processes-${i}` });
        payments.push(await repo.setCheckout(created!.id, `sbx_cs_processes_${i}`, { action: '/sandbox-gateway/checkout', method: 'POST', fields: {} }));
      }
      const ids = payments.map((p) => p.id);
      const events = payments.map((p) => ({ eventId: `sbx_evt_processes_${p.id}`, type: 'payment.succeeded', paymentId: p.id, ref: p.gatewayRef }));
      /** Delivers an event as the sandbox does: signed now, to the network's host. */
      const deliver = (port: number, event: (typeof events)[number]) => {
        const body = JSON.stringify(event);
        return post(port, webhookPath, body, { host: 'pushhub.localhost:8080', 'content-type': 'application/json', 'sandbox-signature': signSandboxWebhook(body, secret, new Date()) });
      };
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
