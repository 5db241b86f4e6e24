import { describe, expect, it, vi } from 'vitest';
import { pendingCalls } from '../../../engine/state/pendingCalls';
import { CampaignGroupsStore } from './CampaignGroupsStore';

const groups = (...names: string[]) => ({ data: names.map((name, i) => ({ id: i + 1, name })) });

describe('CampaignGroupsStore', () => {
  it('loads GET campaign-groups: idle → loading → ready', async () => {
    const { calls, call } = pendingCalls();
    const store = new CampaignGroupsStore({ get: call } as never);
    expect(store.status).toBe('idle');
    const load = store.load();
    expect(store.status).toBe('loading');
    expect(calls[0].args).toEqual(['campaign-groups', { signal: expect.any(AbortSignal) }]);
    calls[0].resolve(groups('Spring'));
    await load;
    expect([store.status, store.groups.map((g) => g.name)]).toEqual(['ready', ['Spring']]);
  });

  it('keeps the groups and the error when a reload fails', async () => {
    const get = vi.fn().mockResolvedValueOnce(groups('Spring')).mockRejectedValueOnce(new Error('down'));
    const store = new CampaignGroupsStore({ get } as never);
    await store.load();
    await store.load();
    expect([store.status, (store.error as Error).message, store.groups.length]).toEqual(['error', 'down', 1]);
  });

  it('cancels a reload a newer one supersedes (changes in quick succession): the older answer never lands', async () => {
    const { calls, call } = pendingCalls();
    const store = new CampaignGroupsStore({ get: call } as never);
    const first = store.load();
    const second = store.load();
    expect(calls[0].signal?.aborted).toBe(true);
    calls[1].resolve(groups('Spring', 'Summer'));
    calls[0].resolve(groups('Spring'));
    await Promise.all([first, second]);
    expect(store.groups.map((g) => g.name)).toEqual(['Spring', 'Summer']);
  });
});
