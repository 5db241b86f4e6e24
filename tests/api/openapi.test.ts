import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, API_PREFIX, build, type TestApp } from './helper';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

let t: TestApp;
let doc: Json;
beforeAll(async () => {
  t = await build();
  const res = await api(t.app, 'GET', 'docs/api.json');
  expect(res.statusCode).toBe(200);
  doc = res.json();
});
afterAll(() => t.close());

/** A `$ref` inside the document, followed. */
function deref(node: Json): Json {
  if (typeof node?.$ref !== 'string') return node;
  return (node.$ref as string)
    .slice(2)
    .split('/')
    .reduce((at: Json, key) => at[key.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
}

const operations = () =>
  Object.entries(doc.paths as Json).flatMap(([path, item]) => METHODS.filter((m) => item[m]).map((method) => ({ path, method, op: item[method] as Json })));

describe('the OpenAPI document (GET docs/api.json)', () => {
  it("passes Redocly CLI's recommended rules with no error", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'openapi-'));
    try {
      const file = join(dir, 'api.json');
      writeFileSync(file, JSON.stringify(doc));
      const cli = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');
      // The CLI exits 1 when it finds errors; its JSON report is what the test reads either way.
      const run = await promisify(execFile)(process.execPath, [cli, 'lint', file, '--format=json', '--max-problems=1000'], { maxBuffer: 32 << 20, env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } }).catch((e: { stdout: string }) => e);
      const report = JSON.parse(run.stdout) as { problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[] };
      const errors = report.problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`);
      expect(errors).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('is OpenAPI 3.1 with servers, a license and unique operation ids', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers.length).toBeGreaterThan(0);
    const ids = operations().map(({ op }) => op.operationId);
    expect(ids.every((id) => typeof id === 'string' && id.length > 0)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('publishes each catalog schema once, as a component every $ref of it resolves in', () => {
    const campaign = deref(doc.paths[`${API_PREFIX}/campaigns`].post.requestBody.content['application/json'].schema);
    expect(campaign.title).toBe('Campaign');
    expect(campaign.properties.price.$ref).toBe('#/components/schemas/campaigns_campaign/definitions/money');
    expect(deref(campaign.properties.price).pattern).toBeDefined();
    expect(doc.paths[`${API_PREFIX}/campaigns/{id}`].put.requestBody.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/campaigns_campaign' });
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"([^"]+)"/g)].map((m) => m[1]);
    for (const ref of refs) expect(deref({ $ref: ref }), ref).toBeDefined();
  });

  // The security a route declares is what a client reads; this checks it against what the server does.
  it('declares bearer auth exactly on the operations that answer 401 without a token', async () => {
    const wrong: string[] = [];
    for (const { path, method, op } of operations()) {
      const url = path.replace(/\{[^}]+\}/g, '1');
      const res = await t.app.inject({ method: method.toUpperCase() as 'GET', url, headers: { host: 'adnet.localhost:8080' }, ...(method === 'get' ? {} : { payload: {} }) });
      const declared = (op.security as Json[]).some((s) => 'bearerAuth' in s);
      if (declared !== (res.statusCode === 401)) wrong.push(`${method.toUpperCase()} ${path}: declares ${declared ? 'bearer' : 'public'}, answers ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('documents the calls with their request schemas and answers', () => {
    for (const path of [
      'auth/login', 'auth/refresh', 'auth/logout', 'user', 'network', 'settings', 'collections/{name}', 'regions', 'cities', 'ip-ranges/collections',
      'auth/login/google', 'auth/register', 'auth/register/{userId}/confirm/{code}', 'auth/password/email', 'auth/password/reset', 'auth/impersonate',
      'captcha', 'profile', 'profile/update', 'profile/locale', 'profile/full-manage', 'profile/confirmations/email', 'profile/google2fa',
      'profile/google2fa/validate', 'profile/telegram/generate-url', 'profile/telegram', 'notifications', 'notifications/{id}/read',
      'notifications/read-all', 'impersonate/{userId}', 'impersonate/leave', 'unsubscribe/{email}', 'week-spent', 'dev/outbox',
    ]) {
      expect(doc.paths).toHaveProperty(`${API_PREFIX}/${path}`);
    }
    const login = doc.paths[`${API_PREFIX}/auth/login`].post;
    expect(deref(login.requestBody.content['application/json'].schema).properties).toHaveProperty('password');
    expect(doc.paths[`${API_PREFIX}/user`].get.security).toEqual([{ bearerAuth: [] }]);
    expect(login.security).toEqual([]);
    const answer = login.responses['200'].content['application/json'].schema;
    expect(deref(deref(answer.properties.data).properties.user).properties).toHaveProperty('balance');
    expect(deref(doc.paths[`${API_PREFIX}/auth/register`].post.requestBody.content['application/json'].schema).properties).toHaveProperty('g-recaptcha-response');
    expect(deref(doc.paths[`${API_PREFIX}/profile`].get.responses['200'].content['application/json'].schema.properties.data).properties).toHaveProperty('twoFactorAuthenticationMethod');
    expect(doc.paths[`${API_PREFIX}/cities`].post.responses['200'].content['application/json'].schema.properties).toHaveProperty('recordsFiltered');
    expect(Object.keys(doc.paths)).toContain('/media-files/{token}/{path}');
  });

  // A domain shape written in a route is a second declaration the panel cannot import (issue 14): every answer with
  // a body refers to a catalog schema (schemas/<area>/*.answer.schema.json), but for the shared envelopes that say
  // nothing of a domain (server/openapi/responses.ts: a sentence, a deletion receipt, signed out).
  it('declares every answer once, as a schema of its area: no domain shape is written in a route', () => {
    const envelope = (data: Json | undefined) => {
      const keys = Object.keys(data?.properties ?? {}).sort().join(',');
      return data?.type === 'null' || (data?.type === 'object' && (keys === 'message' || keys === 'id'));
    };
    const inline = operations().flatMap(({ path, method, op }) =>
      Object.entries(op.responses as Json)
        .filter(([status]) => status.startsWith('2'))
        .map(([status, answer]) => ({ status, schema: (answer as Json).content?.['application/json']?.schema as Json | undefined }))
        .filter(({ schema }) => schema && !JSON.stringify(schema).includes('"$ref"') && !envelope(schema.properties?.data))
        .map(({ status }) => `${method.toUpperCase()} ${path} ${status}`),
    );
    expect(inline).toEqual([]);
  });
});

describe('the answer check of the test apps', () => {
  it('turns an answer that leaves its declared schema into a 500 naming the field', async () => {
    const drifting = await build({
      extraRoutes: async (app) => {
        const declared = { 200: { type: 'object', additionalProperties: false, required: ['id'], properties: { id: { type: 'integer' } } } };
        app.get('/drifting/extra', { schema: { response: declared } }, async () => ({ id: 1, secret: 'leaks' }));
        app.get('/drifting/missing', { schema: { response: declared } }, async () => ({}));
        app.get('/drifting/fine', { schema: { response: declared } }, async () => ({ id: 1 }));
      },
    });
    const stderr = process.stderr.write;
    process.stderr.write = () => true;
    try {
      expect((await api(drifting.app, 'GET', 'drifting/extra')).statusCode).toBe(500);
      expect((await api(drifting.app, 'GET', 'drifting/missing')).statusCode).toBe(500);
      expect((await api(drifting.app, 'GET', 'drifting/fine')).json()).toEqual({ id: 1 });
    } finally {
      process.stderr.write = stderr;
      await drifting.close();
    }
  });
});
