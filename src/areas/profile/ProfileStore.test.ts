import { describe, expect, it, vi } from 'vitest';
import { pendingCalls } from '../../../engine/state/pendingCalls';
import { ProfileStore, type Profile } from './ProfileStore';

const profile = (name: string) => ({ data: { name } as Profile });

describe('ProfileStore', () => {
  it('loads GET profile silently: idle → loading → ready', async () => {
    const { calls, call } = pendingCalls();
    const store = new ProfileStore({ get: call } as never);
    expect(store.status).toBe('idle');
    const load = store.load();
    expect(store.status).toBe('loading');
    expect(calls[0].args).toEqual(['profile', { silent: true, signal: expect.any(AbortSignal) }]);
    calls[0].resolve(profile('Ann'));
    await load;
    expect([store.status, store.profile?.name]).toEqual(['ready', 'Ann']);
  });

  it('keeps the error and the profile on screen when a reload fails, and clears it on the next good load', async () => {
    const get = vi.fn().mockResolvedValueOnce(profile('Ann')).mockRejectedValueOnce(new Error('down')).mockResolvedValueOnce(profile('Bea'));
    const store = new ProfileStore({ get } as never);
    await store.load();
    await store.load();
    expect([store.status, (store.error as Error).message, store.profile?.name]).toEqual(['error', 'down', 'Ann']);
    await store.load();
    expect([store.status, store.error, store.profile?.name]).toEqual(['ready', null, 'Bea']);
  });

  it('cancels a load a newer one supersedes (its late answer is dropped)', async () => {
    const { calls, call } = pendingCalls();
    const store = new ProfileStore({ get: call } as never);
    const first = store.load();
    const second = store.load();
    expect(calls[0].signal?.aborted).toBe(true);
    calls[1].resolve(profile('New'));
    await Promise.all([first, second]);
    expect(store.profile?.name).toBe('New');
  });

  it('reloads after asking for full manage', async () => {
    const get = vi.fn().mockResolvedValue(profile('Ann'));
    const post = vi.fn().mockResolvedValue({});
    const store = new ProfileStore({ get, post } as never);
    await store.requestFullManage();
    expect(post).toHaveBeenCalledWith('profile/full-manage');
    expect(get).toHaveBeenCalledTimes(1);
    expect(store.status).toBe('ready');
  });
});
