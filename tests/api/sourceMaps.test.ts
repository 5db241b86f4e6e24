import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import viteConfig from '../../vite.config';
import { servePanel } from './panelDist';

// Probe finding F13: complete source maps (with every source file's text) were built into dist/ with a
// sourceMappingURL comment and served to anyone.

let panel: Awaited<ReturnType<typeof servePanel>>;
beforeAll(async () => {
  panel = await servePanel({
    'index.html': '<!doctype html><title>panel</title>',
    'assets/a.js': 'console.log(1);\n',
    'assets/a.js.map': JSON.stringify({ version: 3, sources: ['src/secret.ts'], sourcesContent: ['const secret = 1;'], mappings: '' }),
    'assets/a.css.map': '{}',
    '.vite/manifest.json': JSON.stringify({ 'src/main.tsx': { file: 'assets/a.js', isEntry: true } }),
  });
});
afterAll(() => panel?.close());

const get = (url: string, accept = '*/*') => panel.app.inject({ method: 'GET', url, headers: { accept } });

describe('source maps stay off the public server (probe finding F13)', () => {
  it('serves the built script but answers 404 for its source map, however it is asked for', async () => {
    const script = await get('/assets/a.js');
    expect(script.statusCode).toBe(200);
    expect(script.body).toBe('console.log(1);\n');

    for (const url of ['/assets/a.js.map', '/assets/a.css.map', '/assets/a.js.map?v=1', '/assets/A.JS.MAP', '/assets/%61.js.map']) {
      const map = await get(url);
      expect(map.statusCode, url).toBe(404);
      expect(map.body, url).not.toContain('sourcesContent');
    }
    // A browser asking for HTML (the address bar) gets a 404 too, not the panel's page in place of the file.
    const typed = await get('/assets/a.js.map', 'text/html,application/xhtml+xml');
    expect(typed.statusCode).toBe(404);
    expect(typed.body).not.toContain('sourcesContent');
  });

  it('does not serve the build manifest, which lists every source path', async () => {
    expect((await get('/.vite/manifest.json')).statusCode).toBe(404);
    expect((await get('/.vite/manifest.json', 'text/html')).statusCode).toBe(404);
  });

  it('still answers the panel for its own routes', async () => {
    const page = await get('/campaigns', 'text/html');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>panel</title>');
  });

  it('builds maps for error reports only: no sourceMappingURL in the shipped scripts', () => {
    const sourcemap = viteConfig.build?.sourcemap;
    expect(sourcemap).not.toBe(true);
    expect(sourcemap).not.toBe('inline');
    expect(sourcemap).toBe('hidden');
  });
});
