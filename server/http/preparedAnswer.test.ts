import { randomBytes } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { acceptedEncoding, PreparedAnswer } from './preparedAnswer';

const decode = { br: brotliDecompressSync, gzip: gunzipSync, identity: (b: Buffer) => b } as const;

/** A JSON-like start of `n` entries, with enough repetition to compress and enough noise to need several blocks. */
const jsonStart = (n: number) => `{"data":{"items":[${Array.from({ length: n }, (_, i) => `{"id":${i},"name":"item ${i} ${randomBytes(6).toString('hex')}"}`).join(',')}],`;

describe('PreparedAnswer', () => {
  const starts = { empty: '', short: '{"data":', settingsSized: jsonStart(400), large: jsonStart(6000), unicode: '{"name":"Реклама 広告 ✓",' };
  const ends = { none: '', time: `"server_time":"${new Date().toISOString()}"}}`, unicode: '"x":"ü日本"}', longest: 'a'.repeat(0xffff) };

  for (const [startName, start] of Object.entries(starts)) {
    for (const [endName, end] of Object.entries(ends)) {
      for (const encoding of ['br', 'gzip', 'identity'] as const) {
        it(`decodes to the start and the end (${startName} start, ${endName} end, ${encoding})`, () => {
          const answer = new PreparedAnswer(start);
          expect(decode[encoding](answer.encode(encoding, end)).toString()).toBe(start + end);
        });
      }
    }
  }

  it('compresses the constant start: a settings-sized answer shrinks to a fraction', () => {
    const start = jsonStart(400);
    const answer = new PreparedAnswer(start);
    for (const encoding of ['br', 'gzip'] as const) expect(answer.encode(encoding, ends.time).length).toBeLessThan(start.length / 2);
  });

  it('makes an answer once for calls with the same end, and again when the end changes', () => {
    const answer = new PreparedAnswer('{"a":');
    expect(answer.encode('br')).toBe(answer.encode('br'));
    const one = answer.encode('gzip', '1}');
    expect(answer.encode('gzip', '1}')).toBe(one);
    expect(gunzipSync(answer.encode('gzip', '2}')).toString()).toBe('{"a":2}');
    expect(gunzipSync(answer.encode('gzip', '1}')).toString()).toBe('{"a":1}');
  });

  it('refuses an end longer than one uncompressed block holds', () => {
    expect(() => new PreparedAnswer('{').encode('gzip', 'a'.repeat(0x10000))).toThrow(/at most 65535 bytes/);
  });
});

describe('acceptedEncoding', () => {
  const asking = (header?: string) => acceptedEncoding({ headers: header === undefined ? {} : { 'accept-encoding': header } } as FastifyRequest);

  it('follows each request\'s header, whichever came before', () => {
    const cases: [string | undefined, string][] = [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
      [undefined, 'identity'],
      ['gzip', 'gzip'],
      ['br;q=0.5, gzip', 'gzip'],
      ['deflate', 'identity'],
      ['BR', 'br'],
      ['', 'identity'],
      ['gzip, deflate, br, zstd', 'br'],
    ];
    for (const [header, encoding] of cases) expect(asking(header), String(header)).toBe(encoding);
  });
});
