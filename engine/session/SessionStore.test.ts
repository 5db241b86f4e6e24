import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { autorun } from 'mobx';
import { SessionStore, TOKEN_REFRESH_INTERVAL_MS, isValidToken } from './SessionStore';

const KEY = 'test_token';
let stores: SessionStore[] = [];

function make(refresh: () => Promise<string | null | undefined> = vi.fn(async () => null), extra = {}) {
  const store = new SessionStore({ refresh, key: KEY, ...extra });
  stores.push(store);
  return store;
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  stores.forEach((s) => s.dispose());
  stores = [];
  vi.useRealTimers();
});

describe('isValidToken', () => {
  it('accepts single-byte tokens and rejects empty or wider ones', () => {
    expect(isValidToken('eyJhbGciOi.abc-_=')).toBe(true);
    expect(isValidToken('caf\u00e9')).toBe(true); // é is 233: still single-byte
    expect(isValidToken('\u0100')).toBe(false); // 256
    expect(isValidToken('tok\u20ac')).toBe(false);
    expect(isValidToken('tok😀')).toBe(false);
    expect(isValidToken('')).toBe(false);
    expect(isValidToken(null)).toBe(false);
  });
});

describe('SessionStore', () => {
  it('reads a stored token on start', () => {
    localStorage.setItem(KEY, 'stored');
    const store = make();
    expect(store.token).toBe('stored');
    expect(store.isAuthenticated).toBe(true);
    expect(store.getToken()).toBe('stored');
  });

  it('discards a stored token with characters beyond the single-byte range', () => {
    localStorage.setItem(KEY, 'bad\u0400token');
    const store = make();
    expect(store.token).toBeNull();
    expect(store.isAuthenticated).toBe(false);
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('uses the configured key', () => {
    localStorage.setItem('auth_token', 'other');
    expect(make().token).toBeNull();
  });

  it('login stores the token, and isAuthenticated is observable', () => {
    const store = make();
    const seen: boolean[] = [];
    const stop = autorun(() => seen.push(store.isAuthenticated));
    expect(store.login('t1')).toBe(true);
    expect(localStorage.getItem(KEY)).toBe('t1');
    store.logout();
    stop();
    expect(seen).toEqual([false, true, false]);
  });

  it('login with an invalid token signs out instead', () => {
    const store = make();
    store.login('good');
    expect(store.login('\u4e2d\u6587')).toBe(false);
    expect(store.token).toBeNull();
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('refreshes every 30 minutes after login and stores the new token', async () => {
    let n = 0;
    const refresh = vi.fn(async () => `t${++n}`);
    const store = make(refresh);
    store.login('t0');
    await vi.advanceTimersByTimeAsync(TOKEN_REFRESH_INTERVAL_MS - 1);
    expect(refresh).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(store.token).toBe('t1');
    expect(localStorage.getItem(KEY)).toBe('t1');
    await vi.advanceTimersByTimeAsync(TOKEN_REFRESH_INTERVAL_MS);
    expect(refresh).toHaveBeenCalledTimes(2);
    expect(store.token).toBe('t2');
  });

  it('logout removes the token and stops the refresh', async () => {
    const refresh = vi.fn(async () => 'next');
    const store = make(refresh);
    store.login('t0');
    store.logout();
    expect(store.isAuthenticated).toBe(false);
    expect(localStorage.getItem(KEY)).toBeNull();
    await vi.advanceTimersByTimeAsync(3 * TOKEN_REFRESH_INTERVAL_MS);
    expect(refresh).not.toHaveBeenCalled();
  });

  it('a refreshed token that is invalid ends the session', async () => {
    const refresh = vi.fn(async () => 'bad\u0101');
    const store = make(refresh);
    store.login('t0');
    await vi.advanceTimersByTimeAsync(TOKEN_REFRESH_INTERVAL_MS);
    expect(store.token).toBeNull();
    expect(localStorage.getItem(KEY)).toBeNull();
    await vi.advanceTimersByTimeAsync(TOKEN_REFRESH_INTERVAL_MS);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('a failed refresh keeps the session, sets error and reports it', async () => {
    const failure = new Error('offline');
    const report = vi.fn();
    const refresh = vi.fn().mockRejectedValueOnce(failure).mockResolvedValueOnce('t2');
    const store = make(refresh, { report });
    store.login('t0');
    await vi.advanceTimersByTimeAsync(TOKEN_REFRESH_INTERVAL_MS);
    expect(store.token).toBe('t0');
    expect(store.status).toBe('error');
    expect(store.error).toBe(failure);
    expect(report).toHaveBeenCalledWith(failure);
    await vi.advanceTimersByTimeAsync(TOKEN_REFRESH_INTERVAL_MS);
    expect(store.token).toBe('t2');
    expect(store.status).toBe('idle');
    expect(store.error).toBeNull();
  });

  it('a refresh that signs out meanwhile (401 through clearToken) is not reported', async () => {
    const report = vi.fn();
    const store = make(
      vi.fn(async () => {
        store.clearToken();
        throw new Error('401');
      }),
      { report },
    );
    store.login('t0');
    await vi.advanceTimersByTimeAsync(TOKEN_REFRESH_INTERVAL_MS);
    expect(store.isAuthenticated).toBe(false);
    expect(report).not.toHaveBeenCalled();
  });

  it('resume refreshes a stored token at once and keeps refreshing; signed out it does nothing', async () => {
    const refresh = vi.fn(async () => 'fresh');
    localStorage.setItem(KEY, 'stored');
    const store = make(refresh);
    await store.resume();
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(store.token).toBe('fresh');
    await vi.advanceTimersByTimeAsync(TOKEN_REFRESH_INTERVAL_MS);
    expect(refresh).toHaveBeenCalledTimes(2);

    const idle = vi.fn(async () => 'x');
    await make(idle, { key: 'empty_key' }).resume();
    expect(idle).not.toHaveBeenCalled();
  });

  it('concurrent refreshes share one call', async () => {
    let resolve!: (t: string) => void;
    const refresh = vi.fn(() => new Promise<string>((r) => (resolve = r)));
    const store = make(refresh);
    store.login('t0');
    const a = store.refresh();
    const b = store.refresh();
    expect(store.status).toBe('refreshing');
    resolve('t1');
    await Promise.all([a, b]);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(store.token).toBe('t1');
  });

  it('dispose stops the refresh but keeps the stored token', async () => {
    const refresh = vi.fn(async () => 'next');
    const store = make(refresh);
    store.login('t0');
    store.dispose();
    await vi.advanceTimersByTimeAsync(2 * TOKEN_REFRESH_INTERVAL_MS);
    expect(refresh).not.toHaveBeenCalled();
    expect(localStorage.getItem(KEY)).toBe('t0');
  });

  it('follows sign-out and sign-in in another tab', async () => {
    const refresh = vi.fn(async () => null);
    const store = make(refresh);
    store.login('t0');
    localStorage.removeItem(KEY);
    window.dispatchEvent(new StorageEvent('storage', { key: KEY }));
    expect(store.token).toBeNull();
    await vi.advanceTimersByTimeAsync(TOKEN_REFRESH_INTERVAL_MS);
    expect(refresh).not.toHaveBeenCalled();

    localStorage.setItem(KEY, 'from-other-tab');
    window.dispatchEvent(new StorageEvent('storage', { key: KEY }));
    expect(store.token).toBe('from-other-tab');
    await vi.advanceTimersByTimeAsync(TOKEN_REFRESH_INTERVAL_MS);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('keeps working in memory when storage throws', () => {
    const storage = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
      removeItem: () => undefined,
    };
    const store = make(undefined, { storage, events: null });
    expect(store.token).toBeNull();
    expect(store.login('mem')).toBe(true);
    expect(store.token).toBe('mem');
  });
});
