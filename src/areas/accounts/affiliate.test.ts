import { afterEach, describe, expect, it } from 'vitest';
import { readAffiliate, rememberAffiliate, sharedCookieDomain } from './affiliate';

afterEach(() => {
  document.cookie = 'affiliate_code=; Max-Age=0; Path=/';
});

describe('affiliate code', () => {
  it('keeps ?ref= in a cookie that the sign-up reads', () => {
    rememberAffiliate({ search: '?utm=x&ref=partner-42', hostname: 'localhost', protocol: 'http:' });
    expect(readAffiliate()).toBe('partner-42');
  });

  it('ignores a missing or odd ref', () => {
    rememberAffiliate({ search: '?ref=<script>', hostname: 'localhost', protocol: 'http:' });
    rememberAffiliate({ search: '', hostname: 'localhost', protocol: 'http:' });
    expect(readAffiliate()).toBeUndefined();
  });

  it('shares the cookie across the subdomains of a real host only', () => {
    expect(sharedCookieDomain('panel.acme.com')).toBe('acme.com');
    expect(sharedCookieDomain('acme.com')).toBeUndefined();
    expect(sharedCookieDomain('adnet.localhost')).toBeUndefined();
    expect(sharedCookieDomain('10.0.0.5')).toBeUndefined();
  });
});
