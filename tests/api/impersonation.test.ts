import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, bearer, build, login, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t?.close());

const idOf = async (token: string, host?: string) => (await api(t.app, 'GET', 'user', { token, host })).json().data.id as number;
const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;

describe('impersonation', () => {
  it('support gets a one-time link, enters it, acts as the user, and leaves', async () => {
    const support = await login(t.app, 'support@adnet.test');
    const supportId = await idOf(support);
    const advertiserId = await idOf(await login(t.app, 'advertiser@adnet.test'));

    const link = await api(t.app, 'POST', `impersonate/${advertiserId}`, { token: support });
    expect(link.statusCode).toBe(200);
    const { url } = link.json().data;
    expect(url).toMatch(/^http:\/\/adnet\.localhost:8080\/impersonate\?token=\d+_[A-Za-z0-9_-]{43}$/);

    const enter = await api(t.app, 'POST', 'auth/impersonate', { body: { token: tokenOf(url) } });
    expect(enter.statusCode).toBe(200);
    const token = bearer(enter.headers.authorization)!;
    const user = (await api(t.app, 'GET', 'user', { token })).json().data;
    expect(user).toMatchObject({ id: advertiserId, email: 'advertiser@adnet.test', is_impersonating: true, impersonator: { id: supportId, email: 'support@adnet.test' } });
    // The impersonation survives a refresh.
    const refreshed = bearer((await api(t.app, 'GET', 'auth/refresh', { token })).headers.authorization)!;
    expect((await api(t.app, 'GET', 'user', { token: refreshed })).json().data.is_impersonating).toBe(true);

    // One time only.
    expect((await api(t.app, 'POST', 'auth/impersonate', { body: { token: tokenOf(url) } })).statusCode).toBe(422);

    const leave = await api(t.app, 'GET', 'impersonate/leave', { token: refreshed });
    expect(leave.statusCode).toBe(200);
    expect(leave.json().data).toEqual({ redirect_url: 'http://adnet.localhost:8080/' });
    expect((await api(t.app, 'GET', 'user', { token: refreshed })).statusCode).toBe(401);
    // The support user's own session is untouched.
    expect((await api(t.app, 'GET', 'user', { token: support })).json().data.is_impersonating).toBe(false);
  });

  it('is for support users of the same network only, towards advertisers', async () => {
    const advertiser = await login(t.app, 'advertiser@adnet.test');
    const companyId = await idOf(await login(t.app, 'company@adnet.test'));
    expect((await api(t.app, 'POST', `impersonate/${companyId}`, { token: advertiser })).statusCode).toBe(403);

    const support = await login(t.app, 'support@adnet.test');
    const supportId = await idOf(support);
    expect((await api(t.app, 'POST', `impersonate/${supportId}`, { token: support })).statusCode).toBe(422);
    const pushhubUserId = await idOf(await login(t.app, 'advertiser@pushhub.test', 'pushhub.localhost'), 'pushhub.localhost');
    expect((await api(t.app, 'POST', `impersonate/${pushhubUserId}`, { token: support })).statusCode).toBe(404);
    expect((await api(t.app, 'POST', `impersonate/${companyId}`)).statusCode).toBe(401);

    // A link of one network does not open on another.
    const { url } = (await api(t.app, 'POST', `impersonate/${companyId}`, { token: support })).json().data;
    expect((await api(t.app, 'POST', 'auth/impersonate', { host: 'pushhub.localhost', body: { token: tokenOf(url) } })).statusCode).toBe(422);
  });

  it('refuses forged and tampered tokens, and leave outside impersonation', async () => {
    const support = await login(t.app, 'support@adnet.test');
    const companyId = await idOf(await login(t.app, 'company@adnet.test'));
    const { url } = (await api(t.app, 'POST', `impersonate/${companyId}`, { token: support })).json().data;
    const token = tokenOf(url);
    const tampered = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    for (const bad of [tampered, 'garbage', `999999_${token.split('_').slice(1).join('_')}`]) {
      const res = await api(t.app, 'POST', 'auth/impersonate', { body: { token: bad } });
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(['token']);
    }
    expect((await api(t.app, 'POST', 'auth/impersonate', { body: { token } })).statusCode).toBe(200);
    expect((await api(t.app, 'GET', 'impersonate/leave', { token: support })).statusCode).toBe(403);
  });
});
