import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode, totpStep } from '../../server/auth/totp';
import { DEMO_TOTP_SECRETS } from '../../server/demo/seedData';
import { userCodes, users } from '../../server/db/schema';
import { api, bearer, build, DEMO_PASSWORD, login, outbox, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t?.close());

const REQUIRED = 'Two factor authenification code is required';
const signIn = (email: string, code?: string, host = 'adnet.localhost:8080') =>
  api(t.app, 'POST', 'auth/login', { host, body: { email, password: DEMO_PASSWORD, ...(code !== undefined ? { code } : {}) } });
const mailedCode = async (email: string, host?: string) => {
  const [mail] = await outbox(t.app, email, host);
  expect(mail.kind).toBe('login_code');
  return /\b(\d{6})\b/.exec(mail.text)![1];
};
const userId = async (email: string) => (await t.database.db.select({ id: users.id }).from(users).where(and(eq(users.email, email), eq(users.networkId, 'adnet'))))[0].id;
const expireCodes = async (email: string) =>
  t.database.db.update(userCodes).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(userCodes.userId, await userId(email)));

describe('sign-in with an e-mail code', () => {
  const email = 'email2fa@adnet.test';

  it('answers the step without a token, mails a 6-digit code, then signs in with it once', async () => {
    const before = Date.now();
    const step = await signIn(email);
    expect(step.statusCode).toBe(200);
    expect(step.headers.authorization).toBeUndefined();
    const data = step.json().data;
    expect(Object.keys(data).sort()).toEqual(['application_time', 'authentication_method', 'code_expiration_time', 'code_sent_at']);
    expect(data.authentication_method).toBe('email');
    const ttl = Date.parse(data.code_expiration_time) - Date.parse(data.code_sent_at);
    expect(ttl).toBe(10 * 60_000);
    expect(Date.parse(data.code_sent_at)).toBeGreaterThanOrEqual(before - 1000);

    const code = await mailedCode(email);
    // The stored code is an HMAC, never the code itself.
    const rows = await t.database.db.select().from(userCodes).where(eq(userCodes.userId, await userId(email)));
    expect(rows.some((r) => r.codeHash.includes(code))).toBe(false);

    const ok = await signIn(email, code);
    expect(ok.statusCode).toBe(200);
    expect(bearer(ok.headers.authorization)).toBeTruthy();
    expect(ok.json().data.user.email).toBe(email);
    const reused = await signIn(email, code);
    expect(reused.statusCode).toBe(422);
    expect(reused.json().errors).toEqual({ code: ['The code is invalid.'] });
  });

  it('asks for the code while a step is under way, with the step in data', async () => {
    await expireCodes(email);
    expect((await signIn(email)).statusCode).toBe(200);
    const again = await signIn(email, '');
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ code: [REQUIRED] });
    expect(again.json().data.authentication_method).toBe('email');
  });

  it('locks the second step for 15 minutes after 5 wrong codes, counting across new codes (F3)', async () => {
    await expireCodes(email);
    await signIn(email);
    const other = (code: string) => (code === '000000' ? '111111' : '000000');
    const first = await mailedCode(email);
    for (let i = 0; i < 4; i++) {
      const res = await signIn(email, other(first));
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ code: ['The code is invalid.'] });
    }
    // Signing in again mails a new code, but the count of wrong codes goes on.
    await expireCodes(email);
    expect((await signIn(email)).statusCode).toBe(200);
    const second = await mailedCode(email);
    const fifth = await signIn(email, other(second));
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json().message).toBe('Too many wrong codes. Try again in 15 minutes.');
    expect(Number(fifth.headers['retry-after'])).toBeGreaterThan(14 * 60);
    // Locked: the right code does not pass, and no new code is mailed.
    const mails = (await outbox(t.app, email)).length;
    expect((await signIn(email, second)).statusCode).toBe(429);
    expect((await signIn(email)).statusCode).toBe(429);
    expect(await outbox(t.app, email)).toHaveLength(mails);
    // After the cool-down a new step mails a new code, and a right code starts the count again.
    await t.database.db.update(users).set({ secondStepLockedUntil: sql`now() - interval '1 second'` }).where(eq(users.id, await userId(email)));
    expect((await signIn(email)).statusCode).toBe(200);
    expect((await signIn(email, await mailedCode(email))).statusCode).toBe(200);
    const [row] = await t.database.db.select({ failures: users.secondStepFailures }).from(users).where(eq(users.id, await userId(email)));
    expect(row.failures).toBe(0);
  });

  it('answers code_expired and mails a new code when the code has expired', async () => {
    await expireCodes(email);
    await signIn(email);
    const old = await mailedCode(email);
    await expireCodes(email);
    const expired = await signIn(email, old);
    expect(expired.statusCode).toBe(422);
    expect(expired.json()).toMatchObject({ errors: { code: ['The code has expired. We sent you a new one.'] }, code_expired: true });
    expect(expired.json().data.authentication_method).toBe('email');
    const fresh = await mailedCode(email);
    expect((await signIn(email, fresh)).statusCode).toBe(200);
  });

  it('still checks the password first', async () => {
    const res = await api(t.app, 'POST', 'auth/login', { body: { email, password: 'wrong-password', code: '123456' } });
    expect(res.json().errors).toEqual({ email: ['These credentials do not match our records.'] });
  });
});

describe('sign-in with Google Authenticator', () => {
  const email = 'google2fa@adnet.test';
  const secret = DEMO_TOTP_SECRETS[email];

  it('starts the step without mailing, accepts the current TOTP once, refuses a replay', async () => {
    const step = await signIn(email);
    expect(step.statusCode).toBe(200);
    expect(step.json().data.authentication_method).toBe('google');
    expect(await outbox(t.app, email)).toEqual([]);
    expect((await signIn(email)).json().errors).toEqual({ code: [REQUIRED] });

    const code = totpCode(secret, totpStep());
    const ok = await signIn(email, code);
    expect(ok.statusCode).toBe(200);
    expect(bearer(ok.headers.authorization)).toBeTruthy();
    const replay = await signIn(email, code);
    expect(replay.statusCode).toBe(422);
    expect(replay.json().errors).toEqual({ code: ['The code is invalid.'] });
  });

  it('refuses codes of another secret and of other time windows', async () => {
    const other = DEMO_TOTP_SECRETS['google2fa@pushhub.test'];
    expect((await signIn(email, totpCode(other, totpStep()))).statusCode).toBe(422);
    expect((await signIn(email, totpCode(secret, totpStep() - 3))).statusCode).toBe(422);
  });

  it('keeps pushhub users on their own secret', async () => {
    const host = 'pushhub.localhost';
    const ok = await signIn('google2fa@pushhub.test', totpCode(DEMO_TOTP_SECRETS['google2fa@pushhub.test'], totpStep()), host);
    expect(ok.statusCode).toBe(200);
  });

  it('locks Google Authenticator codes too after 5 wrong ones (F3)', async () => {
    const host = 'pushhub.localhost';
    const who = 'google2fa@pushhub.test';
    const own = DEMO_TOTP_SECRETS[who];
    const wrong = totpCode(DEMO_TOTP_SECRETS[email], totpStep());
    for (let i = 0; i < 4; i++) expect((await signIn(who, wrong, host)).statusCode).toBe(422);
    expect((await signIn(who, wrong, host)).statusCode).toBe(429);
    expect((await signIn(who, totpCode(own, totpStep()), host)).statusCode).toBe(429);
    await t.database.db.update(users).set({ secondStepLockedUntil: null }).where(eq(users.email, who));
    // One step ahead: the step of the current window was used by the test before.
    expect((await signIn(who, totpCode(own, totpStep() + 1), host)).statusCode).toBe(200);
  });

  it('seals the TOTP secret at rest', async () => {
    const [row] = await t.database.db.select({ s: users.google2faSecret }).from(users).where(eq(users.id, await userId(email)));
    expect(row.s).toMatch(/^v1\./);
    expect(row.s).not.toContain(secret);
  });

  it('GET auth/login/google tells the authenticator parameters', async () => {
    const res = await api(t.app, 'GET', 'auth/login/google');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ issuer: 'AdNet', algorithm: 'SHA1', digits: 6, period: 30 });
  });
});

describe('users without a second step', () => {
  it('sign in at once, as before', async () => {
    expect(await login(t.app, 'advertiser@adnet.test')).toBeTruthy();
  });
});
