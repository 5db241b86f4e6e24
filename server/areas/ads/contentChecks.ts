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

/**
 * What each finding says, in English (saved with the report, read by moderators); the panel shows the same text
 * in the reader's language from `ad.scan.detail.<text>` with the finding's values (src/locales/<locale>/ads.json).
 */
export const FINDING_TEXTS = {
  url_invalid: 'The address cannot be parsed.',
  url_scheme: '{scheme} addresses are not allowed.',
  url_credentials: 'The address carries a user name or password.',
  url_ip_host: 'The address points at an IP address ({host}).',
  url_punycode: 'The host {host} uses international characters that can imitate another site.',
  url_shortener: '{host} hides the real destination.',
  top_location: "The code navigates the publisher's page away (top or parent location).",
  meta_refresh: 'The code redirects with a meta refresh.',
  dynamic_code: 'The code builds and runs code at runtime (eval or similar).',
  cookie_access: 'The code reads or writes cookies.',
  permission_prompt: 'The code asks the visitor for a browser permission.',
  popup: 'The code opens new windows by itself.',
  external_scripts: 'Loads scripts from {hosts}.',
  keywords: 'Contains: {words}.',
} as const;
export type FindingText = keyof typeof FINDING_TEXTS;

/** One thing the scan found. */
export interface Finding {
  field: string;
  rule: string;
  /** Which of FINDING_TEXTS says what was found, and what fills it. */
  text: FindingText;
  values?: Record<string, string>;
  /** The English text (FINDING_TEXTS[text] filled in). */
  detail: string;
  /** blocked: the ad is refused without a person; warning: a moderator should look. */
  severity: 'warning' | 'blocked';
}

/** A finding with its English detail filled in from its text and values. */
export function finding(field: string, rule: string, text: FindingText, severity: Finding['severity'], values?: Record<string, string>): Finding {
  const detail = FINDING_TEXTS[text].replace(/\{(\w+)\}/g, (whole, key: string) => values?.[key] ?? whole);
  return { field, rule, text, ...(values ? { values } : {}), detail, severity };
}

const SHORTENERS = new Set(['bit.ly', 'tinyurl.com', 'goo.gl', 't.co', 'ow.ly', 'is.gd', 'buff.ly', 'cutt.ly', 'rebrand.ly', 'shorturl.at', 'rb.gy']);

/** Findings about one URL field: hidden destinations and look-alike hosts. */
export function scanUrl(field: string, value: string): Finding[] {
  let url: URL;
  try {
    url = new URL(value.replace(/\{[a-z_]+\}/gi, 'token'));
  } catch {
    return [finding(field, 'url_invalid', 'url_invalid', 'blocked')];
  }
  const out: Finding[] = [];
  const host = url.hostname.toLowerCase();
  if (url.protocol !== 'http:' && url.protocol !== 'https:' && url.protocol !== 'webcal:') {
    out.push(finding(field, 'url_scheme', 'url_scheme', 'blocked', { scheme: url.protocol }));
  }
  if (url.username || url.password) out.push(finding(field, 'url_credentials', 'url_credentials', 'blocked'));
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.startsWith('[')) out.push(finding(field, 'url_ip_host', 'url_ip_host', 'warning', { host }));
  if (host.split('.').some((label) => label.startsWith('xn--'))) out.push(finding(field, 'url_punycode', 'url_punycode', 'warning', { host }));
  if (SHORTENERS.has(host)) out.push(finding(field, 'url_shortener', 'url_shortener', 'warning', { host }));
  return out;
}

/** Findings about HTML or script code of a banner or interstitial. */
export function scanCode(field: string, code: string): Finding[] {
  const out: Finding[] = [];
  const rule = (re: RegExp, name: string, text: FindingText, severity: Finding['severity']) => {
    if (re.test(code)) out.push(finding(field, name, text, severity));
  };
  rule(/\b(top|parent)\s*\.\s*location\b|\bwindow\s*\.\s*top\s*\.\s*location\b/i, 'forced_redirect', 'top_location', 'blocked');
  rule(/<meta[^>]+http-equiv\s*=\s*["']?refresh/i, 'forced_redirect', 'meta_refresh', 'blocked');
  rule(/\beval\s*\(|\bnew\s+Function\s*\(|\bsetTimeout\s*\(\s*["'`]/i, 'dynamic_code', 'dynamic_code', 'warning');
  rule(/document\s*\.\s*cookie/i, 'cookie_access', 'cookie_access', 'warning');
  rule(/\b(navigator\s*\.\s*(geolocation|clipboard|credentials)|Notification\s*\.\s*requestPermission)/i, 'permission_prompt', 'permission_prompt', 'warning');
  rule(/\bwindow\s*\.\s*open\s*\(/i, 'popup', 'popup', 'warning');
  const hosts = new Set<string>();
  for (const m of code.matchAll(/<script[^>]+src\s*=\s*["']?([^"'\s>]+)/gi)) {
    try {
      hosts.add(new URL(m[1], 'https://invalid.invalid').hostname);
    } catch {
      // An unparsable source is not loaded by browsers either.
    }
  }
  hosts.delete('invalid.invalid');
  if (hosts.size) out.push(finding(field, 'external_scripts', 'external_scripts', 'warning', { hosts: [...hosts].sort().join(', ') }));
  return out;
}

/** The verdict of a list of findings. */
export function verdictOf(findings: readonly Finding[]): 'clean' | 'warning' | 'blocked' {
  if (findings.some((f) => f.severity === 'blocked')) return 'blocked';
  return findings.length ? 'warning' : 'clean';
}
