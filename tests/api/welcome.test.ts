/**
 * The welcome screen's flag (POST user/welcome-seen, `welcome_seen` of GET user): a new user has not seen it, the
 * demo users have, and support impersonating a user does not use it up.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, bearer, build, login, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t?.close());

const me = async (token: string) => (await api(t.app, 'GET', 'user', { token })).json().data as { id: number; welcome_seen: boolean };

describe('the welcome screen', () => {
  it('shows until the user finishes or skips it, never counting a look by support', async () => {
    const token = await login(t.app, 'company@adnet.test');
    const { id } = await me(token);
    // The demo users are past it; make this one new again.
    expect((await me(token)).welcome_seen).toBe(true);
    await t.database.db.execute(sql`update users set welcome_seen_at = null where id = ${id}`);
    expect((await me(token)).welcome_seen).toBe(false);

    const support = await login(t.app, 'support@adnet.test');
    const link = (await api(t.app, 'POST', `impersonate/${id}`, { token: support })).json().data.url as string;
    const enter = await api(t.app, 'POST', 'auth/impersonate', { body: { token: new URL(link).searchParams.get('token') } });
    const asSupport = bearer(enter.headers.authorization)!;
    expect((await api(t.app, 'POST', 'user/welcome-seen', { token: asSupport })).statusCode).toBe(204);
    expect((await me(token)).welcome_seen).toBe(false);

    expect((await api(t.app, 'POST', 'user/welcome-seen', { token })).statusCode).toBe(204);
    expect((await me(token)).welcome_seen).toBe(true);
    expect((await api(t.app, 'POST', 'user/welcome-seen')).statusCode).toBe(401);
  });
});
