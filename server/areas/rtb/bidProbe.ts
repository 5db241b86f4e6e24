/**
 * "Send a test bid request": posts a sample OpenRTB BidRequest to an advertiser's bidder URL through safeFetch
 * (public addresses only, pinned, 2 s at most, 64 KiB at most, no redirects) and tells the user what came back:
 * a valid bid (and its price), a no-bid, an invalid answer (and what is wrong with it), or why the bidder could not
 * be reached. Every message is one fixed English sentence with at most simple values put in (numbers, the host).
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { effectiveTimeout, safeFetch, SafeFetchError, type Resolver, type SafeFetchResponse } from '../../net/safeFetch';

export interface BidProbeTarget {
  url: string;
  protocol: 'openrtb_2_5' | 'openrtb_2_6';
  ad_formats: string[];
  timeout_ms: number;
}

export interface BidProbeResult {
  outcome: 'bid' | 'no_bid' | 'invalid' | 'unreachable' | 'refused';
  http_status: number | null;
  latency_ms: number | null;
  message: string;
  price: string | null;
}

/** The ad format families a BidRequest has an imp object for. */
type ImpFamily = 'banner' | 'native' | 'video';

/** The family of each of the panel's ad format ids (schemas/ad-formats/<id>); any other id is a banner. */
const FAMILY: Record<string, ImpFamily> = {
  native: 'native',
  'in-stream': 'video',
};
const FAMILY_ORDER: ImpFamily[] = ['banner', 'native', 'video'];

/** OpenRTB Native 1.2 request: a title, a main image and a description. */
const NATIVE_REQUEST = {
  ver: '1.2',
  context: 1,
  plcmttype: 1,
  plcmtcnt: 1,
  assets: [
    { id: 1, required: 1, title: { len: 90 } },
    { id: 2, required: 1, img: { type: 3, wmin: 300, hmin: 250 } },
    { id: 3, required: 0, data: { type: 2, len: 140 } },
  ],
};

const SAMPLE_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

function imp(family: ImpFamily, id: string, version: '2.5' | '2.6', formats: string[]): object {
  const common = { id, tagid: `probe-${formats.join('+')}`, bidfloor: 0.01, bidfloorcur: 'USD', secure: 1 };
  if (family === 'native') return { ...common, native: { request: JSON.stringify(NATIVE_REQUEST), ver: '1.2' } };
  if (family === 'video') {
    return {
      ...common,
      video: {
        mimes: ['video/mp4', 'video/webm'],
        minduration: 5,
        maxduration: 30,
        protocols: [2, 3, 5, 6, 7, 8],
        w: 640,
        h: 360,
        startdelay: 0,
        linearity: 1,
        // 2.6 replaced `placement` by `plcmt` (1 = instream in both).
        ...(version === '2.6' ? { plcmt: 1 } : { placement: 1 }),
      },
    };
  }
  const interstitial = formats.includes('interstitial') && formats.length === 1;
  return { ...common, ...(interstitial ? { instl: 1 } : {}), banner: { w: 300, h: 250, format: [{ w: 300, h: 250 }] } };
}

/** The sample request itself (exported for tests and docs). */
export function sampleBidRequest(target: BidProbeTarget, id: string = randomUUID()): object {
  const version = target.protocol === 'openrtb_2_6' ? '2.6' : '2.5';
  const byFamily = new Map<ImpFamily, string[]>();
  for (const format of target.ad_formats) {
    const family = FAMILY[format] ?? 'banner';
    byFamily.set(family, [...(byFamily.get(family) ?? []), format]);
  }
  if (!byFamily.size) byFamily.set('banner', ['banner']);
  const imps = FAMILY_ORDER.filter((f) => byFamily.has(f)).map((family, i) => imp(family, String(i + 1), version, byFamily.get(family)!));
  return {
    id,
    imp: imps,
    site: {
      id: 'probe-site',
      domain: 'publisher.example',
      page: 'https://publisher.example/article',
      publisher: { id: 'probe-publisher', name: 'Test publisher' },
    },
    device: { ua: SAMPLE_UA, ip: '203.0.113.7', geo: { country: 'USA' }, devicetype: 2, language: 'en' },
    user: { id: 'probe-user-1' },
    at: 1,
    tmax: Math.round(target.timeout_ms),
    cur: ['USD'],
    test: 1,
    // 2.6 moved gdpr (and us_privacy, consent) out of ext into the objects themselves.
    regs: version === '2.6' ? { coppa: 0, gdpr: 0 } : { coppa: 0, ext: { gdpr: 0 } },
    source: { tid: id },
  };
}

/**
 * `n` (finite, ≥ 0) as a decimal string with 4 places, rounded half up on its shortest decimal form (what the JSON
 * most likely said), not on its binary value: 1.00005 is "1.0001" where toFixed(4) says "1.0000".
 */
export function formatPrice(n: number): string {
  const [mantissa, exponent = '0'] = String(n).split('e');
  const [whole, fraction = ''] = mantissa.split('.');
  let digits = whole + fraction;
  let point = whole.length + Number(exponent);
  if (point < 0) {
    digits = '0'.repeat(-point) + digits;
    point = 0;
  }
  if (point > digits.length) digits += '0'.repeat(point - digits.length);
  const fractionDigits = digits.slice(point);
  let scaled = BigInt((digits.slice(0, point) || '0') + (fractionDigits + '0000').slice(0, 4));
  if ((fractionDigits[4] ?? '0') >= '5') scaled += 1n;
  const text = scaled.toString().padStart(5, '0');
  return `${text.slice(0, -4)}.${text.slice(-4)}`;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** An answer that failed: what is wrong with it. */
class Invalid extends Error {}

/** The highest bid of a parsed BidResponse, or null for a no-bid; throws Invalid naming the problem. */
function readBidResponse(answer: unknown, requestId: string, impIds: Set<string>): { price: number; cur: string; bids: number } | { nbr: number | null } {
  if (!isObject(answer)) throw new Invalid('The answer is JSON but not a BidResponse object.');
  const nbr = Number.isInteger(answer.nbr) ? (answer.nbr as number) : null;
  // {} is the shortest no-bid OpenRTB allows.
  if (answer.id === undefined && answer.seatbid === undefined) return { nbr };
  if (answer.id !== requestId) throw new Invalid("The answer's id is not the id of the request.");
  if (answer.seatbid === undefined || (Array.isArray(answer.seatbid) && answer.seatbid.length === 0)) return { nbr };
  if (!Array.isArray(answer.seatbid)) throw new Invalid("The answer's seatbid is not a list.");
  const cur = answer.cur === undefined ? 'USD' : answer.cur;
  if (cur !== 'USD') throw new Invalid("The answer's currency (cur) is not USD, the only one the request allows.");
  let best = -1;
  let count = 0;
  answer.seatbid.forEach((seat: unknown, s) => {
    const where = `seat ${s + 1}`;
    if (!isObject(seat) || !Array.isArray(seat.bid) || seat.bid.length === 0) throw new Invalid(`The answer's ${where} has no list of bids.`);
    seat.bid.forEach((bid: unknown, b) => {
      const which = `Bid ${b + 1} of ${where}`;
      if (!isObject(bid)) throw new Invalid(`${which} is not an object.`);
      if (typeof bid.id !== 'string' || bid.id === '') throw new Invalid(`${which} has no id.`);
      if (typeof bid.impid !== 'string' || !impIds.has(bid.impid)) throw new Invalid(`${which} names an impression (impid) that is not in the request.`);
      if (typeof bid.price !== 'number' || !Number.isFinite(bid.price)) throw new Invalid(`${which} has no price, or a price that is not a number.`);
      if (bid.price < 0) throw new Invalid(`${which} has a negative price.`);
      count += 1;
      best = Math.max(best, bid.price);
    });
  });
  return { price: best, cur, bids: count };
}

/** The result of an answer that arrived. */
function judge(res: SafeFetchResponse, requestId: string, impIds: Set<string>): BidProbeResult {
  const base = { http_status: res.status, latency_ms: res.latencyMs, price: null };
  const invalid = (message: string): BidProbeResult => ({ ...base, outcome: 'invalid', message });
  if (res.status >= 300 && res.status < 400) return invalid(`The bidder answered with a redirect (HTTP ${res.status}), which is not followed: enter the final URL.`);
  if (res.status === 204) return { ...base, outcome: 'no_bid', message: 'The bidder answered with no bid (HTTP 204).' };
  if (res.status !== 200) return invalid(`The bidder answered HTTP ${res.status}: a bidder answers 200 with a bid, or 204 with no bid.`);
  const text = res.body.toString('utf8').trim();
  if (text === '') return { ...base, outcome: 'no_bid', message: 'The bidder answered with no bid (an empty answer).' };
  let answer: unknown;
  try {
    answer = JSON.parse(text);
  } catch {
    return invalid('The answer is not JSON.');
  }
  try {
    const read = readBidResponse(answer, requestId, impIds);
    if ('nbr' in read) {
      return { ...base, outcome: 'no_bid', message: read.nbr === null ? 'The bidder answered with no bid.' : `The bidder answered with no bid (reason code ${read.nbr}).` };
    }
    const price = formatPrice(read.price);
    const message = read.bids === 1 ? `The bidder answered with a valid bid of ${price} ${read.cur}.` : `The bidder answered with ${read.bids} valid bids; the highest is ${price} ${read.cur}.`;
    return { ...base, outcome: 'bid', message, price };
  } catch (e) {
    if (e instanceof Invalid) return invalid(e.message);
    throw e;
  }
}

/** Sends the sample request to the target and judges the answer; never throws for anything the bidder does. */
export async function probeBidder(target: BidProbeTarget, options: { allowPrivateTargets: boolean; resolver?: Resolver }): Promise<BidProbeResult> {
  const version = target.protocol === 'openrtb_2_6' ? '2.6' : '2.5';
  const request = sampleBidRequest(target) as { id: string; imp: { id: string }[] };
  const impIds = new Set(request.imp.map((i) => i.id));
  const started = performance.now();
  try {
    const res = await safeFetch(target.url, {
      method: 'POST',
      body: JSON.stringify(request),
      headers: { 'content-type': 'application/json', accept: 'application/json', 'x-openrtb-version': version, 'user-agent': 'adpanel-bid-probe/1' },
      timeoutMs: target.timeout_ms,
      allowPrivateTargets: options.allowPrivateTargets,
      resolver: options.resolver,
    });
    return judge(res, request.id, impIds);
  } catch (e) {
    if (!(e instanceof SafeFetchError)) throw e;
    // A refused URL was not called: nothing was measured. Otherwise the time until the call failed.
    if (e.kind === 'refused') return { outcome: 'refused', http_status: null, latency_ms: null, message: e.message, price: null };
    const tried = { latency_ms: Math.round(performance.now() - started), price: null };
    if (e.kind === 'too_large') return { ...tried, outcome: 'invalid', http_status: e.status, message: e.message };
    if (e.kind === 'timeout') return { ...tried, outcome: 'unreachable', http_status: null, message: `The bidder did not answer within ${effectiveTimeout(target.timeout_ms)} ms.` };
    return { ...tried, outcome: 'unreachable', http_status: null, message: e.message };
  }
}
