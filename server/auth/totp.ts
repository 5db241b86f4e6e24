import { createGuardrails, generateSecret, generateSync, ScureBase32Plugin, verifySync } from 'otplib';

/** RFC 6238 parameters the panel uses, the ones every authenticator app supports. */
export const TOTP = { algorithm: 'SHA1', digits: 6, period: 30 } as const;

/**
 * The settings every otplib call gets. Secrets the panel makes are 20 bytes (`newTotpSecret`), but the demo users'
 * published secrets (`JBSWY3DPEHPK3PXP`, `demo/seedData.ts`) are 10: otplib 13 refuses anything under 16 bytes
 * unless its guardrail is lowered, so it is lowered to the 80 bits RFC 4226 calls the minimum.
 */
const OPTIONS = {
  algorithm: 'sha1',
  digits: TOTP.digits,
  period: TOTP.period,
  guardrails: createGuardrails({ MIN_SECRET_BYTES: 10 }),
} as const;

const base32 = new ScureBase32Plugin();
/** What a code looks like: exactly `TOTP.digits` digits. */
const CODE = new RegExp(`^[0-9]{${TOTP.digits}}$`);

/** RFC 4648 base32 without padding (the form authenticator apps take secrets in). */
export function base32Encode(bytes: Uint8Array): string {
  return base32.encode(bytes, { padding: false });
}

/** Decodes base32 (case, spaces and padding ignored). @throws on a character outside the alphabet. */
export function base32Decode(text: string): Buffer {
  return Buffer.from(base32.decode(text.replace(/[\s=]/g, '')));
}

/** A new 160-bit secret, base32. */
export function newTotpSecret(): string {
  return generateSecret({ length: 20 });
}

/** The time step of a moment (seconds since the epoch / 30). */
export function totpStep(at: number = Date.now()): number {
  return Math.floor(at / 1000 / TOTP.period);
}

/** The 6-digit code of one time step (RFC 6238: RFC 4226 HOTP over the step counter). */
export function totpCode(secret: string, step: number): string {
  return generateSync({ ...OPTIONS, secret, epoch: step * TOTP.period });
}

/**
 * The step a code belongs to when it matches the current step or one step either side (clock drift), else null
 * (also for anything but six digits). otplib compares in constant time. Replay is the caller's part: it keeps the
 * last accepted step and refuses steps up to it (`google2faLastStep`).
 */
export function verifyTotp(secret: string, code: string, at: number = Date.now()): number | null {
  const token = code.replace(/\s/g, '');
  // otplib throws on a token of the wrong length or with other characters; to the caller that is a wrong code.
  if (!CODE.test(token)) return null;
  // A tolerance of one period either way covers exactly the step before and the step after.
  const result = verifySync({ ...OPTIONS, secret, token, epoch: Math.floor(at / 1000), epochTolerance: TOTP.period });
  return result.valid ? totpStep(at) + result.delta : null;
}

/**
 * The otpauth:// URL authenticator apps import (as a QR code or a link). Built here rather than with otplib's
 * `generateURI`, which leaves out the algorithm, digits and period when they are the defaults: the panel names
 * them, as Google's Key Uri Format allows, so an app never has to guess.
 */
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
