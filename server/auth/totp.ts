import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** RFC 6238 parameters the panel uses, the ones every authenticator app supports. */
export const TOTP = { algorithm: 'SHA1', digits: 6, period: 30 } as const;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 without padding (the form authenticator apps take secrets in). */
export function base32Encode(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

/** Decodes base32 (case and spaces ignored). @throws on a character outside the alphabet. */
export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = ALPHABET.indexOf(char);
    if (index < 0) throw new Error(`Not a base32 character: "${char}"`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** A new 160-bit secret, base32. */
export function newTotpSecret(): string {
  return base32Encode(randomBytes(20));
}

/** The time step of a moment (seconds since the epoch / 30). */
export function totpStep(at: number = Date.now()): number {
  return Math.floor(at / 1000 / TOTP.period);
}

/** The 6-digit code of one time step (RFC 4226 HOTP over the step counter). */
export function totpCode(secret: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** TOTP.digits).padStart(TOTP.digits, '0');
}

/**
 * The step a code belongs to when it matches the current step or one step either side (clock drift), else null.
 * Every candidate is compared in constant time.
 */
export function verifyTotp(secret: string, code: string, at: number = Date.now()): number | null {
  const given = Buffer.from(code.replace(/\s/g, '').padEnd(TOTP.digits, ' '));
  const now = totpStep(at);
  let matched: number | null = null;
  for (const step of [now - 1, now, now + 1]) {
    const expected = Buffer.from(totpCode(secret, step));
    if (given.length === expected.length && timingSafeEqual(given, expected)) matched = step;
  }
  return matched;
}

/** The otpauth:// URL authenticator apps import (as a QR code or a link). */
export function otpauthUrl(input: { secret: string; issuer: string; account: string }): string {
  const label = encodeURIComponent(`${input.issuer}:${input.account}`);
  const params = new URLSearchParams({
    secret: input.secret,
    issuer: input.issuer,
    algorithm: TOTP.algorithm,
    digits: String(TOTP.digits),
    period: String(TOTP.period),
  });
  return `otpauth://totp/${label}?${params}`;
}
