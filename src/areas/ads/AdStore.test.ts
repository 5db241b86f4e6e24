import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../engine/api/errors';
import { pendingCalls } from '../../../engine/state/pendingCalls';
import type { AdView } from '../../../generated/types';
import { AdStore } from './AdStore';

const ad = (name: string) => ({ data: { id: 7, name, creatives: [{ id: 1, is_active: true }] } as unknown as AdView });

describe('AdStore', () => {
  it('loads GET ads/:id silently: idle → loading → ready', async () => {
    const { calls, call } = pendingCalls();
    const store = new AdStore({ get: call } as never, 7);
    expect(store.status).toBe('idle');
    const load = store.load();
    expect(store.status).toBe('loading');
    expect(calls[0].args).toEqual(['ads/7', { silent: true, signal: expect.any(AbortSignal) }]);
    calls[0].resolve(ad('Banner'));
    await load;
    expect([store.status, store.ad?.name]).toEqual(['ready', 'Banner']);
  });

  it('tells a missing ad (404) from a failed load, keeping the error', async () => {
    const gone = new ApiError('Not found', 404, null);
    const missing = new AdStore({ get: vi.fn().mockRejectedValue(gone) } as never, 7);
    await missing.load();
    expect([missing.status, missing.error]).toEqual(['missing', gone]);
    const failing = new AdStore({ get: vi.fn().mockRejectedValue(new ApiError('Oops', 500, null)) } as never, 7);
    await failing.load();
    expect(failing.status).toBe('error');
    expect((failing.error as Error).message).toBe('Oops');
  });

  it('cancels a load a newer one supersedes, and stops one in flight when the page is left', async () => {
    const { calls, call } = pendingCalls();
    const store = new AdStore({ get: call } as never, 7);
    void store.load();
    const second = store.load();
    expect(calls[0].signal?.aborted).toBe(true);
    calls[1].resolve(ad('New'));
    await second;
    expect(store.ad?.name).toBe('New');
    void store.load();
    store.loader.abort();
    expect([calls[2].signal?.aborted, store.status]).toEqual([true, 'ready']);
  });

  it('switches a creative in place', async () => {
    const store = new AdStore({ get: vi.fn().mockResolvedValue(ad('Banner')), post: vi.fn().mockResolvedValue({ data: { id: 1, is_active: false } }) } as never, 7);
    await store.load();
    await store.setCreativeActive(1, false);
    expect(store.ad?.creatives[0].is_active).toBe(false);
    expect(store.switching.size).toBe(0);
  });
});
