/**
 * Signed, stateless values of the sandbox gateway: its checkout and challenge tokens and its saved-card references
 * are JSON claims with an HMAC-SHA256 of the app's secret, so the sandbox needs no table of its own. Each kind of
 * value signs under its own purpose, so one can never be passed off as another.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export type SealPurpose = 'checkout' | 'challenge' | 'card';

const mac = (secret: string, purpose: SealPurpose, payload: string) => createHmac('sha256', secret).update(`${purpose}.${payload}`).digest('base64url');

/** Equal strings, compared in constant time (a length difference answers at once: lengths are not secret). */
export function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** A random id in the style of a processor's: `prefix` and 24 hex digits (96 bits). */
export const randomId = (prefix: string) => `${prefix}${randomBytes(12).toString('hex')}`;

/** `claims` as `<base64url JSON>.<base64url HMAC>`. */
export function seal(secret: string, purpose: SealPurpose, claims: object): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${payload}.${mac(secret, purpose, payload)}`;
}

/** The claims of a value `seal` made with this secret and purpose, or null for anything else (tampered, foreign, malformed). */
export function unseal(secret: string, purpose: SealPurpose, value: string): unknown {
  const dot = value.lastIndexOf('.');
  if (dot <= 0 || value.length > 16_384) return null;
  const payload = value.slice(0, dot);
  if (!sameSecret(value.slice(dot + 1), mac(secret, purpose, payload))) return null;
  try {
    return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown;
  } catch {
    return null;
  }
}
