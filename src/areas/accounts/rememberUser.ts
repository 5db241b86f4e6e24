import { readCookie, SEVEN_DAYS_S, writeCookie, type CookieLocation } from './cookies';

/**
 * The remember-user cookie: after a sign-in with "Remember me" on, the device keeps the e-mail address for 7 days
 * (the spec's remember-user cookie), and the sign-in form opens with it filled in and the password focused. It holds
 * no secret: the session itself is the token. Signing in with the box off forgets it.
 */
export const REMEMBER_COOKIE = 'remember_user';

/** Keeps `email` on this device for 7 days, or forgets it (`remember` off). */
export function rememberUser(email: string, remember: boolean, location: CookieLocation = window.location, doc: Pick<Document, 'cookie'> = document): void {
  writeCookie(REMEMBER_COOKIE, remember ? email : '', remember ? SEVEN_DAYS_S : 0, location, {}, doc);
}

/** The remembered e-mail address, if any. */
export function rememberedUser(doc: Pick<Document, 'cookie'> = document): string | undefined {
  return readCookie(REMEMBER_COOKIE, doc) || undefined;
}
