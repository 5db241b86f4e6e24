import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, otpauthUrl, totpCode, totpStep, verifyTotp } from './totp';

// RFC 6238 appendix B: the SHA-1 key is the ASCII string "12345678901234567890".
const RFC_SECRET = base32Encode(Buffer.from('12345678901234567890'));

describe('TOTP', () => {
  it('matches the RFC 6238 SHA-1 test vectors (last 6 digits)', () => {
    const vectors: [number, string][] = [
      [59, '94287082'],
      [1111111109, '07081804'],
      [1234567890, '89005924'],
      [2000000000, '69279037'],
    ];
    for (const [seconds, code] of vectors) expect(totpCode(RFC_SECRET, totpStep(seconds * 1000))).toBe(code.slice(2));
  });

  it('round-trips base32', () => {
    const bytes = Buffer.from([0, 1, 2, 250, 251, 252, 253, 254, 255, 7]);
    expect(base32Decode(base32Encode(bytes))).toEqual(bytes);
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
  });

  it('accepts one step of drift either way and nothing beyond', () => {
    const at = 1_700_000_000_000;
    const step = totpStep(at);
    expect(verifyTotp(RFC_SECRET, totpCode(RFC_SECRET, step), at)).toBe(step);
    expect(verifyTotp(RFC_SECRET, totpCode(RFC_SECRET, step - 1), at)).toBe(step - 1);
    expect(verifyTotp(RFC_SECRET, totpCode(RFC_SECRET, step + 1), at)).toBe(step + 1);
    expect(verifyTotp(RFC_SECRET, totpCode(RFC_SECRET, step - 2), at)).toBeNull();
    expect(verifyTotp(RFC_SECRET, '12345', at)).toBeNull();
  });

  it('builds an otpauth URL', () => {
    expect(otpauthUrl({ secret: 'ABC', issuer: 'Ad Net', account: 'a@b.test' })).toBe(
      'otpauth://totp/Ad%20Net%3Aa%40b.test?secret=ABC&issuer=Ad+Net&algorithm=SHA1&digits=6&period=30',
    );
  });
});
