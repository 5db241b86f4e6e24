import { isIPv4, isIPv6 } from 'node:net';
import type { IpRange } from '../../generated/types';

const BITS = { 4: 32, 6: 128 } as const;

/** An address as a number (IPv4: 32 bits, IPv6: 128 bits), to compare with a range's ends. */
export function ipValue(ip: string, version: 4 | 6): bigint {
  if (version === 4) return ip.split('.').reduce((acc, part) => (acc << 8n) | BigInt(Number(part)), 0n);
  let text = ip;
  // An embedded IPv4 tail (::ffff:1.2.3.4) becomes two hextets.
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4) {
    const n = ipValue(v4[1], 4);
    text = `${text.slice(0, -v4[1].length)}${(n >> 16n).toString(16)}:${(n & 0xffffn).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  return groups.reduce((acc, g) => (acc << 16n) | BigInt(parseInt(g, 16)), 0n);
}

function fromBigInt(n: bigint, version: 4 | 6): string {
  if (version === 4) return [24n, 16n, 8n, 0n].map((s) => Number((n >> s) & 0xffn)).join('.');
  const groups = Array.from({ length: 8 }, (_, i) => Number((n >> BigInt(112 - i * 16)) & 0xffffn).toString(16));
  // RFC 5952: the longest run (2+) of zero groups becomes "::".
  let best = { at: -1, len: 0 };
  for (let i = 0; i < 8; ) {
    if (groups[i] !== '0') {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === '0') j++;
    if (j - i > best.len && j - i > 1) best = { at: i, len: j - i };
    i = j;
  }
  if (best.at < 0) return groups.join(':');
  return `${groups.slice(0, best.at).join(':')}::${groups.slice(best.at + best.len).join(':')}`;
}

const versionOf = (ip: string): 4 | 6 | null => (isIPv4(ip) ? 4 : isIPv6(ip) && !ip.includes('%') ? 6 : null);

/** Parses an address, a CIDR block (`10.0.0.0/8`) or a range (`1.2.3.4-1.2.3.99`); returns an error message when invalid. */
export function parseIpRange(raw: string): IpRange | string {
  const value = raw.trim();
  const shown = JSON.stringify(raw);
  if (!value) return 'An empty line is not an IP address';
  const slash = value.indexOf('/');
  if (slash >= 0) {
    const address = value.slice(0, slash);
    const prefixText = value.slice(slash + 1);
    const version = versionOf(address);
    if (!version) return `${shown} is not a valid CIDR: "${address}" is not an IP address`;
    const bits = BITS[version];
    if (!/^\d{1,3}$/.test(prefixText) || Number(prefixText) > bits) return `${shown} is not a valid CIDR: the prefix must be 0-${bits}`;
    const host = BigInt(bits - Number(prefixText));
    const start = (ipValue(address, version) >> host) << host;
    const end = start | ((1n << host) - 1n);
    return { ip_range: value, version, type: 'cidr', start: fromBigInt(start, version), end: fromBigInt(end, version) };
  }
  const dash = value.indexOf('-');
  if (dash >= 0) {
    const from = value.slice(0, dash).trim();
    const to = value.slice(dash + 1).trim();
    const version = versionOf(from);
    if (!version || versionOf(to) !== version) return `${shown} is not a valid range: both ends must be IP addresses of the same version`;
    const start = ipValue(from, version);
    const end = ipValue(to, version);
    if (start > end) return `${shown} is not a valid range: the start is after the end`;
    return { ip_range: value, version, type: 'range', start: fromBigInt(start, version), end: fromBigInt(end, version) };
  }
  const version = versionOf(value);
  if (!version) return `${shown} is not a valid IP address, CIDR or range`;
  const normalized = fromBigInt(ipValue(value, version), version);
  return { ip_range: value, version, type: 'address', start: normalized, end: normalized };
}
