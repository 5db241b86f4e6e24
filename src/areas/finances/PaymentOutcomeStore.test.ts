import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, type RequestConfig } from '../../../engine/api';
import { PaymentOutcomeStore } from './PaymentOutcomeStore';

const payment = (status: string) => ({ data: { id: 7, status, credited: '515.00', failure_reason: status === 'failed' ? 'Your card was declined.' : null } });

function fakeApi(statuses: (string | Error)[]) {
  const calls: RequestConfig[] = [];
  return {
    calls,
    api: {
      request: async <T,>(config: RequestConfig) => {
        calls.push(config);
        const next = statuses[Math.min(calls.length - 1, statuses.length - 1)];
        if (next instanceof Error) throw next;
        return { data: payment(next) as T, status: 200, headers: {} };
      },
    },
  };
}

describe('PaymentOutcomeStore', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('asks every 2 s while the bank decides, then stops and reports the success once', async () => {
    const { api, calls } = fakeApi(['created', 'pending', 'succeeded']);
    const onSucceeded = vi.fn();
    const store = new PaymentOutcomeStore(api, '7', { poll: true, onSucceeded });
    store.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(store.state).toBe('waiting');
    await vi.advanceTimersByTimeAsync(2_000);
    expect([store.state, store.payment?.status]).toEqual(['waiting', 'pending']);
    await vi.advanceTimersByTimeAsync(2_000);
    expect([store.state, store.payment?.status]).toEqual(['final', 'succeeded']);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls.map((c) => c.url)).toEqual(['payments/7', 'payments/7', 'payments/7']);
    expect(onSucceeded).toHaveBeenCalledTimes(1);
  });

  it('gives up after a minute as "slow", and starts again when asked', async () => {
    const { api, calls } = fakeApi(['pending']);
    const store = new PaymentOutcomeStore(api, '7', { poll: true });
    store.start();
    await vi.advanceTimersByTimeAsync(61_000);
    expect(store.state).toBe('slow');
    const asked = calls.length;
    expect(asked).toBeGreaterThanOrEqual(29);
    expect(asked).toBeLessThanOrEqual(31);
    store.start();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(store.state).toBe('waiting');
    expect(calls.length).toBeGreaterThan(asked);
    store.stop();
  });

  it('reads once without polling, and tells a missing payment from a failure', async () => {
    const once = fakeApi(['failed']);
    const store = new PaymentOutcomeStore(once.api, '7', { poll: false });
    store.start();
    await vi.advanceTimersByTimeAsync(0);
    expect([store.state, store.payment?.failure_reason]).toEqual(['final', 'Your card was declined.']);

    const missing = new PaymentOutcomeStore(fakeApi([new ApiError('No such payment', 404, null)]).api, '8', { poll: true });
    missing.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(missing.state).toBe('missing');
    const broken = new PaymentOutcomeStore(fakeApi([new ApiError('Down', 500, null)]).api, '8', { poll: true });
    broken.start();
    await vi.advanceTimersByTimeAsync(0);
    expect([broken.state, broken.error]).toEqual(['error', 'Down']);
    const bogus = new PaymentOutcomeStore(once.api, 'abc', { poll: true });
    bogus.start();
    expect(bogus.state).toBe('missing');
  });
});
