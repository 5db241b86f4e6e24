/** The cookies the sign-in and sign-up pages keep on the device (the referral code, the remembered user). */

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;
/** Seven days, in seconds: how long both cookies last (the spec's affiliate and remember-user cookies). */
export const SEVEN_DAYS_S = 7 * 24 * 60 * 60;

/**
 * The domain a cookie shared across the network's subdomains is set on: the host without its first label when
 * it has three or more (`panel.acme.com` → `acme.com`); none for IPs and `*.localhost`, which browsers keep per host.
 */
export function sharedCookieDomain(hostname: string): string | undefined {
  const labels = hostname.split('.');
  if (labels.length < 3 || IPV4.test(hostname) || hostname.includes(':') || labels.at(-1) === 'localhost') return undefined;
  return labels.slice(1).join('.');
}

/** Where a cookie is written: the page's location decides Secure and (when shared) the domain. */
export type CookieLocation = Pick<Location, 'hostname' | 'protocol'>;

/** Writes `name` for `maxAge` seconds (0 deletes it), on this host or, `shared`, on the network's subdomains too. */
export function writeCookie(name: string, value: string, maxAge: number, location: CookieLocation, { shared = false } = {}, doc: Pick<Document, 'cookie'> = document): void {
  const domain = shared ? sharedCookieDomain(location.hostname) : undefined;
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  doc.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${maxAge}; Path=/; SameSite=Lax${domain ? `; Domain=${domain}` : ''}${secure}`;
}

/** A cookie's value, if it is set. */
export function readCookie(name: string, doc: Pick<Document, 'cookie'> = document): string | undefined {
  const pair = doc.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return pair ? decodeURIComponent(pair.slice(name.length + 1)) : undefined;
}
