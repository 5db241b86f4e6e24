import { describe, expect, it } from 'vitest';
import { keywordMatcher, scanCode, scanUrl, verdictOf } from './contentChecks';

describe('keywordMatcher', () => {
  const match = keywordMatcher(['casino', 'free money', 'café']);
  it('finds whole words and phrases, ignoring case, spacing and accents', () => {
    expect(match('Best CASINO bonus')).toEqual(['casino']);
    expect(match('get FREE   money now')).toEqual(['free money']);
    expect(match('Cafe au lait')).toEqual(['café']);
  });
  it('does not match inside other words', () => {
    expect(match('casinos-like? no: occasional casinoX')).toEqual([]);
    expect(match('Казино casino')).toEqual(['casino']);
  });
});

describe('scanUrl', () => {
  it('passes an ordinary address with tokens', () => {
    expect(scanUrl('url', 'https://shop.example.com/p?c={click_id}&s={site_id}')).toEqual([]);
  });
  it('warns about IP hosts, look-alike hosts and shorteners, and blocks credentials', () => {
    expect(scanUrl('url', 'http://10.0.0.1/x').map((f) => f.rule)).toEqual(['url_ip_host']);
    expect(scanUrl('url', 'https://xn--pple-43d.com').map((f) => f.rule)).toEqual(['url_punycode']);
    expect(scanUrl('url', 'https://bit.ly/x').map((f) => f.rule)).toEqual(['url_shortener']);
    expect(scanUrl('url', 'https://user:pw@a.example').map((f) => f.severity)).toEqual(['blocked']);
  });
});

describe('scanCode', () => {
  it('blocks forced redirects and meta refresh', () => {
    expect(verdictOf(scanCode('code', '<script>window.top.location = "x"</script>'))).toBe('blocked');
    expect(verdictOf(scanCode('code', '<meta http-equiv="refresh" content="0;url=x">'))).toBe('blocked');
  });
  it('warns about eval, cookies, pop-ups and names external script hosts', () => {
    const findings = scanCode('code', '<script src="https://cdn.ads.example/tag.js"></script><script>eval(a); document.cookie; window.open("x")</script>');
    expect(findings.map((f) => f.rule).sort()).toEqual(['cookie_access', 'dynamic_code', 'external_scripts', 'popup']);
    expect(findings.find((f) => f.rule === 'external_scripts')?.detail).toBe('Loads scripts from cdn.ads.example.');
    expect(verdictOf(findings)).toBe('warning');
  });
  it('finds nothing in plain markup', () => {
    expect(scanCode('code', '<a href="https://a.example"><img src="b.png" alt=""></a>')).toEqual([]);
  });
});
