import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiClient } from '../api/ApiClient';
import { json, startTestServer } from '../api/testServer';
import { SessionStore } from './SessionStore';
import { refreshVia } from './refreshVia';

let server: Awaited<ReturnType<typeof startTestServer>>;
let next = 0;

beforeAll(async () => {
  server = await startTestServer({
    'GET /api/private/v1/auth/refresh': (req, res) => {
      if (req.headers.authorization === 'Bearer revoked') json(res, 401, { message: 'Unauthenticated.' });
      else json(res, 200, { data: null }, { Authorization: `Bearer renewed-${++next}` });
    },
  });
});
afterAll(() => server.close());

describe('refreshVia + SessionStore over a real server', () => {
  it('replaces the token with the one from the Authorization header', async () => {
    const holder: { session?: SessionStore } = {};
    const api = new ApiClient({ origin: server.origin, tokens: { getToken: () => holder.session!.getToken(), clearToken: () => holder.session!.clearToken() } });
    const session = (holder.session = new SessionStore({ refresh: refreshVia(api), key: 'rv', events: null }));
    session.login('first');
    await session.refresh();
    expect(session.token).toMatch(/^renewed-\d+$/);
    expect(server.seen.at(-1)?.headers.authorization).toBe('Bearer first');
    session.dispose();
  });

  it('a 401 on refresh signs out and sends the user to login, without a toast', async () => {
    const notify = vi.fn();
    const onUnauthorized = vi.fn();
    const holder: { session?: SessionStore } = {};
    const api = new ApiClient({
      origin: server.origin,
      notify,
      onUnauthorized,
      tokens: { getToken: () => holder.session!.getToken(), clearToken: () => holder.session!.clearToken() },
    });
    const session = (holder.session = new SessionStore({ refresh: refreshVia(api), key: 'rv', events: null }));
    session.login('revoked');
    await session.refresh();
    expect(session.isAuthenticated).toBe(false);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(notify).not.toHaveBeenCalled();
    session.dispose();
  });
});
