import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userCodes } from '../../server/db/schema';
import { api, build, DEMO_PASSWORD, login, outbox, solveCaptcha, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t?.close());

const NEUTRAL = 'If this e-mail address has an account, we have sent a link to reset the password. It works for one hour.';
const forgot = async (email: string, host = 'adnet.localhost:8080') =>
  api(t.app, 'POST', 'auth/password/email', { host, body: { email, 'g-recaptcha-response': await solveCaptcha(t.app, host) } });
const resetLink = (link: string) => {
  const url = new URL(link);
  return { path: url.pathname, token: url.searchParams.get('token')!, email: url.searchParams.get('email')! };
};

describe('POST auth/password/email', () => {
  it('answers the same neutral message for known and unknown addresses, and mails only known ones', async () => {
    const known = await forgot('company@adnet.test');
    const unknown = await forgot('nobody@adnet.test');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual({ data: { message: NEUTRAL } });
    expect(unknown.json()).toEqual(known.json());
    expect(await outbox(t.app, 'nobody@adnet.test')).toEqual([]);
    const [mail] = await outbox(t.app, 'company@adnet.test');
    expect(mail.kind).toBe('password_reset');
    expect(mail.subject).toBe('AdNet: Passwort zurücksetzen'); // the user's locale is de
    const link = resetLink(mail.links[0]);
    expect(link).toMatchObject({ path: '/password/reset', email: 'company@adnet.test' });
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('sends at most one mail a minute per address, also to requests at the same moment', async () => {
    await Promise.all([forgot('support@adnet.test'), forgot('support@adnet.test'), forgot('support@adnet.test')]);
    await forgot('support@adnet.test');
    expect(await outbox(t.app, 'support@adnet.test')).toHaveLength(1);
  });

  it('issues one code when many asks for the same address race (the cooldown check and the insert are one step)', async () => {
    const { codes, users } = t.app.platform;
    const user = (await users.findByEmail('adnet', 'google2fa@adnet.test'))!;
    const ask = () => codes.issueUnlessRecent({ userId: user.id, networkId: user.networkId, purpose: 'password_reset', secret: 'x' }, 60_000);
    const issued = await Promise.all(Array.from({ length: 6 }, ask));
    expect(issued.filter(Boolean)).toHaveLength(1);
  });

  it('groups errors under email and g-recaptcha-response', async () => {
    const res = await api(t.app, 'POST', 'auth/password/email', { body: { email: 'not-an-email', 'g-recaptcha-response': '' } });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['email', 'g-recaptcha-response']);
    const wrong = await api(t.app, 'POST', 'auth/password/email', { body: { email: 'advertiser@adnet.test', 'g-recaptcha-response': '00000000-0000-4000-8000-000000000000:3' } });
    expect(Object.keys(wrong.json().errors)).toEqual(['g-recaptcha-response']);
  });
});

describe('POST auth/password/reset', () => {
  it('sets the new password once, signs out every session and notifies', async () => {
    const before = await login(t.app, 'advertiser@adnet.test');
    await forgot('advertiser@adnet.test');
    const { token, email } = resetLink((await outbox(t.app, 'advertiser@adnet.test'))[0].links[0]);
    const body = { email, token, password: 'Brand-new-pass-7', password_confirmation: 'Brand-new-pass-7' };

    const mismatch = await api(t.app, 'POST', 'auth/password/reset', { body: { ...body, password_confirmation: 'x' } });
    expect(Object.keys(mismatch.json().errors)).toEqual(['password_confirmation']);

    const res = await api(t.app, 'POST', 'auth/password/reset', { body });
    expect(res.statusCode).toBe(200);
    expect((await api(t.app, 'GET', 'user', { token: before })).statusCode).toBe(401);
    expect((await api(t.app, 'POST', 'auth/login', { body: { email, password: DEMO_PASSWORD } })).statusCode).toBe(422);
    const signIn = await api(t.app, 'POST', 'auth/login', { body: { email, password: 'Brand-new-pass-7' } });
    expect(signIn.statusCode).toBe(200);
    expect((await outbox(t.app, email))[0].kind).toBe('notification:user_password_changed');

    const again = await api(t.app, 'POST', 'auth/password/reset', { body: { ...body, password: 'Another-pass-8', password_confirmation: 'Another-pass-8' } });
    expect(again.statusCode).toBe(422);
    expect(Object.keys(again.json().errors)).toEqual(['token']);
  });

  it('refuses an expired token, a token for another address, and a weak password', async () => {
    await forgot('advertiser@pushhub.test', 'pushhub.localhost');
    const { token } = resetLink((await outbox(t.app, 'advertiser@pushhub.test', 'pushhub.localhost'))[0].links[0]);
    const body = { email: 'advertiser@pushhub.test', token, password: 'Valid-pass-99', password_confirmation: 'Valid-pass-99' };
    const weak = await api(t.app, 'POST', 'auth/password/reset', { host: 'pushhub.localhost', body: { ...body, password: 'onlyletters', password_confirmation: 'onlyletters' } });
    expect(Object.keys(weak.json().errors)).toEqual(['password']);
    const otherUser = await api(t.app, 'POST', 'auth/password/reset', { host: 'pushhub.localhost', body: { ...body, email: 'company@pushhub.test' } });
    expect(Object.keys(otherUser.json().errors)).toEqual(['token']);
    const otherNetwork = await api(t.app, 'POST', 'auth/password/reset', { host: 'adnet.localhost', body });
    expect(Object.keys(otherNetwork.json().errors)).toEqual(['token']);
    await t.database.db.update(userCodes).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(userCodes.purpose, 'password_reset'));
    const expired = await api(t.app, 'POST', 'auth/password/reset', { host: 'pushhub.localhost', body });
    expect(Object.keys(expired.json().errors)).toEqual(['token']);
  });
});
