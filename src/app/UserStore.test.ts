import { afterEach, describe, expect, it, vi } from 'vitest';
import { pendingCalls } from '../../engine/state/pendingCalls';
import { BALANCE_REFRESH_MS, UserStore } from './UserStore';

const user = (balance: string) => ({ data: { id: 1, name: 'A', email: 'a@b.c', status: 'confirmed', locale: 'en', balance } });

afterEach(() => {
  vi.useRealTimers();
});

describe('UserStore', () => {
  it('has no balance until loaded, then the loaded one', async () => {
    const store = new UserStore({ get: vi.fn(async () => user('10.5000')) } as never);
    expect(store.balance).toBeNull();
    await store.load();
    expect(store.balance).toBe('10.5000');
  });

  it('goes idle → loading → ready, a second load sharing the first; a failed first load is an error', async () => {
    const { calls, call } = pendingCalls();
    const store = new UserStore({ get: call } as never);
    expect(store.status).toBe('idle');
    const first = store.load();
    void store.load();
    expect([store.status, calls.length]).toEqual(['loading', 1]);
    expect(calls[0].args).toEqual(['user', { signal: expect.any(AbortSignal) }]);
    calls[0].resolve(user('1.0000'));
    await first;
    expect(store.status).toBe('ready');

    const failing = new UserStore({ get: vi.fn().mockRejectedValue(new Error('down')) } as never);
    await failing.load();
    expect(failing.status).toBe('error');
    expect((failing.error as Error).message).toBe('down');
  });

  it('clear (sign-out) cancels a load in flight and drops its answer', async () => {
    const { calls, call } = pendingCalls();
    const store = new UserStore({ get: call } as never);
    const load = store.load();
    store.clear();
    expect(calls[0].signal?.aborted).toBe(true);
    calls[0].resolve(user('9.0000'));
    await load;
    expect([store.status, store.user]).toEqual(['idle', null]);
  });

  it('refreshes the balance every 30 minutes until stopped', async () => {
    vi.useFakeTimers();
    const get = vi.fn().mockResolvedValueOnce(user('1.0000')).mockResolvedValueOnce(user('2.0000')).mockResolvedValueOnce(user('3.0000'));
    const store = new UserStore({ get } as never);
    await store.load();
    const stop = store.startBalanceRefresh();
    expect(BALANCE_REFRESH_MS).toBe(1_800_000);
    await vi.advanceTimersByTimeAsync(BALANCE_REFRESH_MS - 1);
    expect(get).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(get).toHaveBeenCalledTimes(2);
    expect(store.balance).toBe('2.0000');
    stop();
    await vi.advanceTimersByTimeAsync(BALANCE_REFRESH_MS * 3);
    expect(get).toHaveBeenCalledTimes(2);
  });

  it('keeps the user on screen when a refresh fails, and reports it in error', async () => {
    const get = vi.fn().mockResolvedValueOnce(user('5.0000')).mockRejectedValueOnce(new Error('offline'));
    const store = new UserStore({ get } as never);
    await store.load();
    await store.refresh();
    expect(store.balance).toBe('5.0000');
    expect(store.refreshing).toBe(false);
    expect(store.status).toBe('ready');
    expect((store.error as Error).message).toBe('offline');
  });

  it('runs one refresh at a time', async () => {
    let release!: (v: unknown) => void;
    const get = vi.fn(() => new Promise((r) => (release = r)));
    const store = new UserStore({ get } as never);
    const first = store.refresh();
    void store.refresh();
    expect(get).toHaveBeenCalledTimes(1);
    expect(store.refreshing).toBe(true);
    release(user('1.0000'));
    await first;
    expect(store.refreshing).toBe(false);
  });
});
