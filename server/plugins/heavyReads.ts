import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../httpError';
import { messageAnswer } from '../openapi/responses';

/** How many heavy reads may run at once (see `heavyReads`). */
export interface HeavyReadLimits {
  /** In flight per user (and network). Default 4. */
  perUser: number;
  /** In flight for all users of this process together. Default twice the per-user limit. */
  total?: number;
  /** Calls of one user that may wait for a slot beyond those in flight; more are refused at once. Default the per-user limit. */
  queue?: number;
  /** How long a call waits for a slot before it is refused, in ms. Default 2000. */
  waitMs?: number;
}

/** What the limiter holds now (tests and logs). */
export interface HeavyReadStats {
  running: number;
  waiting: number;
  /** Calls in flight per `network:user`. */
  byUser: Record<string, number>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route reads the statistics rollups or the traffic tables: it runs in a slot of `heavyReads`. */
    heavyRead?: boolean;
  }
  interface FastifyInstance {
    /** The heavy reads' limiter (server/plugins/heavyReads.ts). */
    heavyReads: { stats(): HeavyReadStats };
  }
}

export const DEFAULT_HEAVY_READS_PER_USER = 4;

/** Why a call got no slot: the user's own limit (retry in a second) or everyone's (retry in two). */
type Scope = 'user' | 'total';

/** The 429 of a call refused a slot, with the seconds its Retry-After names. */
const busy = (scope: Scope) => Object.assign(new HttpError(429, 'Too many reports are loading at once; retry in a moment.'), { retryAfter: scope === 'user' ? '1' : '2' });
const isBusy = (error: unknown): error is ReturnType<typeof busy> => error instanceof HttpError && 'retryAfter' in error;

/** Thrown into a waiting call whose client went away: nothing is answered. */
class Gone extends Error {}

interface Waiter {
  key: string;
  grant(): void;
  fail(error: Error): void;
}

/**
 * Counting slots per key and for everyone, with a short FIFO queue per key. A freed slot goes to the oldest waiter
 * that may run (its user below the limit); `acquire` resolves with the release, which is safe to call twice.
 */
export class HeavyReadLimiter {
  private readonly running = new Map<string, number>();
  private readonly waiters: Waiter[] = [];
  private total = 0;
  readonly limits: Required<HeavyReadLimits>;

  constructor(limits: HeavyReadLimits) {
    this.limits = {
      perUser: limits.perUser,
      total: limits.total ?? limits.perUser * 2,
      queue: limits.queue ?? limits.perUser,
      waitMs: limits.waitMs ?? 2000,
    };
  }

  /** Waits (up to `waitMs`) for a slot of `key`; rejects with a 429 when the queue is full or the wait ends, or `Gone` when `cancel` was called. */
  acquire(key: string): { slot: Promise<() => void>; cancel(): void } {
    const blocked = this.blocked(key);
    if (!blocked) return { slot: Promise.resolve(this.take(key)), cancel: () => {} };
    if (this.waiters.filter((w) => w.key === key).length >= this.limits.queue) return { slot: Promise.reject(busy(blocked)), cancel: () => {} };
    let waiter!: Waiter;
    const slot = new Promise<() => void>((resolve, reject) => {
      const timer = setTimeout(() => leave(busy(this.blocked(key) || 'total')), this.limits.waitMs);
      const leave = (error: Error) => {
        const at = this.waiters.indexOf(waiter);
        if (at < 0) return;
        this.waiters.splice(at, 1);
        clearTimeout(timer);
        reject(error);
      };
      waiter = {
        key,
        grant: () => {
          clearTimeout(timer);
          resolve(this.take(key));
        },
        fail: leave,
      };
      this.waiters.push(waiter);
    });
    return { slot, cancel: () => waiter.fail(new Gone()) };
  }

  stats(): HeavyReadStats {
    return { running: this.total, waiting: this.waiters.length, byUser: Object.fromEntries(this.running) };
  }

  private blocked(key: string): Scope | null {
    if ((this.running.get(key) ?? 0) >= this.limits.perUser) return 'user';
    if (this.total >= this.limits.total) return 'total';
    return null;
  }

  private take(key: string): () => void {
    this.running.set(key, (this.running.get(key) ?? 0) + 1);
    this.total++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.running.get(key) ?? 1) - 1;
      if (left > 0) this.running.set(key, left);
      else this.running.delete(key);
      this.total--;
      this.pump();
    };
  }

  /** Hands freed slots to the oldest waiters that may run now. */
  private pump(): void {
    for (let i = 0; i < this.waiters.length && this.total < this.limits.total; ) {
      const waiter = this.waiters[i];
      if (this.blocked(waiter.key)) {
        i++;
        continue;
      }
      this.waiters.splice(i, 1);
      waiter.grant();
    }
  }
}

/** The limits from BuildOptions.heavyReadLimit: a per-user number (0 = off) or every figure. */
export function heavyReadLimits(limit: number | HeavyReadLimits | undefined): HeavyReadLimits | null {
  const limits = typeof limit === 'object' ? limit : { perUser: limit ?? DEFAULT_HEAVY_READS_PER_USER };
  for (const [name, value] of Object.entries(limits)) {
    if (!Number.isInteger(value) || (value as number) < 0) {
      throw new Error(`heavyReadLimit.${name} (HEAVY_READS_PER_USER for perUser) must be a whole number, 0 or more (perUser 0 turns the limit off), not "${String(value)}"`);
    }
  }
  return limits.perUser === 0 ? null : limits;
}

const slots = new WeakMap<FastifyRequest, { cancel(): void }>();

/**
 * Probe finding F11: one user's 200 concurrent statistics calls kept another user's request waiting 23 s, since
 * every call queues for the same database (one PGlite connection; a pool of 10 on PostgreSQL). A route that reads
 * the statistics rollups or the traffic tables says `config: { heavyRead: true }`; its handler then runs in a slot:
 * at most `perUser` per user and network, `total` for everyone (so a light call waits behind a handful of
 * reports, never hundreds), a short queue beyond them (a page that loads five reports at once still loads), and
 * 429 `{ message }` with `Retry-After` (1 s for the user's own limit, 2 s for everyone's) past the queue or the wait.
 *
 * The slot is taken in the handler, after authentication and validation, and freed in its `finally`, so success,
 * errors and 4xx thrown by the handler all free it. A call whose client goes away while it waits leaves the queue
 * at once (onRequestAbort); one that is already running keeps its slot until its query ends, since the database
 * is busy until then (a slot freed on the closed socket would let a client that aborts every call run unlimited
 * queries). Limits are per process: several API processes behind a load balancer each allow as many.
 */
export const heavyReads = fp(async (app: FastifyInstance, { limit }: { limit?: number | HeavyReadLimits }) => {
  const limits = heavyReadLimits(limit);
  const limiter = limits ? new HeavyReadLimiter(limits) : null;
  app.decorate('heavyReads', { stats: () => limiter?.stats() ?? { running: 0, waiting: 0, byUser: {} } });
  if (!limiter) return;

  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.config?.heavyRead) return;
    const handler = route.handler;
    route.handler = async function heavyRead(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
      const key = `${request.network?.id ?? '-'}:${request.auth?.userId ?? `ip ${request.ip}`}`;
      const acquired = limiter.acquire(key);
      slots.set(request, acquired);
      let release: () => void;
      try {
        release = await acquired.slot;
      } catch (error) {
        if (error instanceof Gone) return undefined; // the client left: nothing to answer
        if (isBusy(error)) reply.header('Retry-After', error.retryAfter);
        throw error;
      } finally {
        slots.delete(request);
      }
      try {
        return await handler.call(this, request, reply);
      } finally {
        release();
      }
    };
    const onAbort = async (request: FastifyRequest) => slots.get(request)?.cancel();
    route.onRequestAbort = [...(Array.isArray(route.onRequestAbort) ? route.onRequestAbort : route.onRequestAbort ? [route.onRequestAbort] : []), onAbort];
    const response = route.schema?.response as Record<string, unknown> | undefined;
    if (response && !response[429]) response[429] = messageAnswer('Too many heavy reads of this user (or of all users) are running; Retry-After says when to try again');
  });
});
