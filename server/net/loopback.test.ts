import { describe, expect, it } from 'vitest';
import { isLoopbackAddress, isLoopbackBind } from './loopback';

describe('loopback', () => {
  it('knows the addresses of this machine', () => {
    for (const a of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1', '0:0:0:0:0:0:0:1']) expect(isLoopbackAddress(a), a).toBe(true);
    for (const a of ['10.0.0.1', '192.168.1.2', '::ffff:10.0.0.1', '2001:db8::1', '::', '0.0.0.0', '', undefined, 'localhost']) expect(isLoopbackAddress(a), String(a)).toBe(false);
  });

  it('tells a local bind from one that listens on every address', () => {
    for (const h of ['127.0.0.1', 'localhost', '::1', '[::1]']) expect(isLoopbackBind(h), h).toBe(true);
    for (const h of ['0.0.0.0', '::', '192.168.1.5', 'example.com']) expect(isLoopbackBind(h), h).toBe(false);
  });
});
