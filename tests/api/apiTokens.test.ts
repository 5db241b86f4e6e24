import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiTokenLimiter, MAX_API_TOKENS, newApiToken, publicIdOf } from '../../server/repositories/apiTokensRepository';
import { api, build, login, type TestApp } from './helper';

/**
 * Personal API tokens on the API: made and listed by a signed-in session (the secret shown once, only its hash kept),
 * accepted as bearer tokens within their scope, never on the session-only calls, limited per token, on their own
 * network only, and dead the moment they are revoked.
 */

let t: TestApp;
let alex: string;
let company: string;
const HUB = 'pushhub.localhost';

beforeAll(async () => {
  t = await build({ apiTokenRateLimit: { max: 5, windowMs: 60_000 } });
  alex = await login(t.app, 'advertiser@adnet.test');
  company = await login(t.app, 'company@adnet.test');
});
afterAll(() => t?.close());

type Created = { data: { id: string; name: string; scope: string; token: string; created_at: string; last_used_at: null } };
const call = (method: string, path: string, token: string, body?: unknown, host?: string) => api(t.app, method as 'GET', path, { token, body, host });
async function create(as: string, name: string, scope: 'read' | 'full'): Promise<Created['data']> {
  const res = await call('POST', 'api-token', as, { name, scope });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as Created).data;
}
const rows = async <T>(query: ReturnType<typeof sql>) => ((await t.app.platform.db.execute(query)) as unknown as { rows: T[] }).rows;

describe('API tokens', () => {
  it('shows the token once, keeps only its hash, and lists it by its public id', async () => {
    const made = await create(alex, '  Reporting script ', 'read');
    expect(made.token).toMatch(/^apt_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/);
    expect(made.id).toBe(publicIdOf(made.token));
    expect(made.name).toBe('Reporting script');
    const [stored] = await rows<Record<string, unknown>>(sql`select * from api_tokens where public_id = ${made.id}`);
    // The secret is what follows the public id (it is base64url, so it may hold underscores itself).
    const secret = made.token.slice(`${made.id}_`.length);
    expect(secret).toHaveLength(43);
    expect(JSON.stringify(stored)).not.toContain(secret);
    expect(stored.secret_hash).toMatch(/^[0-9a-f]{64}$/);

    const list = (await call('GET', 'api-token?search=reporting', alex)).json() as { data: Record<string, unknown>[]; recordsFiltered: number };
    expect(list.recordsFiltered).toBe(1);
    expect(list.data[0]).toEqual({ id: made.id, name: 'Reporting script', scope: 'read', created_at: made.created_at, last_used_at: null });
    expect(JSON.stringify(list)).not.toContain(made.token);
    const full = (await call('GET', 'api-token?scope=full&search=reporting', alex)).json() as { recordsFiltered: number };
    expect(full.recordsFiltered).toBe(0);
  });

  it('reads with a read-only token, refuses its writes, and marks it used', async () => {
    const { token, id } = await create(alex, 'Dashboard', 'read');
    const profile = await call('GET', 'profile', token);
    expect(profile.statusCode, profile.body).toBe(200);
    expect((profile.json() as { data: { email: string } }).data.email).toBe('advertiser@adnet.test');
    expect((await call('GET', 'campaigns', token)).statusCode).toBe(200);

    const write = await call('POST', 'feeds', token, { name: 'By script', endpoint: 'https://feed.example.com/x.xml' });
    expect(write.statusCode).toBe(403);
    expect(write.json()).toMatchObject({ message: 'This API token is read-only: make a token with full access to change anything.' });
    const [used] = await rows<{ last_used_at: Date | null }>(sql`select last_used_at from api_tokens where public_id = ${id}`);
    expect(used.last_used_at).not.toBeNull();
  });

  it('writes with a full token, but never the session-only calls: tokens, password, impersonation, sign-out, refresh', async () => {
    const { token } = await create(alex, 'Integration', 'full');
    const feed = await call('POST', 'feeds', token, { name: 'Made by a script', endpoint: 'https://feed.example.com/script.xml' });
    expect(feed.statusCode, feed.body).toBe(201);

    const refusals: [string, string, unknown?][] = [
      ['POST', 'api-token', { name: 'Another', scope: 'full' }],
      ['GET', 'api-token'],
      ['PUT', 'profile/password', { current_password: 'demo1234', password: 'another-pass-9', password_confirmation: 'another-pass-9' }],
      ['PUT', 'profile/update', { name: 'Changed by a script' }],
      ['GET', 'profile/google2fa'],
      ['POST', 'impersonate/1'],
      ['POST', 'auth/logout'],
      ['GET', 'auth/refresh'],
    ];
    for (const [method, path, body] of refusals) {
      const res = await call(method, path, token, body);
      expect(res.statusCode, `${method} ${path}: ${res.body}`).toBe(403);
      expect(res.json()).toMatchObject({ message: 'An API token cannot make this call: sign in to the panel to do it.' });
    }
    // The document says which calls those are, each with its 403.
    const doc = (await api(t.app, 'GET', 'docs/api.json')).json() as { paths: Record<string, Record<string, { 'x-session-only'?: boolean; responses: Record<string, unknown> }>> };
    const sessionOnly = Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).filter(([, op]) => op['x-session-only']).map(([method, op]) => ({ call: `${method.toUpperCase()} ${path.replace('/api/private/v1/', '')}`, op })));
    expect(sessionOnly.map((s) => s.call).sort()).toEqual(
      ['DELETE api-token/{token}', 'DELETE profile/telegram', 'GET api-token', 'GET auth/refresh', 'GET impersonate/leave', 'GET profile/google2fa', 'POST api-token', 'POST auth/logout', 'POST impersonate/{userId}', 'POST profile/google2fa/validate', 'POST profile/telegram/generate-url', 'PUT profile/password', 'PUT profile/update'].sort(),
    );
    expect(sessionOnly.filter((s) => !s.op.responses['403']).map((s) => s.call)).toEqual([]);
    // The session that made it still works, and its password is unchanged.
    expect((await call('GET', 'api-token', alex)).statusCode).toBe(200);
    expect(await login(t.app, 'advertiser@adnet.test')).toBeTruthy();
  });

  it('stops working the moment it is revoked; another user cannot revoke it; it is no token on another network', async () => {
    const { token, id } = await create(company, 'Temporary', 'full');
    expect((await call('GET', 'profile', token)).statusCode).toBe(200);
    expect((await call('GET', 'profile', token, undefined, HUB)).statusCode).toBe(401);
    expect((await call('DELETE', `api-token/${id}`, alex)).statusCode).toBe(404);
    expect((await call('GET', 'profile', token)).statusCode).toBe(200);

    const revoked = await call('DELETE', `api-token/${id}`, company);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json()).toEqual({ data: { id } });
    expect((await call('GET', 'profile', token)).statusCode).toBe(401);
    expect((await call('DELETE', `api-token/${id}`, company)).statusCode).toBe(404);
  });

  it('refuses forged, altered and malformed tokens with 401', async () => {
    const { token } = await create(company, 'Real', 'read');
    const altered = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    for (const bad of [altered, newApiToken().token, 'apt_', `${token}x`, 'apt_zzzzzzzzzzzz_' + 'a'.repeat(43)]) {
      expect((await call('GET', 'profile', bad)).statusCode, bad).toBe(401);
    }
  });

  it('checks the form: a name, and one of the two scopes', async () => {
    for (const body of [{ name: '', scope: 'read' }, { name: '   ', scope: 'read' }, { name: 'x', scope: 'admin' }, { name: 'a'.repeat(101), scope: 'full' }, { scope: 'read' }]) {
      const res = await call('POST', 'api-token', company, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
    }
    expect((await call('DELETE', 'api-token/not-an-id', company)).statusCode).toBe(422);
  });

  it(`holds at most ${MAX_API_TOKENS} tokens per user`, async () => {
    const other = await login(t.app, 'company@pushhub.test', HUB);
    for (let i = 0; i < MAX_API_TOKENS; i += 1) expect((await call('POST', 'api-token', other, { name: `Token ${i}`, scope: 'read' }, HUB)).statusCode).toBe(201);
    const refused = await call('POST', 'api-token', other, { name: 'One more', scope: 'read' }, HUB);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: `You have ${MAX_API_TOKENS} API tokens, the most allowed: revoke one you no longer use first.` });
  });

  it('limits each token’s calls per window with 429 and Retry-After, other tokens unaffected', async () => {
    const busy = await create(company, 'Busy', 'read');
    const calm = await create(company, 'Calm', 'read');
    for (let i = 0; i < 5; i += 1) expect((await call('GET', 'profile', busy.token)).statusCode).toBe(200);
    const limited = await call('GET', 'profile', busy.token);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await call('GET', 'profile', calm.token)).statusCode).toBe(200);
  });
});

describe('createApiTokenLimiter', () => {
  it('counts calls per token in fixed windows and says how long to wait', () => {
    const limiter = createApiTokenLimiter({ max: 2, windowMs: 10_000 });
    expect([limiter.take(1, 0), limiter.take(1, 1000), limiter.take(1, 2500)]).toEqual([null, null, 8]);
    expect(limiter.take(2, 2500)).toBeNull();
    expect(limiter.take(1, 10_000)).toBeNull();
  });
});
