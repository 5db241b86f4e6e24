import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadNetworkConfigs } from '../../server/config/loadNetworkConfigs';
import { API_PREFIX, api, build, type TestApp } from './helper';

let t: TestApp;
const logged: unknown[] = [];
// A stand-in for the built panel (vite's dist/): an index.html and one asset.
const dist = mkdtempSync(join(tmpdir(), 'dist-'));

beforeAll(async () => {
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div><script type="module" src="/assets/app.js"></script>');
  writeFileSync(join(dist, 'assets', 'app.js'), 'console.log("panel")');
  t = await build({
    distDir: dist,
    // A route that fails the way a bug would, to see what a client gets and what the log keeps.
    extraRoutes: async (app: FastifyInstance) => {
      app.get('/test/boom', async () => {
        throw new Error('relation "secret_table" does not exist');
      });
      app.get('/test/teapot', async () => {
        throw Object.assign(new Error('I am a teapot'), { statusCode: 418 });
      });
    },
  });
  vi.spyOn(t.app.log, 'error').mockImplementation((...args: unknown[]) => {
    logged.push(args);
  });
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

const networkOf = async (host: string) => (await api(t.app, 'GET', 'network', { host })).json().data.id;

describe('network resolution by Host', () => {
  it('finds the network of a listed host, with or without port', async () => {
    expect(await networkOf('adnet.localhost:8080')).toBe('adnet');
    expect(await networkOf('pushhub.localhost:8080')).toBe('pushhub');
    expect(await networkOf('PANEL.PUSHHUB.EXAMPLE.NET')).toBe('pushhub');
  });

  it('resolves the core. API host of a page host', async () => {
    expect(await networkOf('core.pushhub.example.net')).toBe('pushhub');
    expect(await networkOf('core.adnet.example.com:443')).toBe('adnet');
    expect(await networkOf('core.pushhub.localhost:8080')).toBe('pushhub');
  });

  it('answers unknown hosts with the default network', async () => {
    expect(await networkOf('localhost:8080')).toBe('adnet');
    expect(await networkOf('127.0.0.1')).toBe('adnet');
    expect(await networkOf('evil.example.org')).toBe('adnet');
  });

  it('allows CORS only from the network own page hosts', async () => {
    const ok = await api(t.app, 'GET', 'network', { host: 'core.pushhub.example.net', headers: { origin: 'https://panel.pushhub.example.net' } });
    expect(ok.headers['access-control-allow-origin']).toBe('https://panel.pushhub.example.net');
    expect(ok.headers['access-control-expose-headers']).toBe('Authorization, Retry-After, Content-Disposition');
    const foreign = await api(t.app, 'GET', 'network', { host: 'core.pushhub.example.net', headers: { origin: 'https://panel.adnet.example.com' } });
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    expect(foreign.headers['access-control-expose-headers']).toBeUndefined();
    // Caches keep answers to different origins apart (and apart by encoding, for the prepared ones).
    for (const answer of [ok, foreign]) expect(String(answer.headers.vary)).toMatch(/^Origin\b/);
  });

  it('answers CORS preflights from page hosts to the core host', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: `${API_PREFIX}/user`,
      headers: {
        host: 'core.adnet.example.com',
        origin: 'https://panel.adnet.example.com',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('https://panel.adnet.example.com');
    expect(String(res.headers['access-control-allow-headers'])).toContain('Authorization');
    expect(res.headers['access-control-allow-methods']).toBe('GET, POST, PUT, PATCH, DELETE');
    expect(res.headers['access-control-max-age']).toBe('600');
    expect(res.body).toBe('');

    const preflight = (origin: string, method?: string) =>
      t.app.inject({ method: 'OPTIONS', url: `${API_PREFIX}/user`, headers: { host: 'core.adnet.example.com', origin, ...(method ? { 'access-control-request-method': method } : {}) } });
    // Another network's page, or an OPTIONS call that is not a preflight: no CORS headers, no 204.
    const foreign = await preflight('https://panel.pushhub.example.net', 'GET');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    expect((await preflight('https://panel.adnet.example.com')).statusCode).toBe(400);
  });

  it('sends the panel pages a CSP that allows the app and its network API host, and the API a CSP that allows nothing', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/campaigns', headers: { host: 'panel.adnet.example.com', accept: 'text/html' } });
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data: https:");
    expect(csp).toMatch(/connect-src 'self'[^;]*core\.adnet\.example\.com/);
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app.js', headers: { host: 'panel.adnet.example.com' } });
    expect(asset.headers['content-security-policy']).toBe(csp);

    // A JSON answer is never a document: nothing loads, runs or frames from it, and the page-only headers stay off.
    for (const answer of [await api(t.app, 'GET', 'network', { host: 'panel.adnet.example.com' }), await api(t.app, 'GET', 'user', { host: 'panel.adnet.example.com' })]) {
      expect(answer.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['x-frame-options']).toBe('DENY');
      expect(answer.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(answer.headers['cross-origin-opener-policy']).toBeUndefined();
    }
  });

  it('lets in a live chat vendor only on the pages of a network that turned that chat on', async () => {
    const pageCsp = async (app: FastifyInstance, host: string) => String((await app.inject({ method: 'GET', url: '/', headers: { host, accept: 'text/html' } })).headers['content-security-policy']);
    const scriptSrc = async (app: FastifyInstance, host: string) => /script-src ([^;]*)/.exec(await pageCsp(app, host))![1]!.trim();
    // adnet's chat is its account managers (kind 1); pushhub's Crisp chat (kind 3) is off.
    expect(await scriptSrc(t.app, 'adnet.localhost')).toBe("'self'");
    expect(await scriptSrc(t.app, 'pushhub.localhost')).toBe("'self'");
    // Configs are read once at start (and each network's headers written once): a server whose pushhub turned it on.
    const configs = loadNetworkConfigs();
    configs.find((c) => c.id === 'pushhub')!.settings.liveChat!.enabled = true;
    const chatOn = await build({ configs, distDir: dist });
    try {
      expect(await scriptSrc(chatOn.app, 'pushhub.localhost')).toBe("'self' https://client.crisp.chat https://settings.crisp.chat");
      expect(await pageCsp(chatOn.app, 'pushhub.localhost')).toContain('wss://client.relay.crisp.chat');
      expect(await scriptSrc(chatOn.app, 'adnet.localhost')).toBe("'self'");
    } finally {
      await chatOn.close();
    }
  });
});

describe('GET network', () => {
  it('describes each network differently and without hosts', async () => {
    const adnet = (await api(t.app, 'GET', 'network', { host: 'adnet.localhost' })).json().data;
    const pushhub = (await api(t.app, 'GET', 'network', { host: 'pushhub.localhost' })).json().data;
    expect(adnet).toMatchObject({ id: 'adnet', name: 'AdNet', showSiteDomains: true, messengerBotName: 'AdNetNotifyBot' });
    expect(adnet.adFormats).toHaveLength(11);
    expect(adnet.guardSections).toEqual(expect.arrayContaining(['Dashboard', 'Rtb', 'Marketplace', 'Providers']));
    expect(adnet.settings.locales).toEqual(['en', 'ru', 'es', 'de', 'jp']);
    expect(adnet.settings.liveChat).toEqual({ enabled: true, kind: 1 });
    expect(pushhub).toMatchObject({ id: 'pushhub', name: 'PushHub', messengerBotName: null });
    expect(pushhub.guardSections).not.toContain('Rtb');
    expect(pushhub.guardSections).not.toContain('Marketplace');
    expect(pushhub.settings.locales).toEqual(['en', 'ru']);
    expect(pushhub.settings.themes.light.primary).not.toBe(adnet.settings.themes.light.primary);
    expect(pushhub.settings.images.logo).not.toBe(adnet.settings.images.logo);
    expect(adnet).not.toHaveProperty('hosts');
  });

  it('serves the logos the configs point at', async () => {
    const res = await t.app.inject({ url: '/network-assets/pushhub/logo.svg', headers: { host: 'pushhub.localhost' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
  });

  it("answers /favicon.ico with the network's own icon, never a 404", async () => {
    for (const host of ['adnet.localhost', 'pushhub.localhost']) {
      const res = await t.app.inject({ url: '/favicon.ico', headers: { host } });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(`/network-assets/${host.split('.')[0]}/logo-mini.svg`);
      const icon = await t.app.inject({ url: res.headers.location as string, headers: { host } });
      expect(icon.statusCode).toBe(200);
    }
  });
});

describe('GET settings', () => {
  it('answers the global settings with the network formats and a live server time', async () => {
    const res = await api(t.app, 'GET', 'settings', { host: 'pushhub.localhost' });
    expect(res.statusCode).toBe(200);
    const s = res.json().data;
    expect(Math.abs(Date.parse(s.server_time) - Date.now())).toBeLessThan(60_000);
    expect(s.client_ad_formats.map((f: { id: string }) => f.id)).toEqual(['web-push', 'in-page', 'popunder', 'direct-link']);
    expect(s.pricing_models.map((p: { name: string }) => p.name)).toEqual(['CPC', 'CPM', 'CPA', 'CPM GOAL', 'CPC GOAL']);
    expect(s.traffic_qualities.map((q: { id: string }) => q.id)).toEqual(['medium', 'high']);
    expect(s.traffic_provider.method_types).toEqual(['xml', 'rtb']);
    expect(s.two_factor_methods).toEqual(['email', 'google']);
    expect(s.default_uniques).toMatchObject({ cap: 1, ttl: 24 });
    expect(s.in_stream_skip_time_options).toContain(5);
    expect(s.limit_types_by_pricing_model.cpm).toEqual(['money', 'impressions']);
    expect(s.media_size_limits).toMatchObject({ image_jpeg_kb: expect.any(Number), video_mp4_mb: expect.any(Number), zip_mb: expect.any(Number) });
    expect(s.notification_categories).toEqual(expect.arrayContaining(['campaign', 'ad', 'user', 'verification', 'payment', 'invoice']));
    expect(s.currency).toBe('EUR');
    expect(typeof s.minimum_add_funds_amount).toBe('string');
  });
});

describe('the built panel on the same port', () => {
  const page = (url: string, accept = 'text/html,application/xhtml+xml') => t.app.inject({ url, headers: { host: 'adnet.localhost:8080', accept } });

  it('serves files and falls back to index.html for app routes', async () => {
    expect((await page('/assets/app.js', '*/*')).body).toBe('console.log("panel")');
    for (const url of ['/', '/campaigns/12/edit', '/login?next=%2Fads']) {
      const res = await page(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('keeps API misses and non-page requests as JSON 404s', async () => {
    const api404 = await page('/api/private/v1/missing');
    expect(api404.statusCode).toBe(404);
    expect(api404.json().message).toContain('/api/private/v1/missing');
    expect((await page('/assets/missing.js', '*/*')).statusCode).toBe(404);
  });
});

describe('errors and documentation', () => {
  it('answers a server error generically and logs it with the request context', async () => {
    const res = await api(t.app, 'GET', 'test/boom');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Server error' });
    expect(res.body).not.toContain('secret_table');
    const [context] = logged.at(-1) as [Record<string, unknown>];
    expect(context).toMatchObject({ method: 'GET', url: `${API_PREFIX}/test/boom`, requestId: expect.anything(), userId: null });
  });

  it('passes 4xx messages through', async () => {
    const res = await api(t.app, 'GET', 'test/teapot');
    expect(res.statusCode).toBe(418);
    expect(res.json()).toEqual({ message: 'I am a teapot' });
  });

  it('answers unknown API routes with a JSON 404', async () => {
    const res = await api(t.app, 'GET', 'no-such-route');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toContain('no-such-route');
  });

  it('answers malformed JSON and other media types with a 4xx message', async () => {
    const broken = await t.app.inject({ method: 'POST', url: `${API_PREFIX}/regions`, headers: { host: 'adnet.localhost', 'content-type': 'application/json' }, payload: '{"query":' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toMatch(/JSON/);
    const text = await t.app.inject({ method: 'POST', url: `${API_PREFIX}/regions`, headers: { host: 'adnet.localhost', 'content-type': 'text/csv' }, payload: 'a,b' });
    expect(text.statusCode).toBe(415);
  });

  it('rejects bodies over the limit', async () => {
    const res = await api(t.app, 'POST', 'ip-ranges/collections', { body: { ip_ranges: ['1.1.1.1'.repeat(200_000)] } });
    expect(res.statusCode).toBe(413);
  });

});
