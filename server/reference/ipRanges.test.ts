import { describe, expect, it } from 'vitest';
import { parseIpRange } from './ipRanges';

const range = (s: string) => {
  const r = parseIpRange(s);
  if (typeof r === 'string') throw new Error(r);
  return [r.type, r.start, r.end];
};

describe('parseIpRange', () => {
  it('normalizes IPv4 and IPv6 addresses', () => {
    expect(range('8.8.8.8')).toEqual(['address', '8.8.8.8', '8.8.8.8']);
    expect(range('2001:0DB8:0:0:0:0:0:1')).toEqual(['address', '2001:db8::1', '2001:db8::1']);
    expect(range('::ffff:10.0.0.1')).toEqual(['address', '::ffff:a00:1', '::ffff:a00:1']);
    expect(range('1:0:0:2:0:0:0:3')).toEqual(['address', '1:0:0:2::3', '1:0:0:2::3']);
  });

  it('expands CIDR blocks to their first and last address', () => {
    expect(range('192.168.1.77/24')).toEqual(['cidr', '192.168.1.0', '192.168.1.255']);
    expect(range('0.0.0.0/0')).toEqual(['cidr', '0.0.0.0', '255.255.255.255']);
    expect(range('8.8.8.8/32')).toEqual(['cidr', '8.8.8.8', '8.8.8.8']);
    expect(range('2001:db8:abcd::/48')).toEqual(['cidr', '2001:db8:abcd::', '2001:db8:abcd:ffff:ffff:ffff:ffff:ffff']);
  });

  it('accepts ordered ranges of one IP version', () => {
    expect(range('10.0.0.1 - 10.0.0.20')).toEqual(['range', '10.0.0.1', '10.0.0.20']);
    expect(range('2001:db8::1-2001:db8::ff')).toEqual(['range', '2001:db8::1', '2001:db8::ff']);
  });

  it('explains what is wrong', () => {
    expect(parseIpRange('256.0.0.1')).toMatch(/not a valid IP address/);
    expect(parseIpRange('10.0.0.0/40')).toMatch(/prefix must be 0-32/);
    expect(parseIpRange('10.0.0.0/abc')).toMatch(/prefix must be 0-32/);
    expect(parseIpRange('2001:db8::/200')).toMatch(/prefix must be 0-128/);
    expect(parseIpRange('10.0.0.9-10.0.0.1')).toMatch(/start is after the end/);
    expect(parseIpRange('10.0.0.1-::1')).toMatch(/same version/);
    expect(parseIpRange('example.com')).toMatch(/not a valid IP address/);
    expect(parseIpRange('   ')).toMatch(/empty/);
  });
});
