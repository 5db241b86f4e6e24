import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../engine/api/errors';
import { pendingCalls } from '../../../engine/state/pendingCalls';
import type { CampaignView } from '../../../generated/types';
import { CampaignStore } from './CampaignStore';

const campaign = (name: string) => ({ data: { id: 3, name, updating_rules: [] } as unknown as CampaignView });

describe('CampaignStore', () => {
  it('loads GET campaigns/:id silently: idle → loading → ready', async () => {
    const { calls, call } = pendingCalls();
    const store = new CampaignStore({ get: call } as never, 3);
    expect(store.status).toBe('idle');
    const load = store.load();
    expect(store.status).toBe('loading');
    expect(calls[0].args).toEqual(['campaigns/3', { silent: true, signal: expect.any(AbortSignal) }]);
    calls[0].resolve(campaign('Spring'));
    await load;
    expect([store.status, store.campaign?.name]).toEqual(['ready', 'Spring']);
  });

  it('tells a missing campaign (404) from a failed load, keeping the error', async () => {
    const gone = new ApiError('Not found', 404, null);
    const missing = new CampaignStore({ get: vi.fn().mockRejectedValue(gone) } as never, 3);
    await missing.load();
    expect([missing.status, missing.error]).toEqual(['missing', gone]);
    const failing = new CampaignStore({ get: vi.fn().mockRejectedValue(new Error('down')) } as never, 3);
    await failing.load();
    expect(failing.status).toBe('error');
    expect((failing.error as Error).message).toBe('down');
  });

  it('cancels a load a newer one supersedes (an action reloads), and its late answer is dropped', async () => {
    const { calls, call } = pendingCalls();
    const store = new CampaignStore({ get: call } as never, 3);
    const first = store.load();
    const second = store.load();
    expect(calls[0].signal?.aborted).toBe(true);
    calls[1].resolve(campaign('New'));
    await Promise.all([first, second]);
    expect(store.campaign?.name).toBe('New');
  });

  it('loads the offers once: null until answered, empty when they failed; dispose stops the loads in flight', async () => {
    const { calls, call } = pendingCalls();
    const store = new CampaignStore({ get: call } as never, 3);
    const first = store.loadOffers();
    void store.loadOffers();
    expect([store.offers, calls.length]).toEqual([null, 1]);
    expect(calls[0].args[0]).toBe('campaigns/3/offers');
    calls[0].resolve({ data: [{ id: 'o1' }] });
    await first;
    await store.loadOffers();
    expect([store.offers, calls.length]).toEqual([[{ id: 'o1' }], 1]);

    const failing = new CampaignStore({ get: vi.fn().mockRejectedValue(new Error('down')) } as never, 3);
    await failing.loadOffers();
    expect(failing.offers).toEqual([]);

    const leaving = new CampaignStore({ get: call } as never, 3);
    void leaving.load();
    void leaving.loadOffers();
    leaving.dispose();
    expect([calls[1].signal?.aborted, calls[2].signal?.aborted]).toEqual([true, true]);
  });
});
