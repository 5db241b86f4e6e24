/** The cookie that keeps a referral code until sign-up. */
export const AFFILIATE_COOKIE = 'affiliate_code';
const SEVEN_DAYS = 7 * 24 * 60 * 60;
const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/**
 * The domain a cookie shared across the network's subdomains is set on: the host without its first label when
 * it has three or more (`panel.acme.com` → `acme.com`); none for IPs and `*.localhost`, which browsers keep per host.
 */
export function sharedCookieDomain(hostname: string): string | undefined {
  const labels = hostname.split('.');
  if (labels.length < 3 || IPV4.test(hostname) || hostname.includes(':') || labels.at(-1) === 'localhost') return undefined;
  return labels.slice(1).join('.');
}

/** Remembers `?ref=` of a landing URL for 7 days across the network's subdomains (sent as `affiliate_code` at sign-up). */
export function rememberAffiliate(location: Pick<Location, 'search' | 'hostname' | 'protocol'>, doc: Pick<Document, 'cookie'> = document) {
  const ref = new URLSearchParams(location.search).get('ref')?.trim();
  if (!ref || !/^[\w-]{1,64}$/.test(ref)) return;
  const domain = sharedCookieDomain(location.hostname);
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  doc.cookie = `${AFFILIATE_COOKIE}=${encodeURIComponent(ref)}; Max-Age=${SEVEN_DAYS}; Path=/; SameSite=Lax${domain ? `; Domain=${domain}` : ''}${secure}`;
}

/** The remembered referral code, if any. */
export function readAffiliate(doc: Pick<Document, 'cookie'> = document): string | undefined {
  const pair = doc.cookie.split('; ').find((c) => c.startsWith(`${AFFILIATE_COOKIE}=`));
  return pair ? decodeURIComponent(pair.slice(AFFILIATE_COOKIE.length + 1)) : undefined;
}
