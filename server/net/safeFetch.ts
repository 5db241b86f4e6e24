/**
 * Calls a URL a user typed (an RTB bidder's endpoint) without letting it reach this server's own network (SSRF).
 *
 * - only http: and https:, no user name or password, a port in 1..65535;
 * - the host name is resolved first and every address it resolves to must be a public internet address
 *   (`classifyAddress`); the connection then goes to the checked addresses only (a `lookup` that answers them), so a
 *   second, different DNS answer (rebinding) cannot move the call; `Host` and the TLS server name stay the name;
 * - one deadline (at most 2 s) covers DNS, connect, TLS and the body; the body is capped (64 KiB by default);
 * - redirects are never followed: a 3xx is returned like any other answer.
 *
 * Node's own http/https on purpose: fetch (undici) connects through its own dispatcher, where pinning the address
 * and capping the body take more code than this file. Failures throw a SafeFetchError whose `kind` says what went
 * wrong and whose message a user can read.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { performance } from 'node:perf_hooks';

/** The longest a call may take, whatever the caller asks. */
export const MAX_TIMEOUT_MS = 2000;
/** The largest answer body read by default. */
export const DEFAULT_MAX_BYTES = 64 * 1024;

export type SafeFetchErrorKind = 'refused' | 'unreachable' | 'timeout' | 'too_large';

/**
 * What exactly failed: why a URL was refused (`url`, `scheme`, `credentials`, `port`, `address`), why a target was
 * unreachable (`dns`, `connection_refused`, `connection_reset`, `network`, `tls`, `protocol`), or `timeout` / `too_large`.
 */
export type SafeFetchErrorDetail =
  | 'url'
  | 'scheme'
  | 'credentials'
  | 'port'
  | 'address'
  | 'dns'
  | 'connection_refused'
  | 'connection_reset'
  | 'network'
  | 'tls'
  | 'protocol'
  | 'timeout'
  | 'too_large';

/** A call that did not produce a whole answer; `message` is a plain English sentence for the user. */
export class SafeFetchError extends Error {
  constructor(
    readonly kind: SafeFetchErrorKind,
    readonly detail: SafeFetchErrorDetail,
    message: string,
    /** The HTTP status, when an answer had started (too_large). */
    readonly status: number | null = null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'SafeFetchError';
  }
}

/** One address a host name resolves to. */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6 | number;
}

/** Resolves a host name to all its addresses (dns.lookup by default; tests inject their own). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

const systemResolver: Resolver = (hostname) => dnsLookup(hostname, { all: true });

export interface SafeFetchOptions {
  /** Default POST. */
  method?: 'POST' | 'GET';
  body?: string | Buffer;
  headers?: Record<string, string>;
  /** Total time for DNS, connect, TLS and the body; default and maximum MAX_TIMEOUT_MS. */
  timeoutMs?: number;
  /** Largest body read; beyond it the call fails with `too_large`. Default DEFAULT_MAX_BYTES. */
  maxBytes?: number;
  /** Allow loopback and private-network targets (development and tests only; never link-local, multicast, …). */
  allowPrivateTargets?: boolean;
  /** Host name resolution (tests inject a fake one). */
  resolver?: Resolver;
  /** Extra TLS options (tests: a self-signed CA). */
  tls?: Pick<https.RequestOptions, 'ca' | 'rejectUnauthorized'>;
}

export interface SafeFetchResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** From the call to the end of the body, DNS included. */
  latencyMs: number;
}

// ---------------------------------------------------------------------------------------------------------------
// Addresses

/** What kind of address an IP is; only `public` may be called (and `loopback`, `private` with allowPrivateTargets). */
export type AddressClass = 'public' | 'loopback' | 'private' | 'link_local' | 'shared' | 'unspecified' | 'multicast' | 'reserved';

const CLASS_TEXT: Record<Exclude<AddressClass, 'public'>, string> = {
  loopback: 'a loopback address (this server itself)',
  private: 'a private network address',
  link_local: 'a link-local address (such as a cloud metadata service)',
  shared: 'a carrier-grade NAT address',
  unspecified: 'an unspecified address',
  multicast: 'a multicast or broadcast address',
  reserved: 'a reserved or documentation address',
};

/** IPv4 ranges that are not the public internet: [first address, prefix length, class]. */
const IPV4_RANGES: [string, number, AddressClass][] = [
  ['0.0.0.0', 8, 'unspecified'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'shared'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link_local'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'reserved'],
  ['192.0.2.0', 24, 'reserved'],
  ['192.88.99.0', 24, 'reserved'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'reserved'],
  ['198.51.100.0', 24, 'reserved'],
  ['203.0.113.0', 24, 'reserved'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'],
];

const ipv4Number = (address: string): number => address.split('.').reduce((n, part) => n * 256 + Number(part), 0);
const IPV4_TABLE = IPV4_RANGES.map(([base, bits, cls]) => ({ base: ipv4Number(base), size: 2 ** (32 - bits), cls }));

function classifyIPv4Number(n: number): AddressClass {
  for (const { base, size, cls } of IPV4_TABLE) if (n >= base && n < base + size) return cls;
  return 'public';
}

/** The eight 16-bit words of a valid IPv6 address (zone id dropped, a dotted IPv4 tail converted). */
function ipv6Words(address: string): number[] {
  let text = address.split('%')[0];
  const lastColon = text.lastIndexOf(':');
  const tail = text.slice(lastColon + 1);
  if (tail.includes('.')) {
    const n = ipv4Number(tail);
    text = `${text.slice(0, lastColon + 1)}${Math.floor(n / 65536).toString(16)}:${(n % 65536).toString(16)}`;
  }
  const [head, rest] = text.split('::');
  const words = (s: string | undefined) => (s ? s.split(':').map((w) => parseInt(w, 16)) : []);
  const front = words(head);
  if (rest === undefined) return front;
  const back = words(rest);
  return [...front, ...new Array<number>(8 - front.length - back.length).fill(0), ...back];
}

/**
 * The class of an IP address. IPv4 inside IPv6 is judged by the IPv4 address it carries: mapped (::ffff:a.b.c.d,
 * also written ::ffff:7f00:1), NAT64 (64:ff9b::/96) and 6to4 (2002::/16). Only global unicast (2000::/3) is public
 * in IPv6, less documentation and the IETF protocol block (2001::/23: Teredo, benchmarking, ORCHID).
 * Anything that is not an IP address is `reserved`.
 */
export function classifyAddress(address: string): AddressClass {
  const bare = address.replace(/^\[|\]$/g, '');
  const version = isIP(bare.split('%')[0]);
  if (version === 4) return classifyIPv4Number(ipv4Number(bare));
  if (version !== 6) return 'reserved';
  const w = ipv6Words(bare);
  const v4 = (hi: number, lo: number) => classifyIPv4Number(hi * 65536 + lo);
  const zeros = (from: number, to: number) => w.slice(from, to).every((x) => x === 0);
  if (zeros(0, 8)) return 'unspecified';
  if (zeros(0, 7) && w[7] === 1) return 'loopback';
  if (zeros(0, 5) && w[5] === 0xffff) return v4(w[6], w[7]);
  if (zeros(0, 6)) return 'reserved'; // IPv4-compatible (deprecated)
  if (w[0] === 0x64 && w[1] === 0xff9b && zeros(2, 6)) return v4(w[6], w[7]);
  if (w[0] === 0x64 && w[1] === 0xff9b && w[2] === 1) return 'private'; // local-use NAT64
  if (w[0] === 0x2002) return v4(w[1], w[2]);
  if (w[0] === 0x2001 && (w[1] < 0x200 || w[1] === 0xdb8)) return 'reserved';
  if (w[0] === 0x3fff && w[1] < 0x1000) return 'reserved'; // documentation (RFC 9637)
  if ((w[0] & 0xe000) === 0x2000) return 'public';
  if ((w[0] & 0xfe00) === 0xfc00 || (w[0] & 0xffc0) === 0xfec0) return 'private';
  if ((w[0] & 0xffc0) === 0xfe80) return 'link_local';
  if ((w[0] & 0xff00) === 0xff00) return 'multicast';
  return 'reserved';
}

/** Whether an address may be called, given the allowPrivateTargets setting. */
export function isAllowedAddress(address: string, allowPrivateTargets = false): boolean {
  const cls = classifyAddress(address);
  return cls === 'public' || (allowPrivateTargets && (cls === 'loopback' || cls === 'private'));
}

// ---------------------------------------------------------------------------------------------------------------
// URLs

/** A URL that may be called: http(s), no credentials, a port in range; `hostname` without IPv6 brackets. */
export interface CheckedUrl {
  url: URL;
  hostname: string;
  port: number;
}

const refused = (detail: SafeFetchErrorDetail, message: string) => new SafeFetchError('refused', detail, message);

/**
 * Checks the form of a URL (not its addresses). WHATWG URL parsing normalizes the host, so odd IP spellings
 * (`http://2130706433/`, `http://0x7f.1/`) arrive here as the dotted address they mean.
 * @throws SafeFetchError `refused`.
 */
export function checkUrl(input: string): CheckedUrl {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    throw refused('url', 'The URL is not valid.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw refused('scheme', `Only http:// and https:// URLs can be called, not ${url.protocol.slice(0, 20)}//.`);
  if (url.username || url.password) throw refused('credentials', 'The URL must not contain a user name or password.');
  const port = url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw refused('port', 'The port must be between 1 and 65535.');
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  if (!hostname) throw refused('url', 'The URL has no host name.');
  return { url, hostname, port };
}

function refusedAddress(hostname: string, address: string): SafeFetchError {
  const text = CLASS_TEXT[classifyAddress(address) as Exclude<AddressClass, 'public'>];
  const subject = isIP(hostname) ? address : `${hostname} resolves to ${address}, which`;
  return refused('address', `${subject} is ${text}: only public internet addresses can be called.`);
}

/**
 * The addresses the call may connect to: the literal IP, or every address the name resolves to, each checked.
 * @throws SafeFetchError `refused` when any address is not allowed, `unreachable` when the name does not resolve.
 */
async function resolveTarget(target: CheckedUrl, resolver: Resolver, allowPrivateTargets: boolean): Promise<ResolvedAddress[]> {
  const literal = isIP(target.hostname);
  let addresses: ResolvedAddress[];
  if (literal) {
    addresses = [{ address: target.hostname, family: literal }];
  } else {
    try {
      addresses = await resolver(target.hostname);
    } catch (e) {
      throw new SafeFetchError('unreachable', 'dns', `The host name ${target.hostname} was not found.`, null, { cause: e });
    }
    if (!addresses.length) throw new SafeFetchError('unreachable', 'dns', `The host name ${target.hostname} was not found.`);
  }
  for (const { address } of addresses) {
    if (!isIP(address.split('%')[0])) throw new SafeFetchError('unreachable', 'dns', `The host name ${target.hostname} was not found.`);
    if (!isAllowedAddress(address, allowPrivateTargets)) throw refusedAddress(target.hostname, address);
  }
  return addresses.map(({ address, family }) => ({ address, family: isIP(address.split('%')[0]) || family }));
}

/** A `lookup` for http.request that answers the checked addresses and never asks DNS again. */
function pinnedLookup(addresses: ResolvedAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    const wanted = addresses.filter((a) => !options.family || a.family === options.family);
    const list = wanted.length ? wanted : addresses;
    if (options.all) (callback as (err: null, addresses: ResolvedAddress[]) => void)(null, list);
    else callback(null, list[0].address, list[0].family);
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The call

const TLS_CODE = /^(ERR_TLS|ERR_SSL|EPROTO$|CERT_|DEPTH_ZERO|SELF_SIGNED|UNABLE_TO_(GET|VERIFY)|ERR_OSSL|HOSTNAME_MISMATCH|ERR_TLS_CERT)/;

/** A network error as the SafeFetchError a user reads. */
function networkError(e: unknown, target: CheckedUrl): SafeFetchError {
  if (e instanceof SafeFetchError) return e;
  const code = String((e as NodeJS.ErrnoException)?.code ?? '');
  const where = `${target.hostname}:${target.port}`;
  const fail = (detail: SafeFetchErrorDetail, message: string) => new SafeFetchError('unreachable', detail, message, null, { cause: e });
  if (['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NODATA', 'ENODATA'].includes(code)) return fail('dns', `The host name ${target.hostname} was not found.`);
  if (code === 'ECONNREFUSED') return fail('connection_refused', `The connection to ${where} was refused.`);
  if (['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'UND_ERR_SOCKET'].includes(code) || /socket hang up|aborted/i.test(String((e as Error)?.message))) {
    return fail('connection_reset', `The connection to ${where} was closed before a whole answer arrived.`);
  }
  if (TLS_CODE.test(code)) return fail('tls', `The secure (TLS) connection to ${where} failed (${code}).`);
  if (code.startsWith('HPE_')) return fail('protocol', `The answer from ${where} is not valid HTTP.`);
  if (['EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL', 'ENETDOWN', 'EHOSTDOWN'].includes(code)) return fail('network', `${where} cannot be reached from this server.`);
  return fail('network', `The call to ${where} failed${code ? ` (${code})` : ''}.`);
}

const tooLarge = (maxBytes: number, status: number) =>
  new SafeFetchError('too_large', 'too_large', `The answer is too large: more than ${maxBytes >= 1024 ? `${Math.floor(maxBytes / 1024)} KiB` : `${maxBytes} bytes`}.`, status);

/** The effective total timeout: the caller's, within 1..MAX_TIMEOUT_MS (MAX_TIMEOUT_MS when unset or not a number). */
export function effectiveTimeout(timeoutMs: number | undefined): number {
  if (timeoutMs === undefined || !Number.isFinite(timeoutMs)) return MAX_TIMEOUT_MS;
  return Math.min(MAX_TIMEOUT_MS, Math.max(1, Math.round(timeoutMs)));
}

/**
 * Calls `url` (POST by default) under the rules in this file's header.
 * @throws SafeFetchError: `refused` (URL or address not allowed), `unreachable` (DNS, connection, TLS), `timeout`,
 *   `too_large`.
 */
export async function safeFetch(url: string, options: SafeFetchOptions = {}): Promise<SafeFetchResponse> {
  const started = performance.now();
  const target = checkUrl(url);
  const timeoutMs = effectiveTimeout(options.timeoutMs);
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;

  let timer: NodeJS.Timeout | undefined;
  let abort: (e: SafeFetchError) => void = () => {};
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const e = new SafeFetchError('timeout', 'timeout', `No answer within ${timeoutMs} ms.`);
      abort(e);
      reject(e);
    }, timeoutMs);
  });
  deadline.catch(() => {});

  try {
    const addresses = await Promise.race([resolveTarget(target, options.resolver ?? systemResolver, options.allowPrivateTargets ?? false), deadline]);
    const call = new Promise<SafeFetchResponse>((resolve, reject) => {
      let settled = false;
      const body = options.body === undefined ? undefined : Buffer.from(options.body);
      const secure = target.url.protocol === 'https:';
      const requestOptions: https.RequestOptions = {
        method: options.method ?? 'POST',
        hostname: target.hostname,
        port: target.port,
        path: `${target.url.pathname}${target.url.search}`,
        headers: {
          ...options.headers,
          host: target.url.host,
          ...(body ? { 'content-length': String(body.length) } : {}),
        },
        // No pooled socket: each call connects to the address it checked.
        agent: false,
        lookup: pinnedLookup(addresses),
        ...(secure ? { servername: isIP(target.hostname) ? undefined : target.hostname, ...options.tls } : {}),
      };
      const req = (secure ? https : http).request(requestOptions);
      const fail = (e: unknown) => {
        if (settled) return;
        settled = true;
        reject(networkError(e, target));
        req.destroy();
      };
      abort = fail;
      req.on('error', fail);
      req.on('response', (res) => {
        const status = res.statusCode ?? 0;
        const declared = Number(res.headers['content-length']);
        if (Number.isFinite(declared) && declared > maxBytes) return fail(tooLarge(maxBytes, status));
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) fail(tooLarge(maxBytes, status));
          else chunks.push(chunk);
        });
        res.on('error', fail);
        res.on('aborted', () => fail(Object.assign(new Error('aborted'), { code: 'ECONNRESET' })));
        res.on('end', () => {
          if (settled) return;
          settled = true;
          resolve({ status, headers: res.headers, body: Buffer.concat(chunks), latencyMs: Math.round(performance.now() - started) });
        });
      });
      req.end(body);
    });
    return await Promise.race([call, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
