import { describe, expect, it, vi } from 'vitest';
import { pendingCalls } from '../../../engine/state/pendingCalls';
import { FullManageStore, isBetaMode } from './FullManageStore';

const storage = (value: string | null) => ({ getItem: () => value });

describe('beta mode', () => {
  it('is on when localStorage `beta` is set to something truthy', () => {
    expect(isBetaMode(storage('1'))).toBe(true);
    expect(isBetaMode(storage('true'))).toBe(true);
    expect(isBetaMode(storage(null))).toBe(false);
    expect(isBetaMode(storage('0'))).toBe(false);
    expect(isBetaMode(storage('false'))).toBe(false);
  });
});

describe('FullManageStore', () => {
  it('is approved only when the profile says so, loading it once and silently', async () => {
    const get = vi.fn(async () => ({ data: { fullManageStatus: 'approved' } }));
    const store = new FullManageStore({ get } as never);
    expect(store.approved).toBe(false);
    await store.load();
    await store.load();
    expect(get).toHaveBeenCalledTimes(1);
    expect(get).toHaveBeenCalledWith('profile', { silent: true, signal: expect.any(AbortSignal) });
    expect(store.approved).toBe(true);
  });

  it('stays hidden when the profile cannot be loaded or is not approved', async () => {
    const failing = new FullManageStore({ get: vi.fn().mockRejectedValue(new Error('x')) } as never);
    await failing.load();
    expect(failing.approved).toBe(false);
    expect(failing.status).toBe('error');
    expect((failing.error as Error).message).toBe('x');
    const pending = new FullManageStore({ get: vi.fn(async () => ({ data: { fullManageStatus: 'pending' } })) } as never);
    await pending.load();
    expect(pending.approved).toBe(false);
  });

  it('goes loading → ready; reset (sign-out) cancels a load in flight', async () => {
    const { calls, call } = pendingCalls();
    const store = new FullManageStore({ get: call } as never);
    void store.load();
    expect(store.status).toBe('loading');
    store.reset();
    expect(calls[0].signal?.aborted).toBe(true);
    expect(store.status).toBe('idle');
    const again = store.load();
    calls[1].resolve({ data: { full_manage_status: 'approved' } });
    await again;
    expect([store.status, store.approved]).toEqual(['ready', true]);
  });
});
