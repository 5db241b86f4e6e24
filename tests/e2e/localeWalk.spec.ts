import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { PASSWORD } from './support';
import { fillParams, firstId, guestPaths, hasParams, open, routeTable, settle, trackRequests, walkable, type WalkRoute } from './routeWalk';
import { countries } from '../../server/reference/countries';
import { languages } from '../../server/reference/languages';

/**
 * The locale walk: in every locale, on both demo networks, every page the network's sections open is visited and its
 * visible text read. A string that is the English of a message translated in that locale is English left behind (a
 * missing key, a hard-coded label, an unlocalised lookup); a raw JavaScript Date string is a date printed without
 * formatting. Each (network, locale) pair fails once, listing every route and every string, so one run shows it all.
 *
 * A locale the network does not enable (PushHub offers en and ru) is not walked: the pair checks that the panel falls
 * back to a locale the network enables, which that locale's own walk covers.
 *
 * The guest pages (sign-in, sign-up, the password reset in both its steps, and the open pages that need no token) are
 * walked first, signed out, in the same browser context; then the walker signs in and walks the rest.
 *
 * Accessibility rides along: on the pairs A11Y_LOCALES selects, each visited page is also analysed by axe-core
 * against WCAG 2.0 and 2.1 A and AA, and every serious or critical violation fails its pair (rule, impact, the
 * first element's selector, how many elements). A11Y_LOCALES is a comma list of locales (every network that enables
 * one), `network:locale` pairs, `all` or `none`; the default, `en,adnet:jp`, reaches every route of both networks
 * once plus one more script, which keeps CI quick. The nightly run uses A11Y_LOCALES=all.
 *
 * The walk is fast on purpose: one sign-in and one page load per pair, then in-app navigation (history.pushState +
 * popstate) and an in-page wait for quiet instead of a page load and network idle per route (routeWalk.ts, shared
 * with the XSS canary); a few pairs walk side by side (LOCALE_WALK_CONCURRENCY). WALK_DEBUG=1 logs each route's
 * time, WALK_DEBUG=2 its texts too.
 */

const LOCALES = ['en', 'ru', 'de', 'es', 'jp'] as const;
type Locale = (typeof LOCALES)[number];

const NETWORKS = [
  // The demo advertiser with ads, campaigns and months of statistics: the company one has none on a fresh server,
  // so its lists would link no ids and its charts would be empty.
  { id: 'adnet', email: 'advertiser@adnet.test' },
  // Unconfirmed and Russian in its profile: the A/B group 2 lets an unconfirmed user in.
  { id: 'pushhub', email: 'advertiser@pushhub.test' },
] as const;

// ---- The messages: src/locales/<locale>/*.json, as the panel is built from them. ----

const messagesOf = (locale: Locale): Record<string, string> =>
  Object.assign({}, ...readdirSync(join('src/locales', locale)).filter((f) => f.endsWith('.json')).map((f) => JSON.parse(readFileSync(join('src/locales', locale, f), 'utf8'))));

const MESSAGES = Object.fromEntries(LOCALES.map((l) => [l, messagesOf(l)])) as Record<Locale, Record<string, string>>;

/**
 * The English strings that must not appear in `locale`, each with its message id: the English of each message whose
 * translation differs (or is missing), unless the same string is also a translation in that locale (German "Name",
 * "Status"). Messages with arguments or markup never appear verbatim and are left out. Placeholders are examples
 * ("EU bidder") that the demo data reuses as names: they count only where a placeholder shows.
 */
function englishLeftovers(locale: Locale): { text: Map<string, string>; placeholder: Map<string, string> } {
  const en = MESSAGES.en;
  const translated = MESSAGES[locale];
  const own = new Set(Object.values(translated).map(normalise));
  const text = new Map<string, string>();
  const placeholder = new Map<string, string>();
  for (const [key, english] of Object.entries(en)) {
    const shown = normalise(english);
    if (/[{}<>]/.test(shown) || !/\p{L}{2}/u.test(shown) || own.has(shown) || translated[key] === english) continue;
    if (!placeholder.has(shown)) placeholder.set(shown, key);
    if (!key.endsWith('.placeholder') && !text.has(shown)) text.set(shown, key);
  }
  return { text, placeholder };
}

/**
 * Country and language names the lookups send in English (server/reference/), with their codes: shown as they are
 * in another locale, they are English left behind wherever Intl names them differently in that locale.
 */
function englishNames(locale: Locale): Map<string, string> {
  if (locale === 'en') return new Map();
  const tag = locale === 'jp' ? 'ja' : locale;
  const regions = new Intl.DisplayNames(tag, { type: 'region', fallback: 'none' });
  const languageNames = new Intl.DisplayNames(tag, { type: 'language', fallback: 'none' });
  const found = new Map<string, string>();
  for (const c of countries()) if (regions.of(c.iso2) && regions.of(c.iso2) !== c.name) found.set(c.name, `country ${c.iso2}`);
  // The language selector names each language in its own words ("English" in every locale): those are left out.
  for (const l of languages()) if (languageNames.of(l.code) && languageNames.of(l.code) !== l.name && l.name !== l.native_name && l.code !== 'en') found.set(l.name, `language ${l.code}`);
  return found;
}

const normalise = (text: string) => text.replace(/\s+/g, ' ').trim();

/** What a raw Date prints: `Tue Nov 24 2026 …`, `GMT+0000`, `(Coordinated Universal Time)`, an ISO timestamp. */
const RAW_DATE = [/\b(Mon|Tue|Wed|Thu|Fri|Sat|Sun) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{1,2} \d{4}/, /GMT[+-]\d{4}/, /Coordinated Universal Time/, /\b\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:?\d\d)\b/];
/** An English date or clock time outside English: formatted without the locale (`Nov 24, 2026`, `3:05 PM`). */
const ENGLISH_DATE = [/\b(January|February|March|April|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec) \d{1,2}(?![\d:])(, \d{4})?/, /\b\d{1,2}:\d\d(:\d\d)? ?(AM|PM)\b/];

// ---- Accessibility: axe-core on each visited page. ----

/** WCAG 2.0 and 2.1, levels A and AA. */
const A11Y_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** What fails a pair; moderate and minor findings are axe's advice, not a failure here. */
const A11Y_IMPACTS: ReadonlySet<string> = new Set(['serious', 'critical']);

/**
 * Violations in markup the panel does not own, each a rule on one selector with the reason it cannot be fixed at
 * the root. Keep these few: any other node breaking the rule still fails.
 */
const A11Y_EXCEPTIONS: readonly { rule: string; selector: string; why: string }[] = [];

/**
 * Which (network, locale) pairs axe analyses: A11Y_LOCALES as a comma list of locales (on every network that enables
 * them) and `network:locale` pairs, or `all`, or `none`. The default covers every route of both networks in English
 * and once more in Japanese on AdNet (another script, other text lengths).
 */
const A11Y_SELECTION = (process.env.A11Y_LOCALES ?? 'en,adnet:jp').split(',').map((s) => s.trim()).filter(Boolean);
const A11Y_UNKNOWN = A11Y_SELECTION.filter((item) => !['all', 'none', ...LOCALES, ...NETWORKS.flatMap((n) => LOCALES.map((l) => `${n.id}:${l}`))].includes(item));
if (A11Y_UNKNOWN.length) throw new Error(`A11Y_LOCALES: ${A11Y_UNKNOWN.join(', ')} is no locale (${LOCALES.join(', ')}), network:locale pair, all or none`);
const axeWanted = (network: string, locale: Locale) =>
  A11Y_SELECTION.some((item) => item === 'all' || item === locale || item === `${network}:${locale}`);

interface A11yFinding {
  rule: string;
  impact: string;
  /** The first offending element's selector, as axe names it. */
  target: string;
  /** How many elements break the rule on the page. */
  count: number;
}

/** axe-core's source, put into a document once (`axeFindings`). */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * The serious and critical violations on the page as it is now.
 *
 * axe-core goes into the document once: the builder would send its 650 kB source twice per analysis, and the walk
 * analyses many pages of one document, so it is given a no-op source once axe is there. Legacy mode runs axe in the
 * page itself: the default mode opens a blank page per analysis to merge frame results, and the only frames the
 * panel has are the sandboxed creative previews (an opaque origin axe cannot enter, the advertiser's own content),
 * so frames are left out.
 */
async function axeFindings(page: Page): Promise<A11yFinding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const results = await new AxeBuilder({ page, axeSource: 'void 0' }).withTags(A11Y_TAGS).options({ iframes: false, resultTypes: ['violations'] }).setLegacyMode().analyze();
  const findings: A11yFinding[] = [];
  for (const violation of results.violations) {
    if (!violation.impact || !A11Y_IMPACTS.has(violation.impact)) continue;
    let nodes = violation.nodes;
    const excepted = A11Y_EXCEPTIONS.filter((e) => e.rule === violation.id);
    if (excepted.length) {
      const targets = nodes.map((n) => n.target.map(String));
      const kept = await page.evaluate(
        ({ targets, selectors }) => targets.map((t) => !(t.length === 1 && selectors.some((s) => document.querySelector(t[0])?.matches(s)))),
        { targets, selectors: excepted.map((e) => e.selector) },
      );
      nodes = nodes.filter((_, i) => kept[i]);
    }
    if (nodes.length) findings.push({ rule: violation.id, impact: violation.impact, target: nodes[0].target.map(String).join(' >>> '), count: nodes.length });
  }
  return findings;
}

// ---- In the page. ----

/**
 * The visible text of the page: text nodes of visible elements, and the placeholders, labels and titles of visible
 * controls. Content marked as another language than the page's (`lang`, e.g. the English API reference on /api) is
 * not the page's text and is left out.
 */
function visibleText(): { texts: string[]; placeholders: string[]; links: string[] } {
  const texts = new Set<string>();
  const placeholders = new Set<string>();
  const pageLang = document.documentElement.lang;
  const ownLanguage = (el: Element) => (el.closest('[lang]')?.getAttribute('lang') ?? pageLang) === pageLang;
  const visible = (el: Element) => ownLanguage(el) && el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true });
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = (node.nodeValue ?? '').replace(/\s+/g, ' ').trim();
    const parent = node.parentElement;
    if (!text || !parent || parent.closest('script, style, noscript, template') || !visible(parent)) continue;
    texts.add(text);
  }
  for (const el of document.querySelectorAll('input, textarea, select, button, a, [role="button"], [role="img"], [role="combobox"], [aria-label], [title], [placeholder]')) {
    if (!visible(el)) continue;
    for (const name of ['placeholder', 'aria-label', 'title']) {
      const value = el.getAttribute(name)?.replace(/\s+/g, ' ').trim();
      if (value) (name === 'placeholder' ? placeholders : texts).add(value);
    }
  }
  const links = [...document.querySelectorAll('a[href]')].map((a) => new URL((a as HTMLAnchorElement).href, location.href)).filter((u) => u.origin === location.origin).map((u) => u.pathname);
  return { texts: [...texts], placeholders: [...placeholders], links: [...new Set(links)] };
}

// ---- The walk. ----

interface Offence {
  route: string;
  strings: string[];
}

/** The tooltip of the first chart on the page, hovered at its middle (nivo draws it on mouse move over the mesh). */
async function chartTooltip(page: Page): Promise<string[]> {
  const middle = await page.evaluate(() => {
    const chart = [...document.querySelectorAll('svg')].map((s) => s.getBoundingClientRect()).find((r) => r.width > 200 && r.height > 100 && r.top >= 0 && r.bottom <= innerHeight);
    return chart ? { x: chart.x + chart.width / 2, y: chart.y + chart.height / 2 } : null;
  });
  if (!middle) return [];
  await page.mouse.move(middle.x, middle.y);
  await page.mouse.move(middle.x + 2, middle.y + 1);
  await page.evaluate(settle, { quiet: 50, limit: 1_000 });
  const { texts } = await page.evaluate(visibleText);
  await page.mouse.move(0, 0);
  return texts;
}

interface Network {
  id: string;
  email: string;
  base: string;
  routes: WalkRoute[];
  /** What a signed-out visitor can open (`guestPaths`). */
  guests: string[];
  /** The locales the network enables (`settings.locales`). */
  enabled: string[];
}

/** What a network's host answers to `GET network`: its guard sections and enabled locales. */
async function networkOf(request: APIRequestContext, baseURL: string, network: (typeof NETWORKS)[number], routes: WalkRoute[]): Promise<Network> {
  // Node does not resolve `*.localhost`: ask the server by its own name with the network's Host.
  const url = new URL(baseURL);
  const answer = await request.get(`${baseURL}/api/private/v1/network`, { headers: { Host: `${network.id}.localhost:${url.port}` } });
  expect(answer.ok()).toBe(true);
  const { data } = await answer.json();
  return { ...network, base: baseURL.replace('localhost', `${network.id}.localhost`), routes: walkable(routes, new Set(data.guardSections as string[])), guests: guestPaths(routes), enabled: data.settings?.locales ?? ['en'] };
}

/**
 * A page of the network in `locale`, signed out, in its own browser context: the device's choice is set before the
 * panel loads, so it boots in it.
 */
async function guestPageIn(browser: Browser, network: Network, locale: Locale): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, reducedMotion: 'reduce' });
  await context.addInitScript(trackRequests);
  await context.addInitScript((l) => localStorage.setItem('locale', l), locale);
  const page = await context.newPage();
  page.on('pageerror', (error) => console.log(`${network.id}, ${locale}: page error: ${error.message}`));
  await page.goto(`${network.base}/login`);
  await page.evaluate(settle, { quiet: 150, limit: 15_000 });
  return page;
}

/**
 * Signs the page in (`POST auth/login` from the page) and opens the panel. Each context signs in for itself:
 * sessions copied between contexts would end as soon as one of them renews its token.
 */
async function signInPage(page: Page, network: Network): Promise<string> {
  const token = await page.evaluate(async ({ email, password }) => {
    const answer = await fetch('/api/private/v1/auth/login', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password }) });
    return answer.headers.get('authorization')?.replace(/^Bearer /, '') ?? `sign-in failed: ${answer.status}`;
  }, { email: network.email, password: PASSWORD });
  expect(token, `${network.id}: ${network.email} signs in`).not.toMatch(/^sign-in failed/);
  await page.evaluate((t) => localStorage.setItem('auth_token', t), token);
  await page.goto(`${network.base}/personal`);
  await page.evaluate(settle, { quiet: 150, limit: 15_000 });
  await expect(page, `${network.id}: the panel opens signed in`).not.toHaveURL(/\/login$/);
  const tag = await page.evaluate(() => document.documentElement.lang);
  return tag === 'ja' ? 'jp' : tag;
}

/** What axe found on one route (none included, for the counts). */
interface A11yRoute {
  route: string;
  findings: A11yFinding[];
}

/** What one pair's walk (signed out, then in) found and covered. */
interface Walked {
  offences: Offence[];
  a11y: A11yRoute[];
  /** Time spent in axe, ms. */
  axeMs: number;
  skipped: string[];
  visited: number;
  unsettled: string[];
}

const emptyWalk = (): Walked => ({ offences: [], a11y: [], axeMs: 0, skipped: [], visited: 0, unsettled: [] });

/** Visits pages of one (network, locale) pair and collects what each showed that it should not. */
function walker(page: Page, network: Network, locale: Locale, found: Walked) {
  const leftovers = englishLeftovers(locale);
  const names = englishNames(locale);
  const axe = axeWanted(network.id, locale);
  const links = new Set<string>();
  const statics = new Set(network.routes.filter((r) => !hasParams(r.path)).map((r) => r.path));

  const check = (route: string, texts: string[], placeholders: string[]) => {
    const strings = new Set<string>();
    for (const text of placeholders) if (locale !== 'en' && leftovers.placeholder.has(text)) strings.add(`placeholder "${text}" (${leftovers.placeholder.get(text)})`);
    for (const text of texts) {
      if (locale !== 'en' && leftovers.text.has(text)) strings.add(`"${text}" (${leftovers.text.get(text)})`);
      if (names.has(text)) strings.add(`"${text}" (${names.get(text)} in English)`);
      if (RAW_DATE.some((re) => re.test(text))) strings.add(`raw date "${text}"`);
      if (locale !== 'en' && ENGLISH_DATE.some((re) => re.test(text))) strings.add(`English date "${text}"`);
    }
    if (strings.size) found.offences.push({ route, strings: [...strings] });
  };

  const visit = async (template: string, path: string, guest = false) => {
    const t0 = Date.now();
    const route = `${path === template ? path : `${template} (${path})`}${guest ? ' signed out' : ''}`;
    // Checked all the same: a page still busy after 15 s shows what it has, and is named in the log.
    if (!(await open(page, path))) found.unsettled.push(path);
    const { texts, placeholders, links: shown } = await page.evaluate(visibleText);
    // A blank page (the panel failed to load) would pass every check here, axe's included.
    if (!texts.length) found.offences.push({ route, strings: ['nothing shown: the page did not load'] });
    // Links to static routes (`/ads/create`) would fill `/ads/:id` with a word, not an id.
    shown.filter((l) => !statics.has(l)).forEach((l) => links.add(l));
    let axeMs = 0;
    if (axe) {
      const a0 = Date.now();
      found.a11y.push({ route, findings: await axeFindings(page) });
      found.axeMs += axeMs = Date.now() - a0;
    }
    const tooltip = guest ? [] : await chartTooltip(page);
    check(route, [...texts, ...tooltip], placeholders);
    if (process.env.WALK_DEBUG) console.log(`${network.id} ${locale} ${route}: ${Date.now() - t0} ms${axe ? ` (axe ${axeMs} ms)` : ''}, ${texts.length} texts, ${tooltip.length} in a tooltip${process.env.WALK_DEBUG === '2' ? `\n${JSON.stringify([...texts, ...tooltip])}` : ''}`);
    found.visited++;
  };
  return { visit, links, statics };
}

/** Visits the guest pages, signed out. */
async function walkGuest(page: Page, network: Network, locale: Locale, found: Walked) {
  const { visit } = walker(page, network, locale, found);
  for (const path of network.guests) await visit(path.split('?')[0], path, true);
}

/** Visits every walkable route, signed in. */
async function walk(page: Page, network: Network, locale: Locale, found: Walked) {
  const { visit, links, statics } = walker(page, network, locale, found);
  const filled = new Map<string, string>();
  // Plain routes first: their lists link the ids the parametrised ones need.
  for (const path of statics) await visit(path, path);
  let pending = network.routes.filter((r) => hasParams(r.path));
  for (let askApi = false; pending.length; ) {
    const ready: WalkRoute[] = [];
    for (const route of pending) {
      const path = fillParams(route.path, links, filled) ?? (askApi ? await firstId(page, route.path) : undefined);
      if (path) filled.set(route.path, path);
      if (path) ready.push(route);
    }
    if (!ready.length && askApi) break;
    // Once no page links an id any more, the API's lists are asked (once per route).
    askApi = !ready.length;
    for (const route of ready) await visit(route.path, filled.get(route.path) as string);
    pending = pending.filter((r) => !ready.includes(r));
  }
  // A route no page linked an id for (an invoice of a user with none, a placeholder) is still a page: it is opened
  // with the id 0 and checked in the state it shows then (not found, or the placeholder).
  for (const route of pending) await visit(route.path, route.path.replace(/:[^/]+/g, '0'));
  found.skipped.push(...pending.map((r) => r.path));
}

const report = (offences: Offence[]) => offences.map((o) => `  ${o.route}\n${o.strings.map((s) => `    ${s}`).join('\n')}`).join('\n');

const a11yReport = (routes: A11yRoute[]) =>
  routes
    .filter((r) => r.findings.length)
    .map((r) => `  ${r.route}\n${r.findings.map((f) => `    ${f.rule} (${f.impact}) on ${f.count} element${f.count === 1 ? '' : 's'}, first ${f.target}`).join('\n')}`)
    .join('\n');

/** Violations per route in one line: those with any by name and count, then how many had none. */
const a11yCounts = (routes: A11yRoute[]) => {
  const bad = routes.filter((r) => r.findings.length).map((r) => `${r.route} ${r.findings.reduce((n, f) => n + f.count, 0)}`);
  const clean = routes.filter((r) => !r.findings.length).map((r) => r.route);
  return [...bad, `0 on ${clean.length}: ${clean.join(' ')}`].join('; ');
};

/** Runs jobs at most `limit` at a time. */
async function pool<T>(jobs: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = [];
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const i = next++;
      results[i] = await jobs[i]();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, jobs.length) }, worker));
  return results;
}

/**
 * How many (network, locale) walks run at once. The walk mostly waits (the server's queries, the settle time), so
 * a few browser contexts side by side finish far sooner than one after another, even on two cores.
 */
const CONCURRENCY = Number(process.env.LOCALE_WALK_CONCURRENCY ?? 5);

test('every route of both networks in every locale: no English left behind, no raw dates, no serious accessibility violations', async ({ browser, baseURL, request }) => {
  const started = Date.now();
  const routes = await routeTable();
  const networks = await Promise.all(NETWORKS.map((n) => networkOf(request, baseURL as string, n, routes)));
  const pairs = networks.flatMap((network) => LOCALES.map((locale) => ({ network, locale })));
  // A minute more for each pair axe analyses (the nightly A11Y_LOCALES=all has seven).
  test.setTimeout(300_000 + 60_000 * pairs.filter(({ network, locale }) => network.enabled.includes(locale) && axeWanted(network.id, locale)).length);
  // The longest walks first, so the last ones to start are short (axe makes a walk about twice as long).
  const length = ({ network, locale }: (typeof pairs)[number]) => (network.enabled.includes(locale) ? network.routes.length * (axeWanted(network.id, locale) ? 2 : 1) : 0);
  pairs.sort((a, b) => length(b) - length(a));

  const results = await pool(
    pairs.map(({ network, locale }) => async () => {
      const began = Date.now();
      const found = emptyWalk();
      // A locale the network does not offer falls back to one it enables (the user's, else the network's
      // default), whose own walk checks it.
      const enabled = network.enabled.includes(locale);
      const page = await guestPageIn(browser, network, locale);
      try {
        if (enabled) await walkGuest(page, network, locale, found);
        const shown = await signInPage(page, network);
        if (enabled) await walk(page, network, locale, found);
        return { network, locale, shown, ...found, seconds: Math.round((Date.now() - began) / 1000) };
      } finally {
        await page.context().close();
      }
    }),
    CONCURRENCY,
  );

  // What each walk covered, for the log: a route left out or never quiet is worth a look even when nothing failed.
  for (const { network, locale, shown, visited, skipped, unsettled, seconds, a11y, axeMs } of results) {
    const notes = [skipped.length ? `no id found (opened with 0) for ${skipped.join(', ')}` : '', unsettled.length ? `still busy after 15 s: ${unsettled.join(', ')}` : ''].filter(Boolean);
    const what = network.enabled.includes(locale) ? `${visited} routes in ${seconds} s` : `not enabled, shows ${shown}`;
    console.log(`locale walk: ${network.id}, ${locale}: ${what}${notes.length ? `; ${notes.join('; ')}` : ''}`);
    if (a11y.length) console.log(`a11y: ${network.id}, ${locale}: ${a11y.length} pages, axe ${(axeMs / 1000).toFixed(1)} s; ${a11yCounts(a11y)}`);
  }
  const analysed = results.reduce((n, r) => n + r.a11y.length, 0);
  const axeSeconds = (results.reduce((n, r) => n + r.axeMs, 0) / 1000).toFixed(1);
  console.log(`locale walk: ${results.reduce((n, r) => n + r.visited, 0)} pages in ${Math.round((Date.now() - started) / 1000)} s, ${CONCURRENCY} at a time`);
  console.log(`a11y: ${analysed} pages analysed (A11Y_LOCALES=${A11Y_SELECTION.join(',')}), ${results.reduce((n, r) => n + r.a11y.filter((a) => a.findings.length).length, 0)} with serious or critical violations, ${axeSeconds} s in axe (summed over the walks side by side)`);

  for (const { network, locale, shown, offences, visited, a11y } of results) {
    if (!network.enabled.includes(locale)) {
      expect.soft(network.enabled, `${network.id} shows ${shown} when asked for ${locale}, a locale it does not enable`).toContain(shown);
      continue;
    }
    expect.soft(shown, `${network.id}: the panel did not switch to ${locale}`).toBe(locale);
    expect.soft(offences, `${network.id}, ${locale}: English left, raw dates or nothing shown on ${offences.length} of ${visited} routes:\n${report(offences)}\n`).toEqual([]);
    const violating = a11y.filter((r) => r.findings.length);
    expect.soft(violating.map((r) => r.route), `${network.id}, ${locale}: serious or critical accessibility violations (WCAG 2.0/2.1 A, AA) on ${violating.length} of ${a11y.length} routes:\n${a11yReport(a11y)}\n`).toEqual([]);
  }
});
