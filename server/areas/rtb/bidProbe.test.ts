import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startEchoBidder, type EchoBidder, type EchoBidderMode } from '../../../tests/fixtures/echoBidder';
import { formatPrice, probeBidder, sampleBidRequest, type BidProbeTarget } from './bidProbe';

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});

const local = { allowPrivateTargets: true };
const target = (url: string, extra: Partial<BidProbeTarget> = {}): BidProbeTarget => ({ url, protocol: 'openrtb_2_5', ad_formats: ['banner'], timeout_ms: 1000, ...extra });

async function bidder(mode: EchoBidderMode): Promise<EchoBidder> {
  const b = await startEchoBidder({ mode });
  open.push(b);
  return b;
}

interface SeenRequest {
  headers: IncomingHttpHeaders;
  body: { id: string; imp: { id: string }[] };
}

/** A bidder whose answer the test writes: `reply` gets the parsed request and returns [status, body]. */
async function scripted(reply: (request: SeenRequest['body']) => [number, string | object]) {
  const seen: SeenRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString()) as SeenRequest['body'];
      seen.push({ headers: req.headers, body });
      const [status, answer] = reply(body);
      res.writeHead(status, { 'content-type': 'application/json' }).end(typeof answer === 'string' ? answer : JSON.stringify(answer));
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/openrtb`;
  open.push({ close: () => new Promise<void>((done) => (server.closeAllConnections(), server.close(() => done()))) });
  return { url, seen };
}

/** A valid BidResponse to `request` with the given prices on its first imp. */
const bidsOn = (request: SeenRequest['body'], ...prices: unknown[]) => ({
  id: request.id,
  seatbid: [{ seat: 's1', bid: prices.map((price, i) => ({ id: `b${i}`, impid: request.imp[0].id, price, adm: '<b>ad</b>' })) }],
});

describe('sampleBidRequest', () => {
  it('is an OpenRTB 2.5 BidRequest with one imp per ad format family', () => {
    const request = sampleBidRequest(target('https://dsp.example/bid', { ad_formats: ['popunder', 'banner', 'web-push', 'native', 'in-stream'], timeout_ms: 350 }), 'req-1') as Record<string, never>;
    expect(request).toMatchObject({ id: 'req-1', at: 1, tmax: 350, cur: ['USD'], test: 1, user: { id: expect.any(String) }, site: { domain: 'publisher.example', page: expect.stringMatching(/^https:\/\/publisher\.example\//) } });
    const device = request.device as { ip: string; ua: string; geo: { country: string } };
    expect(device.ip).toMatch(/^203\.0\.113\.\d+$/);
    expect(device.ua).toMatch(/^Mozilla\/5\.0/);
    expect(device.geo.country).toBe('USA');
    const imps = request.imp as Record<string, Record<string, unknown>>[];
    expect(imps.map((i) => i.id)).toEqual(['1', '2', '3']);
    expect(imps[0].banner).toEqual({ w: 300, h: 250, format: [{ w: 300, h: 250 }] });
    const native = JSON.parse(imps[1].native.request as string) as { ver: string; assets: unknown[] };
    expect(native.ver).toBe('1.2');
    expect(native.assets.length).toBeGreaterThan(0);
    expect(imps[2].video).toMatchObject({ mimes: ['video/mp4', 'video/webm'], protocols: expect.arrayContaining([2, 3]), placement: 1 });
    expect(request.regs).toEqual({ coppa: 0, ext: { gdpr: 0 } });
  });

  it('writes the 2.6 fields where 2.6 differs', () => {
    const request = sampleBidRequest(target('https://dsp.example/bid', { protocol: 'openrtb_2_6', ad_formats: ['in-stream'] }), 'r') as { imp: { video: Record<string, unknown> }[]; regs: unknown };
    expect(request.imp).toHaveLength(1);
    expect(request.imp[0].video.plcmt).toBe(1);
    expect(request.imp[0].video.placement).toBeUndefined();
    expect(request.regs).toEqual({ coppa: 0, gdpr: 0 });
  });

  it('asks for a banner when no format is given, and marks a lone interstitial', () => {
    const none = sampleBidRequest(target('https://dsp.example/bid', { ad_formats: [] })) as { id: string; imp: { banner?: object; instl?: number }[] };
    expect(none.imp).toHaveLength(1);
    expect(none.imp[0].banner).toBeDefined();
    expect(none.id).toMatch(/^[0-9a-f-]{36}$/);
    const inter = sampleBidRequest(target('https://dsp.example/bid', { ad_formats: ['interstitial'] })) as { imp: { instl?: number }[] };
    expect(inter.imp[0].instl).toBe(1);
  });
});

describe('formatPrice', () => {
  it('writes 4 places from the decimal the JSON said, not its binary value', () => {
    const cases: [number, string][] = [
      [1.2345, '1.2345'],
      [2, '2.0000'],
      [0, '0.0000'],
      [1.00005, '1.0001'], // toFixed(4) says 1.0000
      [0.99995, '1.0000'],
      [0.1 + 0.2, '0.3000'],
      [1e-7, '0.0000'],
      [0.00005, '0.0001'],
      [1.5e21, '1500000000000000000000.0000'],
      [12.34564999, '12.3456'],
    ];
    for (const [n, text] of cases) expect(formatPrice(n), String(n)).toBe(text);
  });
});

describe('probeBidder', () => {
  it('reports a valid bid from the echo bidder, with the price and latency', async () => {
    const b = await bidder('bid');
    const result = await probeBidder(target(b.url, { ad_formats: ['banner', 'native'] }), local);
    expect(result).toMatchObject({ outcome: 'bid', http_status: 200, price: '1.2345', message: 'The bidder answered with 2 valid bids; the highest is 1.2345 USD.' });
    expect(result.latency_ms).toBeGreaterThanOrEqual(0);
    expect(b.requests).toHaveLength(1);
    expect((b.requests[0] as { imp: unknown[] }).imp).toHaveLength(2);
  });

  it('sends JSON with the OpenRTB version header', async () => {
    const bidderAt = await scripted((request) => [200, bidsOn(request, 3)]);
    for (const [protocol, version] of [['openrtb_2_5', '2.5'], ['openrtb_2_6', '2.6']] as const) {
      const result = await probeBidder(target(bidderAt.url, { protocol }), local);
      expect(result).toMatchObject({ outcome: 'bid', price: '3.0000', message: 'The bidder answered with a valid bid of 3.0000 USD.' });
      const { headers } = bidderAt.seen.at(-1)!;
      expect(headers['content-type']).toBe('application/json');
      expect(headers['x-openrtb-version']).toBe(version);
    }
  });

  it('takes the highest of several prices, formatted carefully', async () => {
    const bidderAt = await scripted((request) => [200, bidsOn(request, 0.5, 2.00005, 1)]);
    expect(await probeBidder(target(bidderAt.url), local)).toMatchObject({ outcome: 'bid', price: '2.0001' });
  });

  it('reads 204, an empty 200, {} and nbr as no bid', async () => {
    expect(await probeBidder(target((await bidder('no_bid')).url), local)).toMatchObject({ outcome: 'no_bid', http_status: 204, price: null, message: 'The bidder answered with no bid (HTTP 204).' });
    const answers: [string | object, string][] = [
      ['', 'The bidder answered with no bid (an empty answer).'],
      [{}, 'The bidder answered with no bid.'],
      ['same-id-nbr', 'The bidder answered with no bid (reason code 2).'],
      ['same-id-empty', 'The bidder answered with no bid.'],
    ];
    for (const [answer, message] of answers) {
      const bidderAt = await scripted((request) => [200, answer === 'same-id-nbr' ? { id: request.id, nbr: 2 } : answer === 'same-id-empty' ? { id: request.id, seatbid: [] } : answer]);
      expect(await probeBidder(target(bidderAt.url), local), JSON.stringify(answer)).toMatchObject({ outcome: 'no_bid', http_status: 200, message });
    }
  });

  it('names what is wrong with an invalid answer', async () => {
    const cases: [(r: SeenRequest['body']) => [number, string | object], string][] = [
      [() => [500, 'oops'], 'The bidder answered HTTP 500: a bidder answers 200 with a bid, or 204 with no bid.'],
      [() => [200, '{"id": '], 'The answer is not JSON.'],
      [() => [200, '[1, 2]'], 'The answer is JSON but not a BidResponse object.'],
      [(r) => [200, { ...bidsOn(r, 1), id: 'someone-else' }], "The answer's id is not the id of the request."],
      [(r) => [200, { id: r.id, seatbid: {} }], "The answer's seatbid is not a list."],
      [(r) => [200, { id: r.id, seatbid: [{ bid: [] }] }], "The answer's seat 1 has no list of bids."],
      [(r) => [200, { id: r.id, seatbid: [{ bid: [{ impid: r.imp[0].id, price: 1 }] }] }], 'Bid 1 of seat 1 has no id.'],
      [(r) => [200, { id: r.id, seatbid: [{ bid: [{ id: 'b', impid: 'not-an-imp', price: 1 }] }] }], 'Bid 1 of seat 1 names an impression (impid) that is not in the request.'],
      [(r) => [200, bidsOn(r, 1, -0.5)], 'Bid 2 of seat 1 has a negative price.'],
      [(r) => [200, bidsOn(r, '1.5')], 'Bid 1 of seat 1 has no price, or a price that is not a number.'],
      [(r) => [200, { ...bidsOn(r, 1), cur: 'EUR' }], "The answer's currency (cur) is not USD, the only one the request allows."],
    ];
    for (const [reply, message] of cases) {
      const bidderAt = await scripted(reply);
      const result = await probeBidder(target(bidderAt.url), local);
      expect(result, message).toMatchObject({ outcome: 'invalid', price: null, message });
    }
  });

  it('does not follow a redirect, read garbage or a huge answer', async () => {
    expect(await probeBidder(target((await bidder('redirect')).url), local)).toEqual(
      expect.objectContaining({ outcome: 'invalid', http_status: 302, message: 'The bidder answered with a redirect (HTTP 302), which is not followed: enter the final URL.' }),
    );
    expect(await probeBidder(target((await bidder('garbage')).url), local)).toMatchObject({ outcome: 'invalid', http_status: 200, message: 'The answer is not JSON.' });
    const huge = await probeBidder(target((await bidder('huge')).url), local);
    expect(huge).toMatchObject({ outcome: 'invalid', http_status: 200, price: null, message: 'The answer is too large: more than 64 KiB.' });
    expect(huge.latency_ms).toEqual(expect.any(Number));
  });

  it('reports a bidder that does not answer in time as unreachable', async () => {
    const started = Date.now();
    const result = await probeBidder(target((await bidder('slow')).url, { timeout_ms: 300 }), local);
    expect(result).toMatchObject({ outcome: 'unreachable', http_status: null, price: null, message: 'The bidder did not answer within 300 ms.' });
    expect(result.latency_ms).toBeGreaterThanOrEqual(295);
    expect(Date.now() - started).toBeLessThan(1900);
  });

  it('says which network failure it was', async () => {
    const gone = await startEchoBidder();
    await gone.close();
    const port = new URL(gone.url).port;
    expect(await probeBidder(target(gone.url), local)).toMatchObject({ outcome: 'unreachable', message: `The connection to 127.0.0.1:${port} was refused.` });
    const notFound = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    };
    expect(await probeBidder(target('https://no-such-bidder.test/bid'), { allowPrivateTargets: false, resolver: notFound })).toMatchObject({
      outcome: 'unreachable',
      message: 'The host name no-such-bidder.test was not found.',
    });
  });

  it('refuses private targets unless allowed, without calling them', async () => {
    const b = await bidder('bid');
    expect(await probeBidder(target(b.url), { allowPrivateTargets: false })).toEqual({
      outcome: 'refused',
      http_status: null,
      latency_ms: null,
      price: null,
      message: '127.0.0.1 is a loopback address (this server itself): only public internet addresses can be called.',
    });
    expect(b.requests).toHaveLength(0);
    const internal = async () => [{ address: '10.0.0.7', family: 4 }];
    expect(await probeBidder(target('http://bidder.internal.test/bid'), { allowPrivateTargets: false, resolver: internal })).toMatchObject({
      outcome: 'refused',
      message: 'bidder.internal.test resolves to 10.0.0.7, which is a private network address: only public internet addresses can be called.',
    });
    expect(await probeBidder(target('ftp://dsp.example/bid'), local)).toMatchObject({ outcome: 'refused', message: 'Only http:// and https:// URLs can be called, not ftp://.' });
  });
});
