import { decodeJwt } from 'jose';
import { isNotNull, sql } from 'drizzle-orm';
import { authSessions } from '../../server/db/schema';
import { REFRESH_GRACE_SECONDS } from '../../server/repositories/sessionsRepository';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, build, DEMO_PASSWORD, login, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t?.close());

const bearer = (header: unknown) => /^Bearer (\S+)$/.exec(String(header))?.[1];

describe('POST auth/login', () => {
  it('answers the token in the Authorization header and the user in data', async () => {
    const res = await api(t.app, 'POST', 'auth/login', { body: { email: 'advertiser@adnet.test', password: DEMO_PASSWORD } });
    expect(res.statusCode).toBe(200);
    const token = bearer(res.headers.authorization);
    expect(token?.split('.')).toHaveLength(3);
    const { data } = res.json();
    expect(data).toMatchObject({ token_type: 'Bearer', expires_in: 7200, authentication_method: null });
    expect(data.user).toMatchObject({ email: 'advertiser@adnet.test', status: 'confirmed', balance: '1250.50', is_impersonating: false });
    expect(Date.parse(data.expires_at) - Date.now()).toBeGreaterThan(7100_000);
  });

  it('accepts the e-mail in any case and with spaces', async () => {
    const res = await api(t.app, 'POST', 'auth/login', { body: { email: 'Advertiser@AdNet.test', password: DEMO_PASSWORD } });
    expect(res.statusCode).toBe(200);
  });

  it('rejects a wrong password and an unknown e-mail with the same field error', async () => {
    for (const body of [
      { email: 'advertiser@adnet.test', password: 'wrong-password' },
      { email: 'nobody@adnet.test', password: DEMO_PASSWORD },
    ]) {
      const res = await api(t.app, 'POST', 'auth/login', { body });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ email: ['These credentials do not match our records.'] });
      expect(res.headers.authorization).toBeUndefined();
    }
  });

  it('only lets users in on their own network', async () => {
    const res = await api(t.app, 'POST', 'auth/login', { host: 'pushhub.localhost', body: { email: 'advertiser@adnet.test', password: DEMO_PASSWORD } });
    expect(res.statusCode).toBe(422);
    expect(await login(t.app, 'advertiser@pushhub.test', 'pushhub.localhost')).toBeTruthy();
  });

  it('rejects unknown fields instead of stripping them, and reports missing ones', async () => {
    const res = await api(t.app, 'POST', 'auth/login', { body: { email: 'advertiser@adnet.test', password: DEMO_PASSWORD, remember: true } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ remember: ['This field is not allowed'] });
    const missing = await api(t.app, 'POST', 'auth/login', { body: { email: 'not-an-email' } });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors).sort()).toEqual(['email', 'password']);
  });
});

describe('answers in the reader\'s language (Accept-Language, among the network\'s locales)', () => {
  it('translates the server\'s own messages and schema errors', async () => {
    const wrong = await api(t.app, 'POST', 'auth/login', { headers: { 'accept-language': 'ru' }, body: { email: 'advertiser@adnet.test', password: 'wrong-password' } });
    expect(wrong.json()).toEqual({ message: 'Переданные данные некорректны.', errors: { email: ['Неверный e-mail или пароль.'] } });
    const invalid = await api(t.app, 'POST', 'auth/login', { headers: { 'accept-language': 'de-AT,de;q=0.9,en;q=0.8' }, body: { email: 'x@adnet.test', remember: true } });
    expect(invalid.json().errors).toMatchObject({ password: ['Dies ist ein Pflichtfeld'], remember: ['Dieses Feld ist nicht zulässig'] });
    const ja = await api(t.app, 'GET', 'user', { headers: { 'accept-language': 'ja-JP' } });
    expect(ja.json().message).toBe('ログインが必要です。');
  });

  it('falls back to the network\'s default for a language it does not enable, and to English text it does not know', async () => {
    const es = await api(t.app, 'POST', 'auth/login', { host: 'pushhub.localhost', headers: { 'accept-language': 'es' }, body: { email: 'a@pushhub.test', password: 'wrong-password' } });
    expect(es.json().errors).toEqual({ email: ['These credentials do not match our records.'] });
    const unknown = await api(t.app, 'GET', 'collections/nope', { headers: { 'accept-language': 'ru' } });
    expect(unknown.json().message).toMatch(/^Unknown collection "nope"/);
  });
});

describe('GET user', () => {
  it('answers the current user entity', async () => {
    const token = await login(t.app, 'company@adnet.test');
    const res = await api(t.app, 'GET', 'user', { token });
    expect(res.statusCode).toBe(200);
    const user = res.json().data;
    expect(user).toMatchObject({
      name: 'Acme Media GmbH',
      contact_name: 'Maria Schmidt',
      email: 'company@adnet.test',
      status: 'confirmed',
      account_type: 'company',
      locale: 'de',
      balance: '15420.75',
      is_impersonating: false,
      impersonator: null,
      account_manager: { name: 'Anna Petrova', avatar_url: '/network-assets/adnet/manager-anna.svg' },
    });
    expect(user.hash_values.user_id).toMatch(/^[0-9a-f]{64}$/);
    expect(typeof user.id).toBe('number');
  });
});

describe('GET auth/refresh and POST auth/logout', () => {
  it('refresh answers a new token; the old one works for a grace period, then not at all', async () => {
    const old = await login(t.app, 'advertiser@adnet.test');
    const res = await api(t.app, 'GET', 'auth/refresh', { token: old });
    expect(res.statusCode).toBe(200);
    const fresh = bearer(res.headers.authorization);
    expect(fresh).toBeTruthy();
    expect(fresh).not.toBe(old);
    expect((await api(t.app, 'GET', 'user', { token: fresh })).statusCode).toBe(200);
    // A request that left with the old token while the refresh was under way still counts.
    expect((await api(t.app, 'GET', 'user', { token: old })).statusCode).toBe(200);
    await t.database.db
      .update(authSessions)
      .set({ revokedAt: sql`now() - make_interval(secs => ${REFRESH_GRACE_SECONDS + 1})` })
      .where(isNotNull(authSessions.replacedBy));
    expect((await api(t.app, 'GET', 'user', { token: old })).statusCode).toBe(401);
    expect((await api(t.app, 'GET', 'auth/refresh', { token: old })).statusCode).toBe(401);
    expect((await api(t.app, 'GET', 'user', { token: fresh })).statusCode).toBe(200);
  });

  it('logout revokes the token on the server at once', async () => {
    const token = await login(t.app, 'advertiser@adnet.test');
    const other = await login(t.app, 'advertiser@adnet.test');
    expect((await api(t.app, 'POST', 'auth/logout', { token })).statusCode).toBe(200);
    expect((await api(t.app, 'GET', 'user', { token })).statusCode).toBe(401);
    expect((await api(t.app, 'POST', 'auth/logout', { token })).statusCode).toBe(401);
    // Only that session ends: the same user signed in elsewhere stays in.
    expect((await api(t.app, 'GET', 'user', { token: other })).statusCode).toBe(200);
  });

  it('refreshes a replaced token into the same session, once, and logout ends every token of the sign-in (F8)', async () => {
    const old = await login(t.app, 'advertiser@adnet.test');
    const first = bearer((await api(t.app, 'GET', 'auth/refresh', { token: old })).headers.authorization)!;
    // Inside its grace the replaced token refreshes again (a second tab), but into the session it was replaced by.
    const again = await api(t.app, 'GET', 'auth/refresh', { token: old });
    expect(again.statusCode).toBe(200);
    const second = bearer(again.headers.authorization)!;
    expect(decodeJwt(second).jti).toBe(decodeJwt(first).jti);
    const family = await t.database.db.select().from(authSessions).where(sql`${authSessions.familyId} = (select family_id from auth_sessions where id = ${decodeJwt(old).jti})`);
    expect(family).toHaveLength(2);
    // Logout with any token of the family ends all of them, the replaced one in its grace included.
    expect((await api(t.app, 'POST', 'auth/logout', { token: second })).statusCode).toBe(200);
    for (const token of [old, first, second]) {
      expect((await api(t.app, 'GET', 'user', { token })).statusCode).toBe(401);
      expect((await api(t.app, 'GET', 'auth/refresh', { token })).statusCode).toBe(401);
    }
  });

  it('two refreshes of one token at once end in one session', async () => {
    const old = await login(t.app, 'advertiser@adnet.test');
    const answers = await Promise.all([api(t.app, 'GET', 'auth/refresh', { token: old }), api(t.app, 'GET', 'auth/refresh', { token: old })]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const [a, b] = answers.map((r) => decodeJwt(bearer(r.headers.authorization)!).jti);
    expect(a).toBe(b);
    const live = await t.database.db.select().from(authSessions).where(sql`${authSessions.familyId} = (select family_id from auth_sessions where id = ${decodeJwt(old).jti}) and ${authSessions.revokedAt} is null`);
    expect(live.map((s) => s.id)).toEqual([a]);
  });

  it('exposes the Authorization header to the network page hosts (CORS)', async () => {
    const res = await api(t.app, 'POST', 'auth/login', {
      host: 'core.adnet.example.com',
      headers: { origin: 'https://panel.adnet.example.com' },
      body: { email: 'advertiser@adnet.test', password: DEMO_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('https://panel.adnet.example.com');
    expect(String(res.headers['access-control-expose-headers'])).toContain('Authorization');
  });
});

describe('login rate limit', () => {
  it('answers 429 after too many attempts for one address and e-mail', async () => {
    const limited = await build({ loginRateLimit: { max: 2, timeWindow: 60_000 } });
    try {
      const attempt = (email: string) => api(limited.app, 'POST', 'auth/login', { body: { email, password: 'wrong-password' } });
      expect((await attempt('advertiser@adnet.test')).statusCode).toBe(422);
      expect((await attempt('advertiser@adnet.test')).statusCode).toBe(422);
      const blocked = await attempt('advertiser@adnet.test');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().message).toMatch(/rate limit/i);
      // Another e-mail from the same address has its own budget.
      expect((await attempt('company@adnet.test')).statusCode).toBe(422);
    } finally {
      await limited.close();
    }
  });
});
