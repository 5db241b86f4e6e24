/**
 * The one job runner for periodic and deferred work (charging campaign spend, recurring top-ups, webhook
 * deliveries, updating rules). Its state is in the database (`scheduled_jobs`, `job_queue` in db/schema.ts), and a
 * process takes work with `FOR UPDATE SKIP LOCKED` and a lease: several API processes on one PostgreSQL each run
 * the runner, and a period's run or a queued item goes to exactly one of them; a process that dies mid-run gives
 * the work back when its lease ends. On PGlite the same code runs in the one process.
 *
 * The runner does not make work happen once by itself (a run can fail after changing something, and is then run
 * again): each job writes its effects keyed (a ledger entry's key, a webhook event id), so a repeat changes nothing.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/connect';

/** A periodic job: runs when due, then again `everyMs` after it started. */
export interface PeriodicJob {
  name: string;
  everyMs: number;
  run: (now: Date) => Promise<void>;
}

/** What a queued item's handler gets. */
export interface QueuedWork<P = Record<string, unknown>> {
  id: number;
  payload: P;
  /** 1 on the first try. */
  attempt: number;
  maxAttempts: number;
  now: Date;
}

/** Options of one queued item. */
export interface EnqueueOptions {
  /** Not before this long from now (default at once). */
  delayMs?: number;
  /** Tries before it is left with its last error (default 8). */
  maxAttempts?: number;
}

export interface JobRunnerOptions {
  /** The clock (tests move it). */
  now?: () => Date;
  /** How long a taken job or item is the taker's before another process may take it again (default 5 minutes). */
  leaseMs?: number;
  /** Where failures go. */
  log?: { error: (obj: unknown, msg?: string) => void };
}

/** Queued items one `runDue` takes at most. */
const QUEUE_BATCH = 20;

/** Seconds before try n + 1 of a queued item: 10 s, 20 s, 40 s … capped at an hour. */
export function retryDelayMs(attempt: number): number {
  return Math.min(3_600_000, 10_000 * 2 ** Math.max(0, attempt - 1));
}

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const message = (e: unknown) => (e instanceof Error ? e.message : String(e)).slice(0, 2000);

export class JobRunner {
  private readonly periodic = new Map<string, PeriodicJob>();
  private readonly handlers = new Map<string, (work: QueuedWork) => Promise<void>>();
  private readonly now: () => Date;
  private readonly leaseMs: number;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private again = false;

  constructor(
    private readonly db: Db,
    private readonly options: JobRunnerOptions = {},
  ) {
    this.now = options.now ?? (() => new Date());
    this.leaseMs = options.leaseMs ?? 300_000;
  }

  /** Registers a periodic job (once per name). */
  every(name: string, everyMs: number, run: (now: Date) => Promise<void>): void {
    if (this.periodic.has(name)) throw new Error(`Job ${name} is registered twice`);
    this.periodic.set(name, { name, everyMs, run });
  }

  /**
   * Runs a periodic job now rather than when it is due, unless a pass holds it; its next run is then a whole period
   * away, as after any run. `runAt` is the time the job is told it runs at (development: billing an hour as if it were
   * over); the schedule keeps the runner's clock.
   * @returns whether it ran.
   */
  async runNow(name: string, runAt?: Date): Promise<boolean> {
    const job = this.periodic.get(name);
    if (!job) throw new Error(`No job ${name} is registered`);
    await this.db.execute(sql`update scheduled_jobs set next_run_at = ${at(this.now())} where name = ${name}`);
    return this.runPeriodic(job, runAt);
  }

  /** Registers the handler of a kind of queued item. A handler that throws is retried later (retryDelayMs). */
  handle<P extends Record<string, unknown>>(kind: string, run: (work: QueuedWork<P>) => Promise<void>): void {
    if (this.handlers.has(kind)) throw new Error(`Queue kind ${kind} has two handlers`);
    this.handlers.set(kind, run as (work: QueuedWork) => Promise<void>);
  }

  /** Queues an item; `db` may be a transaction, so the item exists exactly when the change that wants it does. */
  async enqueue(kind: string, payload: Record<string, unknown>, options: EnqueueOptions = {}, db: Pick<Db, 'execute'> = this.db): Promise<void> {
    const runAt = new Date(this.now().getTime() + (options.delayMs ?? 0));
    await db.execute(sql`
      insert into job_queue (kind, payload, run_at, max_attempts)
      values (${kind}, ${JSON.stringify(payload)}::jsonb, ${at(runAt)}, ${options.maxAttempts ?? 8})`);
  }

  /**
   * One pass: every due periodic job this process can take, then due queued items (up to a batch). Returns how many
   * ran. Tests call it instead of `start`.
   */
  async runDue(): Promise<number> {
    let ran = 0;
    for (const job of this.periodic.values()) if (await this.runPeriodic(job)) ran += 1;
    ran += await this.runQueued();
    return ran;
  }

  /** Runs `runDue` every `tickMs` until `stop`. One pass at a time. */
  start(tickMs = 15_000): void {
    if (this.timer) return;
    this.timer = setInterval(this.tick, tickMs);
    this.timer.unref();
    setImmediate(this.tick);
  }

  /**
   * Asks a started runner for a pass now rather than at its next tick (work was just queued that a user waits for);
   * a pass in progress is followed by another. Does nothing when the runner is not started (tests run passes).
   */
  nudge(): void {
    if (!this.timer) return;
    if (this.running) this.again = true;
    else setImmediate(this.tick);
  }

  private readonly tick = () => {
    if (this.running || !this.timer) return;
    this.running = this.runDue()
      .catch((e: unknown) => this.options.log?.error(e, 'job runner pass failed'))
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          setImmediate(this.tick);
        }
      });
  };

  /** Stops ticking and waits for the pass in progress. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Takes the job if it is due and nobody holds it, runs it, and sets its next run. */
  private async runPeriodic(job: PeriodicJob, runAt?: Date): Promise<boolean> {
    const now = this.now();
    await this.db.execute(sql`insert into scheduled_jobs (name, next_run_at) values (${job.name}, ${at(now)}) on conflict (name) do nothing`);
    const taken = rowsOf<{ name: string }>(
      await this.db.execute(sql`
        update scheduled_jobs set leased_until = ${at(new Date(now.getTime() + this.leaseMs))}, last_started_at = ${at(now)}
        where name = (
          select name from scheduled_jobs
          where name = ${job.name} and next_run_at <= ${at(now)} and (leased_until is null or leased_until < ${at(now)})
          for update skip locked)
        returning name`),
    );
    if (taken.length === 0) return false;
    let error: string | null = null;
    try {
      await job.run(runAt ?? now);
    } catch (e) {
      error = message(e);
      this.options.log?.error(e, `job ${job.name} failed`);
    }
    // A failed run is tried again within a minute rather than a whole period later.
    const next = new Date(now.getTime() + (error ? Math.min(job.everyMs, 60_000) : job.everyMs));
    await this.db.execute(sql`
      update scheduled_jobs set next_run_at = ${at(next)}, leased_until = null, last_finished_at = ${at(this.now())}, last_error = ${error}
      where name = ${job.name}`);
    return true;
  }

  /** Takes a batch of due items nobody holds (each counts a try when taken) and runs them one by one. */
  private async runQueued(): Promise<number> {
    if (this.handlers.size === 0) return 0;
    const now = this.now();
    const kinds = [...this.handlers.keys()];
    const items = rowsOf<{ id: number; kind: string; payload: Record<string, unknown>; attempts: number; max_attempts: number }>(
      await this.db.execute(sql`
        update job_queue set leased_until = ${at(new Date(now.getTime() + this.leaseMs))}, attempts = attempts + 1
        where id in (
          select id from job_queue
          where done_at is null and run_at <= ${at(now)} and attempts < max_attempts
            and (leased_until is null or leased_until < ${at(now)})
            and kind in (${sql.join(kinds.map((k) => sql`${k}`), sql`, `)})
          order by run_at, id limit ${QUEUE_BATCH}
          for update skip locked)
        returning id, kind, payload, attempts, max_attempts`),
    );
    for (const item of items.sort((a, b) => Number(a.id) - Number(b.id))) {
      const handler = this.handlers.get(item.kind)!;
      try {
        await handler({ id: Number(item.id), payload: item.payload, attempt: item.attempts, maxAttempts: item.max_attempts, now });
        await this.db.execute(sql`update job_queue set done_at = ${at(this.now())}, leased_until = null, last_error = null where id = ${item.id}`);
      } catch (e) {
        const retryAt = new Date(this.now().getTime() + retryDelayMs(item.attempts));
        await this.db.execute(sql`update job_queue set run_at = ${at(retryAt)}, leased_until = null, last_error = ${message(e)} where id = ${item.id}`);
      }
    }
    return items.length;
  }
}
