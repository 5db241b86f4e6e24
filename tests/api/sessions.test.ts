/**
 * The sessions suite: every token the server did not issue, or no longer honours, is 401 (never 200, never a 500),
 * and the calls that end sessions end them at once. The token rules live in server/auth/tokens.ts and
 * server/plugins/authenticate.ts; refresh and logout in detail are in auth.test.ts, the password change in
 * profile.test.ts.
 */
import { decodeJwt, generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getOrCreateSecret } from '../../server/repositories/secretsRepository';
import { api, bearer, build, DEMO_PASSWORD, login, type TestApp } from './helper';

let t: TestApp;
let live: string;
let claims: JWTPayload;
let secret: Uint8Array;
beforeAll(async () => {
  t = await build();
  live = await login(t.app, 'advertiser@adnet.test');
  claims = decodeJwt(live);
  secret = new TextEncoder().encode(await getOrCreateSecret(t.database.db, 'jwt_secret'));
});
afterAll(() => t?.close());

const now = () => Math.floor(Date.now() / 1000);
const b64 = (value: object | string) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

/** The live token's claims, signed as told: the server's own key and algorithm unless a case changes them. */
function signed(over: { alg?: string; key?: Uint8Array | CryptoKey; iat?: number; exp?: number; nbf?: number } = {}) {
  const jwt = new SignJWT({})
    .setProtectedHeader({ alg: over.alg ?? 'HS256', typ: 'JWT' })
    .setSubject(claims.sub!)
    .setJti(claims.jti!)
    .setIssuer(claims.iss!)
    .setAudience(claims.aud!)
    .setIssuedAt(over.iat ?? now())
    .setExpirationTime(over.exp ?? now() + 3600);
  if (over.nbf !== undefined) jwt.setNotBefore(over.nbf);
  return jwt.sign(over.key ?? secret);
}

const get = (token: string, host?: string) => api(t.app, 'GET', 'user', { token, host });

describe('tokens the server does not honour: all 401', () => {
  it('the live token itself works (the cases below differ from it in one thing each)', async () => {
    expect((await get(live)).statusCode).toBe(200);
    expect((await get(await signed())).statusCode).toBe(200);
  });

  const cases: [string, () => Promise<string> | string][] = [
    ['no token at all', () => ''],
    ['not a JWT', () => 'not.a.token'],
    ['alg: none, no signature', () => `${b64({ alg: 'none', typ: 'JWT' })}.${live.split('.')[1]}.`],
    ['alg: none with the real signature kept', () => `${b64({ alg: 'none', typ: 'JWT' })}.${live.split('.')[1]}.${live.split('.')[2]}`],
    ['a swapped algorithm: HS512 with the real key', () => signed({ alg: 'HS512' })],
    ['a swapped algorithm: HS384 with the real key', () => signed({ alg: 'HS384' })],
    ['a swapped algorithm: RS256 with a key of its own', async () => signed({ alg: 'RS256', key: (await generateKeyPair('RS256')).privateKey })],
    ['a wrong key', () => signed({ key: new TextEncoder().encode('y'.repeat(48)) })],
    ['a payload changed after signing (another user)', () => {
      const [head, , signature] = live.split('.');
      return `${head}.${b64({ ...claims, sub: String(Number(claims.sub) + 1) })}.${signature}`;
    }],
    ['expired', () => signed({ iat: now() - 7300, exp: now() - 100 })],
    ['not yet valid (nbf an hour ahead)', () => signed({ nbf: now() + 3600 })],
    ['characters beyond one byte in the token', () => `${live.slice(0, -2)}é${live.slice(-1)}`],
    ['an emoji appended', () => `${live}😀`],
    ['an oversized header (8 KiB of token)', () => `${live}.${'A'.repeat(8192)}`],
    ['an oversized payload (a 6 KiB claim, validly signed)', () => new SignJWT({ pad: 'x'.repeat(6144) }).setProtectedHeader({ alg: 'HS256' }).setSubject(claims.sub!).setJti(claims.jti!).setIssuer(claims.iss!).setAudience(claims.aud!).setExpirationTime('1h').sign(secret)],
  ];

  it.each(cases)('%s', async (_name, make) => {
    const token = await make();
    const res = token ? await get(token) : await api(t.app, 'GET', 'user');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthenticated.' });
  });

  it('a token of another network', async () => {
    const pushhub = await login(t.app, 'advertiser@pushhub.test', 'pushhub.localhost');
    expect((await get(pushhub, 'pushhub.localhost')).statusCode).toBe(200);
    expect((await get(pushhub, 'adnet.localhost')).statusCode).toBe(401);
  });

  it('an Authorization header that is not a bearer token, or two tokens', async () => {
    for (const authorization of [`Basic ${b64('advertiser@adnet.test:demo')}`, `Bearer ${live} ${live}`, `Token ${live}`, 'Bearer']) {
      expect((await api(t.app, 'GET', 'user', { headers: { authorization } })).statusCode).toBe(401);
    }
  });
});

describe('calls that end sessions end them at once', () => {
  it('refresh: the replaced token keeps working only inside its grace (auth.test.ts moves the clock past it)', async () => {
    const old = await login(t.app, 'advertiser@adnet.test');
    const fresh = bearer((await api(t.app, 'GET', 'auth/refresh', { token: old })).headers.authorization)!;
    expect((await get(fresh)).statusCode).toBe(200);
    expect(decodeJwt(fresh).jti).not.toBe(decodeJwt(old).jti);
  });

  it('logout: that token is 401 on the next call', async () => {
    const token = await login(t.app, 'advertiser@adnet.test');
    expect((await api(t.app, 'POST', 'auth/logout', { token })).statusCode).toBe(200);
    expect((await get(token)).statusCode).toBe(401);
  });

  it('a password change: every other session of the account is 401 on the next call, this one stays', async () => {
    const here = await login(t.app, 'company@adnet.test');
    const elsewhere = await login(t.app, 'company@adnet.test');
    const body = { current_password: DEMO_PASSWORD, password: 'Brighter2027day', password_confirmation: 'Brighter2027day' };
    expect((await api(t.app, 'PUT', 'profile/password', { token: here, body })).statusCode).toBe(200);
    expect((await get(elsewhere)).statusCode).toBe(401);
    expect((await get(here)).statusCode).toBe(200);
  });
});
