import { describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../../engine/api';
import { pendingCalls } from '../../../engine/state/pendingCalls';
import { NotificationsStore, type NotificationItem } from './NotificationsStore';

const item = (id: number, read = false): NotificationItem => ({
  id,
  type: 'campaign_approved',
  category: 'campaign',
  entity_type: 'campaign',
  entity_id: id * 10,
  params: {},
  created_at: '2026-11-20T10:00:00Z',
  read_at: read ? '2026-11-20T11:00:00Z' : null,
});

function fakeApi(items: NotificationItem[]) {
  const api = {
    get: vi.fn(async (_url: string, { params }: { params: { page: number; per_page: number } }) => {
      const size = params.per_page === -1 ? items.length : params.per_page;
      const page = items.slice((params.page - 1) * size, params.page * size);
      return { data: page, recordsFiltered: items.length, unread_notifications: items.filter((n) => !n.read_at).length };
    }),
    post: vi.fn(async () => ({ data: null })),
    delete: vi.fn(async () => ({ data: null })),
  };
  return api as typeof api & ApiClient;
}

describe('NotificationsStore', () => {
  it('loads a page with the unread count and reports it', async () => {
    const onUnread = vi.fn();
    const api = fakeApi(Array.from({ length: 20 }, (_, i) => item(i + 1, i % 2 === 0)));
    const store = new NotificationsStore(api, onUnread);
    await store.load();
    expect(store.items).toHaveLength(15);
    expect(store.pageCount).toBe(2);
    expect(store.unread).toBe(10);
    expect(onUnread).toHaveBeenLastCalledWith(10);
    store.setPerPage(-1);
    await vi.waitFor(() => expect(store.items).toHaveLength(20));
    expect(api.get).toHaveBeenLastCalledWith('notifications', expect.objectContaining({ params: { page: 1, per_page: -1 } }));
  });

  it('reading one removes it and lowers the unread count; read all and remove all clear the list', async () => {
    const onUnread = vi.fn();
    const api = fakeApi([item(1), item(2, true), item(3)]);
    const store = new NotificationsStore(api, onUnread);
    await store.load();
    await store.read(1);
    expect(api.post).toHaveBeenCalledWith('notifications/1/read');
    expect(store.items.map((n) => n.id)).toEqual([2, 3]);
    expect(store.unread).toBe(1);
    await store.read(2); // already read: the count stays
    expect(store.unread).toBe(1);
    await store.readAll();
    expect(store.items).toEqual([]);
    expect(onUnread).toHaveBeenLastCalledWith(0);
    await store.removeAll();
    expect(api.delete).toHaveBeenCalledWith('notifications');
  });

  it('keeps the list when a call fails', async () => {
    const api = fakeApi([item(1)]);
    api.post.mockRejectedValueOnce(new Error('500'));
    const store = new NotificationsStore(api);
    await store.load();
    await store.read(1);
    expect(store.items).toHaveLength(1);
    expect(store.busy.size).toBe(0);
  });

  it('goes loading → ready; a failed load keeps the list and the error', async () => {
    const api = fakeApi([item(1)]);
    const store = new NotificationsStore(api);
    const load = store.load();
    expect(store.status).toBe('loading');
    await load;
    expect(store.status).toBe('ready');
    api.get.mockRejectedValueOnce(new Error('down'));
    await store.load();
    expect([store.status, (store.error as Error).message, store.items.length]).toEqual(['error', 'down', 1]);
    await store.load();
    expect([store.status, store.error]).toEqual(['ready', null]);
  });

  it('cancels the page a newer load supersedes: its signal aborts and its late answer is dropped', async () => {
    const { calls, call } = pendingCalls();
    const store = new NotificationsStore({ get: call } as never);
    void store.load();
    store.setPerPage(-1);
    expect(calls[0].signal?.aborted).toBe(true);
    expect(calls[1].args[1]).toMatchObject({ params: { page: 1, per_page: -1 }, silent: true });
    calls[1].resolve({ data: [item(2)], recordsFiltered: 1, unread_notifications: 1 });
    calls[0].resolve({ data: [item(1)], recordsFiltered: 1, unread_notifications: 1 });
    await vi.waitFor(() => expect(store.status).toBe('ready'));
    expect(store.items.map((n) => n.id)).toEqual([2]);
  });
});
