/**
 * Checks of an ad's content before it reaches moderation: words that make publishers block a creative, and a
 * static scan of its URLs and HTML. Pure functions over strings; the findings are saved as the ad's scan report.
 */

/** Words most publishers block (used when a network config has no `adKeywords`). */
export const DEFAULT_AD_KEYWORDS = [
  'casino', 'betting', 'bet', 'poker', 'slots', 'jackpot', 'lottery', 'bitcoin', 'crypto', 'forex', 'binary options',
  'viagra', 'cialis', 'weight loss', 'diet pills', 'payday loan', 'guaranteed income', 'get rich', 'free money',
  'xxx', 'porn', 'sex', 'adult', 'dating', 'hookup', 'miracle cure', 'virus detected', 'your phone is infected',
];

/** The message the panel shows beside a creative field that contains such words (spec). */
export const KEYWORD_WARNING = 'Creative contains words that can significantly reduce the amount of traffic';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Builds a matcher for a word list: whole words or phrases, case and accents ignored, any script.
 * @example keywordMatcher(['casino'])('Best CASINO bonus') // ['casino']
 */
export function keywordMatcher(words: readonly string[]): (text: string) => string[] {
  const fold = (s: string) => s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
  const patterns = words.map((w) => ({ word: w, re: new RegExp(`(?<![\\p{L}\\p{N}])${escape(fold(w)).replace(/\s+/g, '\\s+')}(?![\\p{L}\\p{N}])`, 'u') }));
  return (text) => {
    const folded = fold(text);
    return patterns.filter((p) => p.re.test(folded)).map((p) => p.word);
  };
}

/** One thing the scan found. */
export interface Finding {
  field: string;
  rule: string;
  detail: string;
  /** blocked: the ad is refused without a person; warning: a moderator should look. */
  severity: 'warning' | 'blocked';
}

const SHORTENERS = new Set(['bit.ly', 'tinyurl.com', 'goo.gl', 't.co', 'ow.ly', 'is.gd', 'buff.ly', 'cutt.ly', 'rebrand.ly', 'shorturl.at', 'rb.gy']);

/** Findings about one URL field: hidden destinations and look-alike hosts. */
export function scanUrl(field: string, value: string): Finding[] {
  let url: URL;
  try {
    url = new URL(value.replace(/\{[a-z_]+\}/gi, 'token'));
  } catch {
    return [{ field, rule: 'url_invalid', detail: 'The address cannot be parsed.', severity: 'blocked' }];
  }
  const out: Finding[] = [];
  const host = url.hostname.toLowerCase();
  if (url.protocol !== 'http:' && url.protocol !== 'https:' && url.protocol !== 'webcal:') {
    out.push({ field, rule: 'url_scheme', detail: `${url.protocol} addresses are not allowed.`, severity: 'blocked' });
  }
  if (url.username || url.password) out.push({ field, rule: 'url_credentials', detail: 'The address carries a user name or password.', severity: 'blocked' });
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.startsWith('[')) out.push({ field, rule: 'url_ip_host', detail: `The address points at an IP address (${host}).`, severity: 'warning' });
  if (host.split('.').some((label) => label.startsWith('xn--'))) out.push({ field, rule: 'url_punycode', detail: `The host ${host} uses international characters that can imitate another site.`, severity: 'warning' });
  if (SHORTENERS.has(host)) out.push({ field, rule: 'url_shortener', detail: `${host} hides the real destination.`, severity: 'warning' });
  return out;
}

/** Findings about HTML or script code of a banner or interstitial. */
export function scanCode(field: string, code: string): Finding[] {
  const out: Finding[] = [];
  const rule = (re: RegExp, name: string, detail: string, severity: Finding['severity']) => {
    if (re.test(code)) out.push({ field, rule: name, detail, severity });
  };
  rule(/\b(top|parent)\s*\.\s*location\b|\bwindow\s*\.\s*top\s*\.\s*location\b/i, 'forced_redirect', 'The code navigates the publisher\'s page away (top or parent location).', 'blocked');
  rule(/<meta[^>]+http-equiv\s*=\s*["']?refresh/i, 'forced_redirect', 'The code redirects with a meta refresh.', 'blocked');
  rule(/\beval\s*\(|\bnew\s+Function\s*\(|\bsetTimeout\s*\(\s*["'`]/i, 'dynamic_code', 'The code builds and runs code at runtime (eval or similar).', 'warning');
  rule(/document\s*\.\s*cookie/i, 'cookie_access', 'The code reads or writes cookies.', 'warning');
  rule(/\b(navigator\s*\.\s*(geolocation|clipboard|credentials)|Notification\s*\.\s*requestPermission)/i, 'permission_prompt', 'The code asks the visitor for a browser permission.', 'warning');
  rule(/\bwindow\s*\.\s*open\s*\(/i, 'popup', 'The code opens new windows by itself.', 'warning');
  const hosts = new Set<string>();
  for (const m of code.matchAll(/<script[^>]+src\s*=\s*["']?([^"'\s>]+)/gi)) {
    try {
      hosts.add(new URL(m[1], 'https://invalid.invalid').hostname);
    } catch {
      // An unparsable source is not loaded by browsers either.
    }
  }
  hosts.delete('invalid.invalid');
  if (hosts.size) out.push({ field, rule: 'external_scripts', detail: `Loads scripts from ${[...hosts].sort().join(', ')}.`, severity: 'warning' });
  return out;
}

/** The verdict of a list of findings. */
export function verdictOf(findings: readonly Finding[]): 'clean' | 'warning' | 'blocked' {
  if (findings.some((f) => f.severity === 'blocked')) return 'blocked';
  return findings.length ? 'warning' : 'clean';
}
