import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, build, login, type TestApp } from './helper';

/** The installable app of each network: GET application for the install prompt, /manifest.webmanifest for browsers. */

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t?.close());

describe('the installable app', () => {
  it('GET application answers the network’s own app: its name, its default theme’s colours, icons, and whether it is offered', async () => {
    expect((await api(t.app, 'GET', 'application')).statusCode).toBe(401);
    const token = await login(t.app, 'advertiser@adnet.test');
    const res = await api(t.app, 'GET', 'application', { token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'AdNet', short_name: 'AdNet', start_url: '/', display: 'standalone', theme_color: '#2D72D2', background_color: '#F6F7F9', installable: true });
    expect(res.json().data.icons.map((i: { sizes: string }) => i.sizes)).toEqual(['192x192', '512x512', '512x512']);
  });

  it('serves each network its own manifest, without a token, as application/manifest+json', async () => {
    const hosts = { 'adnet.localhost:8080': 'AdNet', 'pushhub.localhost:8080': 'PushHub' };
    for (const [host, name] of Object.entries(hosts)) {
      const res = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest', headers: { host } });
      expect(res.statusCode, host).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
      const manifest = res.json() as Record<string, unknown>;
      expect(manifest.name).toBe(name);
      expect(manifest).not.toHaveProperty('installable');
    }
  });
});
