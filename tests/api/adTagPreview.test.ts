import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { chromium, type Browser, type Frame, type Page } from 'playwright-core';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../server/paths';
import { BannerPreview, InterstitialPreview } from '../../widgets/ad-preview/kinds/BannerPreview';
import type { KindPreviewProps } from '../../widgets/ad-preview/model';
import { build, type TestApp } from './helper';

// Probe finding F15 (previews): the panel's CSP (script-src 'self') applied to the srcdoc preview frames, so an ad
// tag's script never ran in its preview. This test draws the real preview components, serves them as a page under
// the real server's headers and opens that page in Chromium.

/** An ad tag whose script writes what it could reach into the banner. */
const AD_TAG = [
  '<div id="ad" style="font:bold 16px Arial;color:#fff;background:#2d72d2;height:250px;padding:8px;box-sizing:border-box">Script did not run</div>',
  '<script>',
  'var out = [];',
  "try { out.push('panel: ' + parent.document.title); } catch (e) { out.push('panel: blocked'); }",
  "try { out.push('storage: ' + localStorage.getItem('auth_token')); } catch (e) { out.push('storage: blocked'); }",
  "try { out.push('cookie: ' + document.cookie); } catch (e) { out.push('cookie: blocked'); }",
  "out.push('origin: ' + self.origin);",
  "document.getElementById('ad').textContent = 'Script ran | ' + out.join(' | ');",
  '</script>',
  // Ad tags write themselves into the page while it loads.
  '<script>document.write(\'<p id="written">written by the tag</p>\');</script>',
].join('\n');
const EXPECTED = 'Script ran | panel: blocked | storage: blocked | cookie: blocked | origin: null';

const noMedia = () => undefined;
const PAGES: Record<string, string> = {
  banner: renderToStaticMarkup(createElement(BannerPreview, { model: { size: '300x250', type: 'script', code: AD_TAG }, creative: undefined, media: noMedia } satisfies KindPreviewProps)),
  interstitial: renderToStaticMarkup(
    createElement(InterstitialPreview, {
      model: { type: 'html', code: `<!doctype html><html><head><title>Ad</title></head><body>${AD_TAG}</body></html>` },
      creative: undefined,
      media: noMedia,
    } satisfies KindPreviewProps),
  ),
};

let t: TestApp;
let browser: Browser;
let origin: string;
beforeAll(async () => {
  t = await build({
    // The panel's page as the server answers it (helmet's CSP and all), holding the preview's markup.
    extraRoutes: async (api) => {
      api.get<{ Params: { kind: string } }>('/test-preview/:kind', async (request, reply) =>
        reply.type('text/html').send(`<!doctype html><html><head><meta charset="utf-8"><title>Panel</title></head><body>${PAGES[request.params.kind]}</body></html>`),
      );
    },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://adnet.localhost:${(t.app.server.address() as AddressInfo).port}`;
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--host-resolver-rules=MAP *.localhost 127.0.0.1'] });
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

/** Opens the preview page of a kind, after the panel has stored a token and a cookie the ad must not see. */
async function openPreview(kind: string): Promise<{ page: Page; frame: Frame }> {
  const page = await browser.newPage();
  await page.goto(`${origin}/api/private/v1/test-preview/${kind}`);
  await page.evaluate(() => {
    localStorage.setItem('auth_token', 'panel-secret');
    document.cookie = 'panel_session=panel-secret; path=/';
  });
  const csp = (await page.reload())!.headers()['content-security-policy'];
  expect(csp).toContain("script-src 'self'");
  const element = await page.waitForSelector('iframe');
  expect(await element.getAttribute('sandbox')).not.toMatch(/allow-same-origin/);
  const frame = (await element.contentFrame())!;
  return { page, frame };
}

describe('the ad tag frame page', () => {
  it('is served with its own sandbox CSP, framed by the panel only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/media-files/ad-tag-frame.html', headers: { host: 'adnet.localhost' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/^sandbox allow-scripts allow-popups allow-popups-to-escape-sandbox;/);
    expect(csp).not.toContain('allow-same-origin');
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("script-src 'unsafe-inline'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBeUndefined();
  });

  it('shows nothing when opened on its own or framed by another site, whatever the window name', { timeout: 60_000 }, async () => {
    const page = await browser.newPage();
    await page.goto('about:blank');
    await page.evaluate(() => (window.name = '<h1 id="phish">Sign in again</h1>'));
    await page.goto(`${origin}/media-files/ad-tag-frame.html`);
    expect(await page.locator('#phish').count()).toBe(0);
    expect(await page.evaluate(() => window.name)).toBe('');

    await page.setContent(`<iframe name='<h1 id="phish">Sign in again</h1>' src="${origin}/media-files/ad-tag-frame.html"></iframe>`);
    const frame = (await (await page.waitForSelector('iframe')).contentFrame())!;
    await frame.waitForLoadState().catch(() => undefined);
    expect(await frame.locator('#phish').count()).toBe(0);
    await page.close();
  });
});

describe('ad tag previews run their script, sandboxed away from the panel (probe finding F15)', () => {
  it('a banner ad tag writes into its preview and reaches neither the panel, its storage nor its cookies', { timeout: 60_000 }, async () => {
    const { page, frame } = await openPreview('banner');
    await frame.waitForSelector('text=Script ran', { timeout: 15_000 }).catch(() => undefined);
    const dir = join(repoRoot, 'test-results');
    mkdirSync(dir, { recursive: true });
    await page.screenshot({ path: join(dir, 'ad-tag-preview.png') });
    expect(await frame.locator('#ad').textContent()).toBe(EXPECTED);
    expect(await frame.evaluate(() => self.origin)).toBe('null');
    expect(await frame.locator('#written').textContent()).toBe('written by the tag');
    await page.close();
  });

  it('an interstitial HTML page runs the same way', { timeout: 60_000 }, async () => {
    const { page, frame } = await openPreview('interstitial');
    await frame.waitForSelector('text=Script ran', { timeout: 15_000 }).catch(() => undefined);
    expect(await frame.locator('#ad').textContent()).toBe(EXPECTED);
    await page.close();
  });
});
