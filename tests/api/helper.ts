import type { FastifyInstance, InjectOptions } from 'fastify';
import { sql } from 'drizzle-orm';
import { buildApp, API_PREFIX, type BuildOptions } from '../../server/app';
import { loadNetworkConfigs } from '../../server/config/loadNetworkConfigs';
import { DEMO_PASSWORD } from '../../server/demo/seedData';
import { seededTestDatabase, type TestDatabase } from './testDatabase';

export { API_PREFIX, DEMO_PASSWORD };

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  close(): Promise<void>;
}

/**
 * A migrated, seeded app on a fresh database (in-memory PGlite, or PostgreSQL when DATABASE_URL is set), with
 * the login and mail rate limits off, the development outbox on, every answer checked against its schema and no panel files. Build one per test file and close it in afterAll.
 */
export async function build(options: Partial<BuildOptions> = {}): Promise<TestApp> {
  const database = await seededTestDatabase();
  const configs = loadNetworkConfigs();
  const app = await buildApp({ db: database.db, configs, loginRateLimit: false, mailRateLimit: false, signupRateLimit: false, devOutbox: true, distDir: null, checkAnswers: true, ...options });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** Calls the API: `path` is relative to /api/private/v1; `host` picks the network (default adnet.localhost). */
export function api(app: FastifyInstance, method: InjectOptions['method'], path: string, opts: { host?: string; token?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  return app.inject({
    method,
    url: `${API_PREFIX}/${path}`,
    headers: {
      host: opts.host ?? 'adnet.localhost:8080',
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...opts.headers,
    },
    ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
  });
}

/** POSTs a multipart upload (`file` plus form fields) to `path` (media, upload-file, media/documents), encoded by Response as a browser would. */
export async function upload(app: FastifyInstance, token: string, path: string, file: { bytes: Buffer; name: string } | null, fields: Record<string, string> = {}, headers: Record<string, string> = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file) form.append('file', new Blob([new Uint8Array(file.bytes)]), file.name);
  const encoded = new Response(form);
  const body = Buffer.from(await encoded.arrayBuffer());
  return api(app, 'POST', path, { token, body, headers: { ...headers, 'content-type': encoded.headers.get('content-type')! } });
}

/** Signs in and returns the token from the Authorization answer header. */
export async function login(app: FastifyInstance, email: string, host = 'adnet.localhost:8080', password = DEMO_PASSWORD): Promise<string> {
  const res = await api(app, 'POST', 'auth/login', { host, body: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
  const match = /^Bearer (\S+)$/.exec(String(res.headers.authorization));
  if (!match) throw new Error(`login ${email}: no bearer token in the Authorization header`);
  return match[1];
}

/** One mail as GET dev/outbox lists it. */
export interface OutboxMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  kind: string;
  links: string[];
  created_at: string;
  sent_at: string | null;
}

/** The mails sent to an address on the host's network, newest first (GET dev/outbox). */
export async function outbox(app: FastifyInstance, to: string, host = 'adnet.localhost:8080'): Promise<OutboxMail[]> {
  // Some mails leave after the answer (forgot password): wait for them.
  await app.platform.afterAnswer.drain();
  const res = await api(app, 'GET', `dev/outbox?to=${encodeURIComponent(to)}`, { host });
  if (res.statusCode !== 200) throw new Error(`dev/outbox: ${res.statusCode} ${res.body}`);
  return res.json().data;
}

/** Fetches a built-in captcha and answers it: the value for `g-recaptcha-response`. */
export async function solveCaptcha(app: FastifyInstance, host = 'adnet.localhost:8080'): Promise<string> {
  const res = await api(app, 'GET', 'captcha', { host });
  if (res.statusCode !== 200) throw new Error(`captcha: ${res.statusCode} ${res.body}`);
  const { id, question } = res.json().data as { id: string; question: string };
  const match = /(\d+) ([+−]) (\d+)/.exec(question);
  if (!match) throw new Error(`captcha question not understood: ${question}`);
  const [a, op, b] = [Number(match[1]), match[2], Number(match[3])];
  return `${id}:${op === '+' ? a + b : a - b}`;
}

/** The bearer token of an answer's Authorization header. */
export const bearer = (header: unknown) => /^Bearer (\S+)$/.exec(String(header))?.[1];

/** What campaign tests start from: the demo advertiser and support signed in, and a popunder ad of the advertiser. */
export interface Advertiser {
  token: string;
  support: string;
  userId: number;
  adId: number;
}

export async function advertiserWithAd(t: TestApp): Promise<Advertiser> {
  const token = await login(t.app, 'advertiser@adnet.test');
  const support = await login(t.app, 'support@adnet.test');
  const [user] = ((await t.database.db.execute(sql`select id from users where email = 'advertiser@adnet.test'`)) as unknown as { rows: { id: number }[] }).rows;
  const ad = await api(t.app, 'POST', 'ads', { token, body: { format: 'popunder', name: 'Pop', url: 'https://shop.example.com/' } });
  if (ad.statusCode !== 201) throw new Error(`creating the ad failed: ${ad.body}`);
  return { token, support, userId: user!.id, adId: ad.json().data.id };
}

/** A popunder campaign of the advertiser (CPM 1.25, money daily limit 50 unless `over` says otherwise), approved by support: running, with money reserved. */
export async function approvedCampaign(t: TestApp, who: Advertiser, over: Record<string, unknown> = {}): Promise<number> {
  const body = { name: 'Campaign', ad_format: 'popunder', ad_id: who.adId, pricing_model: 'cpm', price: '1.2500', limits: { type: 'money', daily: '50.00' }, ...over };
  const res = await api(t.app, 'POST', 'campaigns', { token: who.token, body });
  if (res.statusCode !== 201) throw new Error(`creating the campaign failed: ${res.body}`);
  const { id } = res.json().data as { id: number };
  const approved = await api(t.app, 'POST', `admin/campaigns/${id}/approval`, { token: who.support, body: { status: 'approved' } });
  if (approved.statusCode !== 200) throw new Error(`approving campaign ${id} failed: ${approved.body}`);
  return id;
}
