import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { checkUrl, classifyAddress, effectiveTimeout, isAllowedAddress, type Resolver, safeFetch, SafeFetchError } from './safeFetch';

/** A local server for one test; `hits` records every request it received. */
interface TestServer {
  port: number;
  url: string;
  hits: { method: string; url: string; host: string | undefined; body: string }[];
  close(): Promise<void>;
}

const servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function serve(handler: (req: IncomingMessage, res: ServerResponse, body: string) => void): Promise<TestServer> {
  const hits: TestServer['hits'] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString();
      hits.push({ method: req.method ?? '', url: req.url ?? '', host: req.headers.host, body });
      handler(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const s: TestServer = {
    port,
    url: `http://127.0.0.1:${port}`,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  servers.push(s);
  return s;
}

/** The SafeFetchError a call fails with (fails the test when it succeeds). */
async function failure(call: Promise<unknown>): Promise<SafeFetchError> {
  try {
    await call;
  } catch (e) {
    expect(e).toBeInstanceOf(SafeFetchError);
    return e as SafeFetchError;
  }
  throw new Error('the call succeeded');
}

/** A resolver answering from a table, counting its calls. */
function fakeResolver(answers: Record<string, string[] | string[][]>) {
  const calls: string[] = [];
  const resolver: Resolver = async (hostname) => {
    const n = calls.filter((h) => h === hostname).length;
    calls.push(hostname);
    const answer = answers[hostname];
    if (!answer) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    const list = (Array.isArray(answer[0]) ? (answer as string[][])[Math.min(n, answer.length - 1)] : answer) as string[];
    return list.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return { resolver, calls };
}

describe('checkUrl', () => {
  it('takes http and https only', () => {
    for (const url of ['ftp://example.com/', 'file:///etc/passwd', 'gopher://example.com/', 'javascript:alert(1)', 'data:text/plain,hi', 'ws://example.com/']) {
      expect(() => checkUrl(url), url).toThrow(/Only http:\/\/ and https:\/\//);
    }
    expect(checkUrl('https://dsp.example.com/bid?x=1').port).toBe(443);
    expect(checkUrl('http://dsp.example.com/bid').port).toBe(80);
    expect(() => checkUrl('not a url')).toThrow('The URL is not valid.');
  });

  it('refuses credentials in the URL', () => {
    for (const url of ['http://user:pass@dsp.example.com/', 'http://user@dsp.example.com/', 'https://:secret@dsp.example.com/']) {
      const e = (() => {
        try {
          checkUrl(url);
        } catch (err) {
          return err as SafeFetchError;
        }
      })();
      expect(e?.kind, url).toBe('refused');
      expect(e?.detail, url).toBe('credentials');
    }
  });

  it('takes ports 1..65535 only', () => {
    expect(checkUrl('http://dsp.example.com:1/').port).toBe(1);
    expect(checkUrl('http://dsp.example.com:65535/').port).toBe(65535);
    expect(() => checkUrl('http://dsp.example.com:0/')).toThrow('The port must be between 1 and 65535.');
    expect(() => checkUrl('http://dsp.example.com:65536/')).toThrow(SafeFetchError);
  });

  it('sees odd IPv4 spellings as the address they mean (WHATWG URL normalizes them)', () => {
    expect(checkUrl('http://2130706433/').hostname).toBe('127.0.0.1');
    expect(checkUrl('http://0x7f.1/').hostname).toBe('127.0.0.1');
    expect(checkUrl('http://017700000001/').hostname).toBe('127.0.0.1');
    expect(checkUrl('http://[::ffff:127.0.0.1]/').hostname).toBe('::ffff:7f00:1');
  });
});

describe('classifyAddress', () => {
  it('names every range that is not the public internet', () => {
    const table: Record<string, string> = {
      '8.8.8.8': 'public',
      '93.184.216.34': 'public',
      '127.0.0.1': 'loopback',
      '127.255.0.9': 'loopback',
      '10.0.0.1': 'private',
      '172.16.0.1': 'private',
      '172.31.255.255': 'private',
      '172.32.0.1': 'public',
      '192.168.1.1': 'private',
      '169.254.169.254': 'link_local',
      '100.64.0.1': 'shared',
      '100.127.255.255': 'shared',
      '100.128.0.1': 'public',
      '0.0.0.0': 'unspecified',
      '0.1.2.3': 'unspecified',
      '224.0.0.1': 'multicast',
      '239.255.255.250': 'multicast',
      '240.0.0.1': 'reserved',
      '255.255.255.255': 'reserved',
      '192.0.2.1': 'reserved',
      '198.18.0.1': 'reserved',
      '203.0.113.5': 'reserved',
      '::': 'unspecified',
      '::1': 'loopback',
      '0:0:0:0:0:0:0:1': 'loopback',
      '::ffff:127.0.0.1': 'loopback',
      '::ffff:7f00:1': 'loopback',
      '::ffff:10.0.0.1': 'private',
      '::ffff:169.254.169.254': 'link_local',
      '::ffff:8.8.8.8': 'public',
      '::127.0.0.1': 'reserved',
      '64:ff9b::7f00:1': 'loopback',
      '64:ff9b::a9fe:a9fe': 'link_local',
      '64:ff9b::808:808': 'public',
      '64:ff9b:1::1': 'private',
      '2002:7f00:1::1': 'loopback',
      '2002:a00:1::': 'private',
      '2002:808:808::1': 'public',
      '2001::1': 'reserved',
      '2001:db8::1': 'reserved',
      '2606:4700:4700::1111': 'public',
      'fc00::1': 'private',
      'fd12:3456::1': 'private',
      'fe80::1': 'link_local',
      'fe80::1%eth0': 'link_local',
      'ff02::1': 'multicast',
      '100::1': 'reserved',
      '[::1]': 'loopback',
      'localhost': 'reserved',
      '': 'reserved',
    };
    for (const [address, cls] of Object.entries(table)) expect(classifyAddress(address), address).toBe(cls);
  });

  it('lets allowPrivateTargets open loopback and private networks only', () => {
    expect(isAllowedAddress('127.0.0.1')).toBe(false);
    expect(isAllowedAddress('127.0.0.1', true)).toBe(true);
    expect(isAllowedAddress('10.0.0.1', true)).toBe(true);
    expect(isAllowedAddress('fd00::1', true)).toBe(true);
    for (const a of ['169.254.169.254', 'fe80::1', '0.0.0.0', '::', '224.0.0.1', '100.64.0.1']) expect(isAllowedAddress(a, true), a).toBe(false);
  });
});

describe('safeFetch refuses private targets', () => {
  it('refuses IP literals of every private kind, and never connects', async () => {
    const server = await serve((_req, res) => res.end('reached'));
    const { resolver, calls } = fakeResolver({});
    const urls = [
      server.url,
      `http://2130706433:${server.port}/`,
      `http://0x7f.1:${server.port}/`,
      `http://[::1]:${server.port}/`,
      `http://[::ffff:127.0.0.1]:${server.port}/`,
      'http://169.254.169.254/latest/meta-data/',
      'http://0.0.0.0/',
      'http://[::]/',
      'http://10.1.2.3/',
      'http://172.20.0.1/',
      'http://192.168.0.1/',
      'http://100.64.0.1/',
      'http://224.0.0.1/',
      'http://255.255.255.255/',
      'http://[fe80::1]/',
      'http://[fd00::1]/',
      'http://[64:ff9b::a9fe:a9fe]/',
      'http://[2002:7f00:1::]/',
    ];
    for (const url of urls) {
      const e = await failure(safeFetch(url, { body: '{}', resolver }));
      expect([e.kind, e.detail], url).toEqual(['refused', 'address']);
      expect(e.message, url).toMatch(/only public internet addresses can be called\.$/);
    }
    expect(server.hits).toHaveLength(0);
    expect(calls).toHaveLength(0);
  });

  it('says what the decimal address is', async () => {
    const e = await failure(safeFetch('http://2130706433/'));
    expect(e.message).toBe('127.0.0.1 is a loopback address (this server itself): only public internet addresses can be called.');
  });

  it('refuses a name that resolves to a private address, a mapped loopback, or any private address among public ones', async () => {
    const { resolver } = fakeResolver({
      'intranet.test': ['10.0.0.1'],
      'mapped.test': ['::ffff:127.0.0.1'],
      'metadata.test': ['169.254.169.254'],
      'mixed.test': ['93.184.216.34', '192.168.1.10'],
    });
    let e = await failure(safeFetch('http://intranet.test/bid', { resolver }));
    expect([e.kind, e.detail]).toEqual(['refused', 'address']);
    expect(e.message).toBe('intranet.test resolves to 10.0.0.1, which is a private network address: only public internet addresses can be called.');
    e = await failure(safeFetch('http://mapped.test/bid', { resolver }));
    expect(e.message).toBe('mapped.test resolves to ::ffff:127.0.0.1, which is a loopback address (this server itself): only public internet addresses can be called.');
    e = await failure(safeFetch('https://metadata.test/', { resolver }));
    expect(e.message).toMatch(/link-local address/);
    e = await failure(safeFetch('http://mixed.test/', { resolver }));
    expect(e.message).toMatch(/^mixed.test resolves to 192.168.1.10/);
  });

  it('allowPrivateTargets reaches loopback but still refuses link-local and unspecified addresses', async () => {
    const server = await serve((_req, res) => res.end('reached'));
    const res = await safeFetch(server.url, { allowPrivateTargets: true, body: 'x' });
    expect(res.body.toString()).toBe('reached');
    for (const url of ['http://169.254.169.254/', 'http://0.0.0.0/', `http://[::]:${server.port}/`, 'http://[fe80::1]/']) {
      expect((await failure(safeFetch(url, { allowPrivateTargets: true }))).kind, url).toBe('refused');
    }
  });

  it('connects to the address it checked, even when a second resolution answers differently (DNS rebinding)', async () => {
    const server = await serve((_req, res) => res.end('pinned'));
    // First answer: the test server; every later answer: a documentation address nothing listens on.
    const { resolver, calls } = fakeResolver({ 'bidder.test': [['127.0.0.1'], ['192.0.2.1']] });
    const res = await safeFetch(`http://bidder.test:${server.port}/bid?x=1`, { allowPrivateTargets: true, resolver, body: '{"a":1}', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(200);
    expect(res.body.toString()).toBe('pinned');
    expect(calls).toEqual(['bidder.test']);
    // The name, not the address, is what the server sees.
    expect(server.hits).toEqual([{ method: 'POST', url: '/bid?x=1', host: `bidder.test:${server.port}`, body: '{"a":1}' }]);
  });

  it('a name that does not resolve is unreachable, not refused', async () => {
    const { resolver } = fakeResolver({});
    const e = await failure(safeFetch('http://nowhere.test/', { resolver }));
    expect([e.kind, e.detail, e.message]).toEqual(['unreachable', 'dns', 'The host name nowhere.test was not found.']);
  });
});

describe('safeFetch calls', () => {
  it('posts the body and returns status, headers, body and latency', async () => {
    const server = await serve((req, res, body) => {
      res.setHeader('x-echo', String(req.headers['content-type']));
      res.end(`got ${body}`);
    });
    const res = await safeFetch(`${server.url}/bid`, { allowPrivateTargets: true, body: 'hello', headers: { 'content-type': 'text/plain' } });
    expect(res.status).toBe(200);
    expect(res.headers['x-echo']).toBe('text/plain');
    expect(res.body).toBeInstanceOf(Buffer);
    expect(res.body.toString()).toBe('got hello');
    expect(res.latencyMs).toBeGreaterThanOrEqual(0);
    expect(res.latencyMs).toBeLessThan(2000);
  });

  it('never follows a redirect: a 302 is returned with its status', async () => {
    const server = await serve((req, res) => {
      if (req.url === '/elsewhere') return res.end('followed');
      res.writeHead(302, { location: '/elsewhere' }).end();
    });
    const res = await safeFetch(`${server.url}/bid`, { allowPrivateTargets: true, body: '{}' });
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/elsewhere');
    expect(server.hits.map((h) => h.url)).toEqual(['/bid']);
  });

  it('stops at the body cap, declared or streamed', async () => {
    const server = await serve((req, res) => {
      if (req.url === '/declared') return res.writeHead(200, { 'content-length': String(200_000) }).end(Buffer.alloc(200_000, 'a'));
      if (req.url === '/exact') return res.end('0123456789');
      // Streamed without a length, far past the cap.
      res.writeHead(200);
      for (let i = 0; i < 100; i++) res.write(Buffer.alloc(4096, 'b'));
      res.end();
    });
    let e = await failure(safeFetch(`${server.url}/declared`, { allowPrivateTargets: true }));
    expect([e.kind, e.status, e.message]).toEqual(['too_large', 200, 'The answer is too large: more than 64 KiB.']);
    e = await failure(safeFetch(`${server.url}/streamed`, { allowPrivateTargets: true }));
    expect(e.kind).toBe('too_large');
    expect((await safeFetch(`${server.url}/exact`, { allowPrivateTargets: true, maxBytes: 10 })).body.toString()).toBe('0123456789');
    e = await failure(safeFetch(`${server.url}/exact`, { allowPrivateTargets: true, maxBytes: 9 }));
    expect([e.kind, e.message]).toEqual(['too_large', 'The answer is too large: more than 9 bytes.']);
  });

  it('times out on a server that never answers', async () => {
    const server = await serve(() => {});
    const started = Date.now();
    const e = await failure(safeFetch(server.url, { allowPrivateTargets: true, timeoutMs: 300, body: '{}' }));
    expect([e.kind, e.message]).toEqual(['timeout', 'No answer within 300 ms.']);
    expect(Date.now() - started).toBeLessThan(1900);
  });

  it('times out on a body that never ends', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(200);
      res.write('{"id":');
    });
    const e = await failure(safeFetch(server.url, { allowPrivateTargets: true, timeoutMs: 300 }));
    expect(e.kind).toBe('timeout');
  });

  it('counts DNS in the deadline', async () => {
    const e = await failure(safeFetch('http://slow-dns.test/', { timeoutMs: 200, resolver: () => new Promise(() => {}) }));
    expect([e.kind, e.message]).toEqual(['timeout', 'No answer within 200 ms.']);
  });

  it('caps the timeout at 2000 ms whatever the caller asks', async () => {
    expect([effectiveTimeout(undefined), effectiveTimeout(60_000), effectiveTimeout(500), effectiveTimeout(0), effectiveTimeout(Number.NaN)]).toEqual([2000, 2000, 500, 1, 2000]);
    const server = await serve(() => {});
    const started = Date.now();
    const e = await failure(safeFetch(server.url, { allowPrivateTargets: true, timeoutMs: 60_000 }));
    expect(e.message).toBe('No answer within 2000 ms.');
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
    expect(Date.now() - started).toBeLessThan(4000);
  });

  it('reports a refused connection, a reset and a TLS failure as unreachable', async () => {
    const closed = await serve(() => {});
    const port = closed.port;
    await closed.close();
    let e = await failure(safeFetch(`http://127.0.0.1:${port}/`, { allowPrivateTargets: true }));
    expect([e.kind, e.detail, e.message]).toEqual(['unreachable', 'connection_refused', `The connection to 127.0.0.1:${port} was refused.`]);

    const resetting = await serve((req) => req.socket.destroy());
    e = await failure(safeFetch(resetting.url, { allowPrivateTargets: true, body: '{}' }));
    expect([e.kind, e.detail]).toEqual(['unreachable', 'connection_reset']);

    // https:// to a plain-http server: the TLS handshake fails.
    const plain = await serve((_req, res) => res.end('plain'));
    e = await failure(safeFetch(`https://127.0.0.1:${plain.port}/`, { allowPrivateTargets: true }));
    expect([e.kind, e.detail]).toEqual(['unreachable', 'tls']);
    expect(e.message).toMatch(/^The secure \(TLS\) connection to 127.0.0.1:\d+ failed/);
  });
});
