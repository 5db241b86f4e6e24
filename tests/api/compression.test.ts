import { brotliDecompressSync, gzipSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, build, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(async () => {
  await t?.app.close();
});

describe('answers travel compressed when the client accepts it', () => {
  it('sends a list of 1 KiB and more as brotli, else gzip, else as it is, the same JSON each way', async () => {
    const plain = await api(t.app, 'GET', 'collections/countries');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await api(t.app, 'GET', 'collections/countries', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);

    const gz = await api(t.app, 'GET', 'collections/countries', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
  });

  it('leaves a small answer as it is', async () => {
    const small = await api(t.app, 'GET', 'collections/nope', { headers: { 'accept-encoding': 'br' } });
    expect(small.statusCode).toBe(404);
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('sends the prepared answers (network, settings, lookup lists) compressed once, with the changing server time', async () => {
    for (const path of ['network', 'settings', 'collections/messengers']) {
      const plain = await api(t.app, 'GET', path);
      for (const [accepted, encoding, decode] of [['gzip, deflate, br, zstd', 'br', brotliDecompressSync], ['gzip', 'gzip', gunzipSync]] as const) {
        const packed = await api(t.app, 'GET', path, { headers: { 'accept-encoding': accepted } });
        expect(packed.headers['content-encoding'], path).toBe(encoding);
        expect(String(packed.headers.vary), path).toMatch(/Accept-Encoding/);
        const answer = JSON.parse(decode(packed.rawPayload).toString());
        if (path !== 'settings') expect(answer, path).toEqual(plain.json());
        else {
          const { server_time: time, ...rest } = answer.data;
          const { server_time: plainTime, ...plainRest } = plain.json().data;
          expect(rest).toEqual(plainRest);
          expect(Math.abs(Date.parse(time) - Date.parse(plainTime))).toBeLessThan(60_000);
        }
      }
    }
  });

  it('never inflates a compressed request body', async () => {
    const body = gzipSync(JSON.stringify({ email: 'a@b.test', password: 'x'.repeat(100_000) }));
    const res = await api(t.app, 'POST', 'auth/login', { headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' }, body });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });
});
