import { describe, expect, it, vi } from 'vitest';
import { pendingCalls } from '../../engine/state/pendingCalls';
import { SettingsStore, formatServerTime, serverOffset } from './SettingsStore';

describe('server clock', () => {
  it('takes the server stamp as made halfway through the call', () => {
    // Sent at 1000, answered at 1200: the server said 10_100, so it is 10_100 - 1100 ahead.
    expect(serverOffset(new Date(10_100).toISOString(), 1000, 1200)).toBe(9000);
    expect(serverOffset('not a date', 0, 0)).toBeNull();
    expect(serverOffset(undefined, 0, 0)).toBeNull();
  });

  it('formats UTC as MM.DD HH:mm:ss', () => {
    expect(formatServerTime(Date.UTC(2026, 0, 5, 3, 4, 9))).toBe('01.05 03:04:09');
    expect(formatServerTime(Date.UTC(2026, 11, 31, 23, 59, 59))).toBe('12.31 23:59:59');
  });

  it('loads the settings once and runs on the server clock, not the browser clock', async () => {
    let now = 1_000_000;
    const get = vi.fn(async () => {
      now += 200; // the call takes 200 ms
      return { data: { server_time: new Date(5_000_100).toISOString() } };
    });
    const store = new SettingsStore({ get } as never, () => now);
    expect(store.serverNow()).toBeNull();
    await store.load();
    await store.load();
    expect(get).toHaveBeenCalledTimes(1);
    expect(store.status).toBe('ready');
    expect(store.offsetMs).toBe(5_000_100 - 1_000_100);
    expect(store.serverNow(1_000_200)).toBe(5_000_200);
  });

  it('keeps a failure in status and error, and tries again on the next load', async () => {
    const get = vi.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValueOnce({ data: { server_time: new Date(0).toISOString() } });
    const store = new SettingsStore({ get } as never);
    await store.load();
    expect(store.status).toBe('error');
    expect((store.error as Error).message).toBe('down');
    await store.load();
    expect([store.status, store.error]).toEqual(['ready', null]);
  });

  it('is loading while the call runs, which a second load shares, and asks silently with a signal', async () => {
    const { calls, call } = pendingCalls();
    const store = new SettingsStore({ get: call } as never);
    const first = store.load();
    const second = store.load();
    expect([store.status, calls.length]).toEqual(['loading', 1]);
    expect(calls[0].args).toEqual(['settings', { silent: true, signal: expect.any(AbortSignal) }]);
    calls[0].resolve({ data: { client_ad_formats: [] } });
    await Promise.all([first, second]);
    expect(store.status).toBe('ready');
    expect(store.offsetMs).toBeNull(); // no server_time in the answer
  });
});
