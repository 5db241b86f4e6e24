import { afterEach, describe, expect, it, vi } from 'vitest';
import { RootStore } from './RootStore';

let stores: RootStore;
afterEach(() => {
  stores.session.dispose();
  stores.session.logout();
});

function make(answer: (url: string) => unknown) {
  const assign = vi.fn();
  stores = new RootStore({ notify: () => {}, report: () => {}, assign });
  const request = vi.spyOn(stores.api, 'request').mockImplementation(async ({ url }) => {
    const body = answer(url);
    if (body instanceof Error) throw body;
    return { data: body, status: 200, headers: {} };
  });
  stores.session.login('token');
  stores.notifications.setUnread(3);
  return { assign, request };
}

describe('RootStore', () => {
  it('signs out: revokes the token, drops it and forgets the user’s data, even when the server is down', async () => {
    const { request } = make(() => new Error('offline'));
    await stores.signOut();
    expect(request.mock.calls[0][0]).toMatchObject({ method: 'POST', url: 'auth/logout', silent: true });
    expect(stores.session.isAuthenticated).toBe(false);
    expect(stores.notifications.unread).toBe(0);
  });

  it('leaves impersonation for data.redirect_url', async () => {
    const { assign } = make(() => ({ data: { redirect_url: 'https://admin.adnet.example.com/users/5' } }));
    expect(await stores.leaveImpersonation()).toBe(true);
    expect(assign).toHaveBeenCalledWith('https://admin.adnet.example.com/users/5');
    expect(stores.session.isAuthenticated).toBe(false);
  });

  it('never follows a script URL, and keeps the session when leaving fails', async () => {
    let { assign } = make(() => ({ data: { redirect_url: 'javascript:alert(1)' } }));
    await stores.leaveImpersonation();
    expect(assign).toHaveBeenCalledWith('/login');
    stores.session.dispose();
    ({ assign } = make(() => new Error('403')));
    expect(await stores.leaveImpersonation()).toBe(false);
    expect(assign).not.toHaveBeenCalled();
    expect(stores.session.isAuthenticated).toBe(true);
  });
});
