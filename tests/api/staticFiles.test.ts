import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servePanel } from './panelDist';
import { precompressFile } from '../../scripts/precompress';

const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, name: "row ${i}" }`).join(', ')}];\n`;

let panel: Awaited<ReturnType<typeof servePanel>>;
beforeAll(async () => {
  panel = await servePanel(
    {
      'index.html': '<!doctype html><title>panel</title>',
      'assets/index-Ab12Cd34.js': script,
      'assets/index-Ab12Cd34.js.map': JSON.stringify({ version: 3, sourcesContent: ['secret'.repeat(400)] }),
    },
    async (dist) => {
      await precompressFile(join(dist, 'assets', 'index-Ab12Cd34.js'));
      await precompressFile(join(dist, 'assets', 'index-Ab12Cd34.js.map'));
    },
  );
});
afterAll(() => panel?.close());

const get = (url: string, headers: Record<string, string> = {}) => panel.app.inject({ method: 'GET', url, headers });

describe('the built panel is sent compressed and cached by its hashed names', () => {
  it('sends the brotli copy to a browser that takes it, else gzip, else the file itself', async () => {
    const br = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.rawPayload.length).toBeLessThan(script.length / 4);

    const gz = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await get('/assets/index-Ab12Cd34.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
  });

  it('lets a browser keep hashed files for good, and checks the page itself again', async () => {
    expect((await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'br' })).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get('/assets/index-Ab12Cd34.js')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get('/campaigns', { accept: 'text/html' })).headers['cache-control']).toBe('no-cache');
  });

  it('never sends a source map, compressed or not', async () => {
    for (const url of ['/assets/index-Ab12Cd34.js.map', '/assets/index-Ab12Cd34.js.map.br', '/assets/index-Ab12Cd34.js.map.gz']) {
      const answer = await get(url, { 'accept-encoding': 'br, gzip' });
      expect(answer.statusCode, url).toBe(404);
      expect(answer.rawPayload.includes(Buffer.from('secret')), url).toBe(false);
    }
  });
});
