import { describe, expect, it, vi } from 'vitest';
import { pendingCalls } from '../../../engine/state/pendingCalls';
import { NotificationCountStore } from './NotificationCountStore';

describe('NotificationCountStore', () => {
  it('loads the unread count from the list call, silently', async () => {
    const get = vi.fn(async () => ({ data: [], recordsFiltered: 12, unread_notifications: 4 }));
    const store = new NotificationCountStore({ get } as never);
    await store.load();
    expect(get).toHaveBeenCalledWith('notifications', { silent: true, signal: expect.any(AbortSignal) });
    expect(store.unread).toBe(4);
    expect(store.status).toBe('ready');
  });

  it('is updated by the notifications page: answers, read one, read all', () => {
    const store = new NotificationCountStore({ get: vi.fn() } as never);
    store.applyAnswer({ data: [{}], unread_notifications: 3 });
    expect(store.unread).toBe(3);
    store.applyAnswer({ data: { unread_notifications: 2 } });
    expect(store.unread).toBe(2);
    store.applyAnswer({ data: [] }); // no count in it: unchanged
    expect(store.unread).toBe(2);
    store.markRead();
    store.markRead();
    store.markRead();
    expect(store.unread).toBe(0);
    store.setUnread(7);
    store.clear();
    expect(store.unread).toBe(0);
  });

  it('keeps the last count when loading fails', async () => {
    const store = new NotificationCountStore({ get: vi.fn().mockRejectedValue(new Error('x')) } as never);
    store.setUnread(2);
    await store.load();
    expect(store.unread).toBe(2);
    expect(store.status).toBe('error');
    expect((store.error as Error).message).toBe('x');
  });

  it('goes loading → ready; reset (sign-out) cancels a load in flight and forgets the count', async () => {
    const { calls, call } = pendingCalls();
    const store = new NotificationCountStore({ get: call } as never);
    const load = store.load();
    expect(store.status).toBe('loading');
    store.reset();
    expect(calls[0].signal?.aborted).toBe(true);
    calls[0].resolve({ data: [], unread_notifications: 5 });
    await load;
    expect([store.status, store.unread]).toEqual(['idle', 0]);
  });
});
