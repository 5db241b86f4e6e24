import { describe, expect, it } from 'vitest';
import { HeavyReadLimiter, heavyReadLimits } from './heavyReads';

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('HeavyReadLimiter', () => {
  it('runs perUser per key and total in all, hands freed slots to the oldest waiter that may run', async () => {
    const limiter = new HeavyReadLimiter({ perUser: 1, total: 2, queue: 2, waitMs: 10_000 });
    const a1 = await limiter.acquire('a').slot;
    const b1 = await limiter.acquire('b').slot;
    const order: string[] = [];
    const a2 = limiter.acquire('a').slot.then((release) => (order.push('a2'), release));
    const c1 = limiter.acquire('c').slot.then((release) => (order.push('c1'), release));
    expect(limiter.stats()).toEqual({ running: 2, waiting: 2, byUser: { a: 1, b: 1 } });
    // b's slot frees one of everyone's: a is still at its own limit, so c (behind a in the queue) runs.
    b1();
    await settle();
    expect(order).toEqual(['c1']);
    a1();
    a1(); // a second release frees nothing more
    await settle();
    expect(order).toEqual(['c1', 'a2']);
    (await a2)();
    (await c1)();
    expect(limiter.stats()).toEqual({ running: 0, waiting: 0, byUser: {} });
  });

  it('refuses at once past the queue, after waitMs in it, and drops a cancelled waiter', async () => {
    const limiter = new HeavyReadLimiter({ perUser: 1, queue: 1, waitMs: 20 });
    const release = await limiter.acquire('a').slot;
    const waiting = limiter.acquire('a');
    await expect(limiter.acquire('a').slot).rejects.toMatchObject({ statusCode: 429, retryAfter: '1' });
    await expect(waiting.slot).rejects.toMatchObject({ statusCode: 429 });
    const cancelled = limiter.acquire('a');
    cancelled.cancel();
    await expect(cancelled.slot).rejects.not.toMatchObject({ statusCode: 429 });
    expect(limiter.stats().waiting).toBe(0);
    release();
    expect(limiter.stats().running).toBe(0);
  });

  it('reads its limits: 4 per user by default, 0 turns it off, nonsense stops the start', () => {
    expect(heavyReadLimits(undefined)).toEqual({ perUser: 4 });
    expect(heavyReadLimits(0)).toBeNull();
    expect(new HeavyReadLimiter({ perUser: 4 }).limits).toEqual({ perUser: 4, total: 8, queue: 4, waitMs: 2000 });
    expect(() => heavyReadLimits(Number('many'))).toThrow(/whole number/);
    expect(() => heavyReadLimits({ perUser: 2, total: -1 })).toThrow(/heavyReadLimit.total/);
  });
});
