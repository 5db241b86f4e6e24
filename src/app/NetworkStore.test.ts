import { describe, expect, it, vi } from 'vitest';
import { pendingCalls } from '../../engine/state/pendingCalls';
import { NetworkStore } from './NetworkStore';

const network = { data: { name: 'Acme', guardSections: ['Campaigns', 'Ads'] } };

describe('NetworkStore', () => {
  it('loads GET network silently once: later calls share the first request', async () => {
    const { calls, call } = pendingCalls();
    const store = new NetworkStore({ request: call } as never);
    expect(store.status).toBe('idle');
    const first = store.load();
    const second = store.load();
    expect([store.status, calls.length]).toEqual(['loading', 1]);
    expect(calls[0].args[0]).toMatchObject({ method: 'GET', url: 'network', silent: true, signal: expect.any(AbortSignal) });
    calls[0].resolve({ data: network, status: 200, headers: {} });
    await Promise.all([first, second]);
    await store.load();
    expect(calls).toHaveLength(1);
    expect([store.status, store.name, [...store.sections]]).toEqual(['ready', 'Acme', ['Campaigns', 'Ads']]);
  });

  it('keeps a failure in status and error, and loads again on retry', async () => {
    const request = vi.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValueOnce({ data: network, status: 200, headers: {} });
    const store = new NetworkStore({ request } as never);
    await store.load();
    expect(store.status).toBe('error');
    expect((store.error as Error).message).toBe('down');
    expect(store.sections.size).toBe(0);
    await store.retry();
    expect([store.status, store.error, store.name]).toEqual(['ready', null, 'Acme']);
    expect(request).toHaveBeenCalledTimes(2);
  });
});
