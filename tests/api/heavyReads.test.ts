/**
 * Probe finding F11: one user's 200 concurrent statistics calls made another user's request wait 23 s. The heavy
 * reads (statistics, tooltips, dashboard figures, week spend, traffic estimates, the campaign table) take a slot of
 * server/plugins/heavyReads.ts: a few per user, a few for everyone, 429 with Retry-After beyond them. Real concurrency:
 * a test route holds its slot until the test opens its gate, and aborts go over a real socket.
 */
import { request as httpRequest, type ClientRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, api, build, login, type TestApp } from './helper';

let t: TestApp;
let a: string;
let b: string;
let c: string;
let port: number;

/** Requests held in the test route, by id: open the gate to let one finish. */
const gates = new Map<string, () => void>();
const WAIT_MS = 1000;

const until = async (what: () => boolean, label: string) => {
  for (let i = 0; i < 500 && !what(); i++) await new Promise((r) => setTimeout(r, 10));
  if (!what()) throw new Error(`timed out waiting for ${label}`);
};
const open = (id: string) => {
  const gate = gates.get(id);
  if (!gate) throw new Error(`no request ${id} is held`);
  gates.delete(id);
  gate();
};

/** A held heavy read of the test route: resolves with the answer once its gate opens (or with the 429). */
const hold = (id: string, token: string) => api(t.app, 'GET', `test/held?id=${id}`, { token });
/** Holds a request and waits until it has its slot (the handler runs); `done` is its answer, once its gate opens. */
const held = async (id: string, token: string) => {
  const done = hold(id, token);
  await until(() => gates.has(id), `request ${id} to be in flight`);
  return { done };
};

const today = new Date().toISOString().slice(0, 10);
const traffic = { ad_format_id: 'popunder' };
/** Every heavy read of the API, as a user would call it. */
const HEAVY: [method: 'GET' | 'POST', path: string, body?: unknown][] = [
  ['GET', `campaign-statistics?start_date=${today}&end_date=${today}&group=date`],
  ['GET', `supply-side-platforms/statistics?start=${today}&end=${today}&groupBy=ssp-date`],
  ['GET', `rtb-statistics?start=${today}&end=${today}&groupBy=rtb-date`],
  ['GET', `feeds/statistics?start=${today}&end=${today}&groupBy=feed-date`],
  ['GET', 'campaign-tooltips'],
  ['GET', 'home'],
  ['GET', 'week-spent'],
  ['GET', 'campaigns'],
  ['POST', 'available-traffic', traffic],
  ['POST', 'available-traffic-by-country', traffic],
];

beforeAll(async () => {
  t = await build({
    heavyReadLimit: { perUser: 2, total: 4, queue: 1, waitMs: WAIT_MS },
    extraRoutes: async (scope: FastifyInstance) => {
      scope.get('/test/held', { onRequest: scope.authenticate, config: { heavyRead: true } }, async (request) => {
        const id = (request.query as { id: string }).id;
        await new Promise<void>((resolve) => gates.set(id, resolve));
        return { data: id };
      });
      scope.get('/test/fails', { onRequest: scope.authenticate, config: { heavyRead: true } }, async () => {
        await new Promise((r) => setTimeout(r, 5));
        throw new Error('the statistics query failed');
      });
    },
  });
  a = await login(t.app, 'advertiser@adnet.test');
  b = await login(t.app, 'company@adnet.test');
  c = await login(t.app, 'company@pushhub.test', 'pushhub.localhost:8080');
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
}, 120_000);
afterAll(() => t?.close());

const stats = () => t.app.heavyReads.stats();
const idle = () => stats().running === 0 && stats().waiting === 0;

describe('heavy reads per user (probe finding F11)', () => {
  it("answer 429 with Retry-After beyond the user's limit, while another user's call answers", async () => {
    const first = await held('a1', a);
    const second = await held('a2', a);

    const third = await api(t.app, 'GET', HEAVY[0][1], { token: a });
    expect(third.statusCode, third.body).toBe(429);
    expect(third.json()).toEqual({ message: 'Too many reports are loading at once; retry in a moment.' });
    expect(Number(third.headers['retry-after'])).toBeGreaterThanOrEqual(1);

    const other = await api(t.app, 'GET', HEAVY[0][1], { token: b });
    expect(other.statusCode, other.body).toBe(200);

    open('a1');
    open('a2');
    expect([(await first.done).statusCode, (await second.done).statusCode]).toEqual([200, 200]);
    const again = await api(t.app, 'GET', HEAVY[0][1], { token: a });
    expect(again.statusCode, again.body).toBe(200);
    expect(idle()).toBe(true);
  });

  it('limit every call that reads the statistics rollups or the traffic tables, and no other', async () => {
    const first = await held('a1', a);
    const second = await held('a2', a);
    const answers = await Promise.all(HEAVY.map(([method, path, body]) => api(t.app, method, path, { token: a, body })));
    expect(answers.map((r, i) => `${HEAVY[i][1]} ${r.statusCode}`)).toEqual(HEAVY.map(([, path]) => `${path} 429`));
    for (const light of ['user', 'supply-side-platforms/all', 'settings']) expect((await api(t.app, 'GET', light, { token: a })).statusCode, light).toBe(200);
    open('a1');
    open('a2');
    await Promise.all([first.done, second.done]);
    for (const [method, path, body] of HEAVY) {
      const res = await api(t.app, method, path, { token: a, body });
      expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
    }
  });

  it('let a call over the limit wait briefly for a slot, so a page that loads a few at once is not refused', async () => {
    const first = await held('a1', a);
    await held('a2', a);
    const queued = api(t.app, 'GET', 'week-spent', { token: a });
    await until(() => stats().waiting === 1, 'the third call to wait');
    // The queue holds one: the next is refused at once.
    expect((await api(t.app, 'GET', 'home', { token: a })).statusCode).toBe(429);
    open('a1');
    expect((await queued).statusCode).toBe(200);
    expect((await first.done).statusCode).toBe(200);
    open('a2');
    await until(idle, 'every slot to be free');
  });

  it('cap all users together: a third user waits, then gets 429, while the first two hold every slot', async () => {
    const holds = [await held('a1', a), await held('a2', a), await held('b1', b), await held('b2', b)];
    const started = Date.now();
    const refused = await api(t.app, 'GET', 'home', { token: c, host: 'pushhub.localhost:8080', headers: { 'accept-language': 'ru' } });
    expect(refused.statusCode).toBe(429);
    expect(Date.now() - started).toBeGreaterThanOrEqual(WAIT_MS - 50);
    expect(refused.headers['retry-after']).toBe('2');
    // Translated, like every message of the server.
    expect(refused.json().message).not.toBe('Too many reports are loading at once; retry in a moment.');
    for (const id of ['a1', 'a2', 'b1', 'b2']) open(id);
    expect((await Promise.all(holds.map((h) => h.done))).map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect((await api(t.app, 'GET', 'home', { token: c, host: 'pushhub.localhost:8080' })).statusCode).toBe(200);
  });

  it('free every slot after 50 concurrent calls that succeed, fail, are refused or are invalid', async () => {
    const calls = Array.from({ length: 50 }, (_, i) => {
      const [method, path, body] = HEAVY[i % HEAVY.length];
      if (i % 7 === 3) return api(t.app, 'GET', 'test/fails', { token: a });
      if (i % 7 === 5) return api(t.app, 'GET', `campaign-statistics?start_date=${today}&end_date=2000-01-01&group=date`, { token: a });
      if (i % 7 === 6) return api(t.app, 'POST', 'available-traffic', { token: a, body: { ad_format_id: 'no-such-format' } });
      return api(t.app, method, path, { token: a, body });
    });
    const statuses = (await Promise.all(calls)).map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect(new Set(statuses)).toEqual(new Set(statuses.filter((s) => [200, 422, 429, 500].includes(s))));
    expect(stats()).toMatchObject({ running: 0, waiting: 0 });
    const next = await api(t.app, 'GET', HEAVY[0][1], { token: a });
    expect(next.statusCode, next.body).toBe(200);
  });

  it('free the slot of a call whose client went away once its work ends, and drop a waiting one at once', async () => {
    const call = (id: string): ClientRequest => {
      const req = httpRequest({ host: '127.0.0.1', port, path: `${API_PREFIX}/test/held?id=${id}`, headers: { host: 'adnet.localhost:8080', authorization: `Bearer ${a}` } });
      req.on('error', () => {});
      req.end();
      return req;
    };
    const running = call('s1');
    await until(() => gates.has('s1'), 'the socket call to run');
    running.destroy();
    // Its query still occupies the database: the slot is held until the handler ends, then freed.
    await new Promise((r) => setTimeout(r, 50));
    expect(stats().running).toBe(1);
    open('s1');
    await until(idle, 'the aborted call to free its slot');

    const first = await held('a1', a);
    await held('a2', a);
    const waiting = call('s2');
    await until(() => stats().waiting === 1, 'the socket call to wait');
    waiting.destroy();
    await until(() => stats().waiting === 0, 'the aborted waiter to leave the queue');
    expect(gates.has('s2')).toBe(false);
    open('a1');
    open('a2');
    await first.done;
    await until(idle, 'every slot to be free');
    expect((await api(t.app, 'GET', HEAVY[0][1], { token: a })).statusCode).toBe(200);
  });

  it('document the 429 in the OpenAPI description of the heavy calls', async () => {
    const doc = (await api(t.app, 'GET', 'docs/api.json')).json();
    expect(Object.keys(doc.paths[`${API_PREFIX}/campaign-statistics`].get.responses)).toContain('429');
    expect(Object.keys(doc.paths[`${API_PREFIX}/available-traffic`].post.responses)).toContain('429');
    expect(Object.keys(doc.paths[`${API_PREFIX}/user`].get.responses)).not.toContain('429');
  });
});
