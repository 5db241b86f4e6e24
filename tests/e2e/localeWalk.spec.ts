import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { PASSWORD } from './support';
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
 * The walk is fast on purpose: one sign-in and one page load per pair, then in-app navigation (history.pushState +
 * popstate) and an in-page wait for quiet instead of a page load and network idle per route; a few pairs walk side
 * by side (LOCALE_WALK_CONCURRENCY). WALK_DEBUG=1 logs each route's time, WALK_DEBUG=2 its texts too.
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

/**
 * Routes that need a one-time token or link a walk cannot have: the impersonation token, the sign-up confirmation
 * code and the unsubscribe link from a mail. Opening them without one only shows their "invalid link" state, and
 * the impersonation page would sign the walker out.
 */
const NEEDS_ONE_TIME_TOKEN = new Set(['/impersonate', '/register/:userId/confirm/:code', '/unsubscribe/:email']);

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

// ---- The route table, read from the app's own source at run time. ----

interface WalkRoute {
  path: string;
  section?: string;
  access: 'guest' | 'auth' | 'open';
}

/**
 * Every route of the panel (src/app/routes.ts: the shell's, each area's and each resource's), loaded through Vite
 * because the table is collected with import.meta.glob; a new area, route or resource is walked without a change
 * here. The table is the product's: the end-to-end build's fixture resource (VITE_E2E_FIXTURES=1) is test data with
 * English-only texts, not a page any network serves.
 */
async function routeTable(): Promise<WalkRoute[]> {
  const { createServer } = await import('vite');
  const vite = await createServer({ configFile: false, root: process.cwd(), logLevel: 'error', appType: 'custom', server: { middlewareMode: true, hmr: false, watch: null }, optimizeDeps: { noDiscovery: true, include: [] } });
  try {
    const { ROUTES } = (await vite.ssrLoadModule('/src/app/routes.ts')) as { ROUTES: WalkRoute[] };
    return ROUTES.map(({ path, section, access }) => ({ path, section, access }));
  } finally {
    await vite.close();
  }
}

/**
 * The routes a signed-in user of a network can open: those of its guard sections, and the open pages that need no
 * token. Guest-only pages (sign-in, sign-up, password reset) send a signed-in user away, so they are not walked here.
 */
const walkable = (routes: WalkRoute[], sections: ReadonlySet<string>) =>
  routes.filter((r) => !NEEDS_ONE_TIME_TOKEN.has(r.path) && (r.access === 'auth' ? !r.section || sections.has(r.section) : r.access === 'open'));

const hasParams = (path: string) => path.includes('/:');
const patternOf = (path: string) => new RegExp(`^${path.replace(/:[^/]+/g, '([^/?#]+)')}$`);

/**
 * A parametrised route with real ids: from a link one of the walked pages showed (`/campaigns/12` on the campaign
 * list), else with the value a sibling route already got for the same leading path (`/campaigns/:id/edit` from
 * `/campaigns/12`). Undefined when no page linked one (`firstId` asks the API then).
 */
function fillParams(path: string, links: ReadonlySet<string>, filled: ReadonlyMap<string, string>): string | undefined {
  const pattern = patternOf(path);
  const linked = [...links].find((href) => pattern.test(href));
  if (linked) return linked;
  for (const [template, concrete] of filled) {
    const params = template.split('/');
    const values = concrete.split('/');
    const parts = path.split('/');
    if (parts.length < params.length || params.some((p, i) => p !== parts[i])) continue;
    return [...values, ...parts.slice(params.length)].join('/');
  }
  return undefined;
}

/**
 * The first id the API lists under a route's leading path (`/campaigns/:id` → `GET campaigns`), for a list page that
 * linked none (a list still loading on a busy machine); undefined when that is no list of the API.
 */
async function firstId(page: Page, path: string): Promise<string | undefined> {
  const [prefix] = path.split('/:');
  const id = await page.evaluate(async (url) => {
    const answer = await fetch(url, { headers: { Authorization: `Bearer ${localStorage.getItem('auth_token')}` } }).catch(() => null);
    const body = answer?.ok ? await answer.json().catch(() => null) : null;
    return Array.isArray(body?.data) && body.data[0]?.id !== undefined ? String(body.data[0].id) : undefined;
  }, `/api/private/v1${prefix}`);
  if (id === undefined) return undefined;
  // One id fills one parameter: a route with more (`/register/:userId/confirm/:code`) stays unfilled.
  const filled = path.replace(/:[^/]+/, id);
  return filled.includes('/:') ? undefined : filled;
}

// ---- In the page. ----

/**
 * Counts the requests in flight (axios uses XMLHttpRequest; some widgets fetch), so a page is known to have settled
 * without waiting for Playwright's 500 ms of network idle on every route.
 */
function trackRequests() {
  const w = window as unknown as { __walkPending: number; __walkChanged: number };
  w.__walkPending = 0;
  w.__walkChanged = performance.now();
  const done = () => {
    w.__walkPending--;
    w.__walkChanged = performance.now();
  };
  const send = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.send = function (this: XMLHttpRequest, ...args: Parameters<typeof send>) {
    w.__walkPending++;
    this.addEventListener('loadend', done, { once: true });
    return send.apply(this, args);
  };
  const fetch = window.fetch;
  window.fetch = (...args: Parameters<typeof fetch>) => {
    w.__walkPending++;
    return fetch(...args).finally(done);
  };
  // As a user who already saw this session's popup widget and is in the A/B group that lets them in unconfirmed.
  sessionStorage.setItem('popup-widget-seen', '1');
  if (!sessionStorage.getItem('ab_group')) sessionStorage.setItem('ab_group', '2');
  // The DOM changes while a page loads (a lazy chunk, a list arriving, a chart drawing); a quiet moment means done.
  new MutationObserver(() => (w.__walkChanged = performance.now())).observe(document, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['class', 'aria-busy'] });
}

/** Resolves once no request is in flight, no spinner, skeleton or busy region shows and the DOM was still for `quiet` ms. */
function settle({ quiet, limit }: { quiet: number; limit: number }): Promise<boolean> {
  const w = window as unknown as { __walkPending: number; __walkChanged: number };
  const end = performance.now() + limit;
  return new Promise((resolve) => {
    const check = () => {
      const now = performance.now();
      const busy = w.__walkPending > 0 || document.querySelector('.bp6-spinner, .bp6-skeleton, [aria-busy="true"]');
      if (busy) w.__walkChanged = now;
      if (now - w.__walkChanged >= quiet) return resolve(true);
      if (now > end) return resolve(false);
      setTimeout(check, 25);
    };
    setTimeout(check, 25);
  });
}

/** The visible text of the page: text nodes of visible elements, and the placeholders, labels and titles of visible controls. */
function visibleText(): { texts: string[]; placeholders: string[]; links: string[] } {
  const texts = new Set<string>();
  const placeholders = new Set<string>();
  const visible = (el: Element) => el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true });
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

/** Opens a path inside the single-page app, as a link would, and waits for it to settle; false if it never did. */
async function open(page: Page, path: string): Promise<boolean> {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
  return page.evaluate(settle, { quiet: 100, limit: 15_000 });
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
  return { ...network, base: baseURL.replace('localhost', `${network.id}.localhost`), routes: walkable(routes, new Set(data.guardSections as string[])), enabled: data.settings?.locales ?? ['en'] };
}

/**
 * A signed-in page of the network in `locale`, in its own browser context: the device's choice is set before the
 * panel loads, so it boots in it. Each context signs in for itself (`POST auth/login` from the page): sessions
 * copied between contexts would end as soon as one of them renews its token.
 */
async function pageIn(browser: Browser, network: Network, locale: Locale): Promise<{ page: Page; shown: string }> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, reducedMotion: 'reduce' });
  await context.addInitScript(trackRequests);
  await context.addInitScript((l) => localStorage.setItem('locale', l), locale);
  const page = await context.newPage();
  page.on('pageerror', (error) => console.log(`${network.id}, ${locale}: page error: ${error.message}`));
  // A small document of the network's origin to sign in from, before the panel's first load.
  await page.goto(`${network.base}/api/private/v1/network`);
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
  return { page, shown: tag === 'ja' ? 'jp' : tag };
}

/** Visits every walkable route and returns what each showed that it should not. */
async function walk(page: Page, network: Network, locale: Locale): Promise<{ offences: Offence[]; skipped: string[]; visited: number; unsettled: string[] }> {
  const leftovers = englishLeftovers(locale);
  const names = englishNames(locale);
  const offences: Offence[] = [];
  const links = new Set<string>();
  const filled = new Map<string, string>();
  const statics = new Set(network.routes.filter((r) => !hasParams(r.path)).map((r) => r.path));
  const unsettled: string[] = [];
  let visited = 0;

  const check = (route: string, texts: string[], placeholders: string[]) => {
    const strings = new Set<string>();
    for (const text of placeholders) if (locale !== 'en' && leftovers.placeholder.has(text)) strings.add(`placeholder "${text}" (${leftovers.placeholder.get(text)})`);
    for (const text of texts) {
      if (locale !== 'en' && leftovers.text.has(text)) strings.add(`"${text}" (${leftovers.text.get(text)})`);
      if (names.has(text)) strings.add(`"${text}" (${names.get(text)} in English)`);
      if (RAW_DATE.some((re) => re.test(text))) strings.add(`raw date "${text}"`);
      if (locale !== 'en' && ENGLISH_DATE.some((re) => re.test(text))) strings.add(`English date "${text}"`);
    }
    if (strings.size) offences.push({ route, strings: [...strings] });
  };

  const visit = async (template: string, path: string) => {
    const t0 = Date.now();
    // Checked all the same: a page still busy after 15 s shows what it has, and is named in the log.
    if (!(await open(page, path))) unsettled.push(path);
    const { texts, placeholders, links: found } = await page.evaluate(visibleText);
    // Links to static routes (`/ads/create`) would fill `/ads/:id` with a word, not an id.
    found.filter((l) => !statics.has(l)).forEach((l) => links.add(l));
    const tooltip = await chartTooltip(page);
    check(path === template ? path : `${template} (${path})`, [...texts, ...tooltip], placeholders);
    if (process.env.WALK_DEBUG) console.log(`${network.id} ${locale} ${path}: ${Date.now() - t0} ms, ${texts.length} texts, ${tooltip.length} in a tooltip${process.env.WALK_DEBUG === '2' ? `\n${JSON.stringify([...texts, ...tooltip])}` : ''}`);
    visited++;
  };

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
  return { offences, skipped: pending.map((r) => r.path), visited, unsettled };
}

const report = (offences: Offence[]) => offences.map((o) => `  ${o.route}\n${o.strings.map((s) => `    ${s}`).join('\n')}`).join('\n');

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

test('every route of both networks in every locale: no English left behind, no raw dates', async ({ browser, baseURL, request }) => {
  test.setTimeout(300_000);
  const started = Date.now();
  const routes = await routeTable();
  const networks = await Promise.all(NETWORKS.map((n) => networkOf(request, baseURL as string, n, routes)));
  const pairs = networks.flatMap((network) => LOCALES.map((locale) => ({ network, locale })));
  // The longest walks first, so the last ones to start are short.
  pairs.sort((a, b) => Number(b.network.enabled.includes(b.locale)) * b.network.routes.length - Number(a.network.enabled.includes(a.locale)) * a.network.routes.length);

  const results = await pool(
    pairs.map(({ network, locale }) => async () => {
      const began = Date.now();
      const { page, shown } = await pageIn(browser, network, locale);
      try {
        // A locale the network does not offer falls back to one it enables (the user's, else the network's
        // default), whose own walk checks it.
        const walked = network.enabled.includes(locale) ? await walk(page, network, locale) : { offences: [], skipped: [], visited: 0, unsettled: [] };
        return { network, locale, shown, ...walked, seconds: Math.round((Date.now() - began) / 1000) };
      } finally {
        await page.context().close();
      }
    }),
    CONCURRENCY,
  );

  // What each walk covered, for the log: a route left out or never quiet is worth a look even when nothing failed.
  for (const { network, locale, shown, visited, skipped, unsettled, seconds } of results) {
    const notes = [skipped.length ? `no id found for ${skipped.join(', ')}` : '', unsettled.length ? `still busy after 15 s: ${unsettled.join(', ')}` : ''].filter(Boolean);
    const what = network.enabled.includes(locale) ? `${visited} routes in ${seconds} s` : `not enabled, shows ${shown}`;
    console.log(`locale walk: ${network.id}, ${locale}: ${what}${notes.length ? `; ${notes.join('; ')}` : ''}`);
  }
  console.log(`locale walk: ${results.reduce((n, r) => n + r.visited, 0)} pages in ${Math.round((Date.now() - started) / 1000)} s, ${CONCURRENCY} at a time`);

  for (const { network, locale, shown, offences, visited } of results) {
    if (!network.enabled.includes(locale)) {
      expect.soft(network.enabled, `${network.id} shows ${shown} when asked for ${locale}, a locale it does not enable`).toContain(shown);
      continue;
    }
    expect.soft(shown, `${network.id}: the panel did not switch to ${locale}`).toBe(locale);
    expect.soft(offences, `${network.id}, ${locale}: English left or raw dates on ${offences.length} of ${visited} routes:\n${report(offences)}\n`).toEqual([]);
  }
});
