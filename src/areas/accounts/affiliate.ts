import { readCookie, SEVEN_DAYS_S, writeCookie } from './cookies';

export { sharedCookieDomain } from './cookies';

/** The cookie that keeps a referral code until sign-up. */
export const AFFILIATE_COOKIE = 'affiliate_code';

/** Remembers `?ref=` of a landing URL for 7 days across the network's subdomains (sent as `affiliate_code` at sign-up). */
export function rememberAffiliate(location: Pick<Location, 'search' | 'hostname' | 'protocol'>, doc: Pick<Document, 'cookie'> = document) {
  const ref = new URLSearchParams(location.search).get('ref')?.trim();
  if (!ref || !/^[\w-]{1,64}$/.test(ref)) return;
  writeCookie(AFFILIATE_COOKIE, ref, SEVEN_DAYS_S, location, { shared: true }, doc);
}

/** The remembered referral code, if any. */
export function readAffiliate(doc: Pick<Document, 'cookie'> = document): string | undefined {
  return readCookie(AFFILIATE_COOKIE, doc);
}
