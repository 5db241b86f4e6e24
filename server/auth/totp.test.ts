import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, newTotpSecret, otpauthUrl, totpCode, totpStep, verifyTotp } from './totp';

// RFC 6238 appendix B: the SHA-1 key is the ASCII string "12345678901234567890".
const RFC_SECRET = base32Encode(Buffer.from('12345678901234567890'));

describe('TOTP', () => {
  it('matches the RFC 6238 SHA-1 test vectors (last 6 digits)', () => {
    const vectors: [number, string][] = [
      [59, '94287082'],
      [1111111109, '07081804'],
      [1111111111, '14050471'],
      [1234567890, '89005924'],
      [2000000000, '69279037'],
      // A step beyond 2^32: the counter is 64 bits.
      [20000000000, '65353130'],
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

  it('takes a code with spaces and refuses anything but six digits without throwing', () => {
    const at = 1_700_000_000_000;
    const code = totpCode(RFC_SECRET, totpStep(at));
    expect(verifyTotp(RFC_SECRET, `${code.slice(0, 3)} ${code.slice(3)}`, at)).toBe(totpStep(at));
    for (const wrong of ['', '1234567', 'abcdef', `${code}0`, `-${code.slice(1)}`]) expect(verifyTotp(RFC_SECRET, wrong, at)).toBeNull();
  });

  it('works with the demo users\' 10-byte secrets and makes 20-byte ones', () => {
    // JBSWY3DPEHPK3PXP is "Hello!\xde\xad\xbe\xef" (demo/seedData.ts); otplib's default floor is 16 bytes.
    expect(base32Decode('JBSWY3DPEHPK3PXP')).toHaveLength(10);
    const at = 1_700_000_000_000;
    expect(verifyTotp('JBSWY3DPEHPK3PXP', totpCode('JBSWY3DPEHPK3PXP', totpStep(at)), at)).toBe(totpStep(at));
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(secret)).toHaveLength(20);
    expect(newTotpSecret()).not.toBe(secret);
  });

  it('builds an otpauth URL', () => {
    expect(otpauthUrl({ secret: 'ABC', issuer: 'Ad Net', account: 'a@b.test' })).toBe(
      'otpauth://totp/Ad%20Net%3Aa%40b.test?secret=ABC&issuer=Ad+Net&algorithm=SHA1&digits=6&period=30',
    );
  });
});
