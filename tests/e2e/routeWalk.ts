/**
 * Route discovery and quick in-app navigation for the suites that walk every page of the panel (the locale walk, the
 * stored-XSS canary): the route table read from the app's own source, which routes a signed-in user of a network may
 * open, parametrised routes filled with real ids, and an in-page wait for quiet instead of Playwright's network idle.
 *
 * Not a spec: Playwright only runs `*.spec.ts`.
 */
import type { Page } from '@playwright/test';

/** One route of the panel as the walks need it. */
export interface WalkRoute {
  path: string;
  section?: string;
  access: 'guest' | 'auth' | 'open';
}

/**
 * Routes that need a one-time token or link a walk cannot have: the impersonation token, the sign-up confirmation
 * code and the unsubscribe link from a mail. Opening them without one only shows their "invalid link" state, and
 * the impersonation page would sign the walker out.
 */
export const NEEDS_ONE_TIME_TOKEN: ReadonlySet<string> = new Set(['/impersonate', '/register/:userId/confirm/:code', '/unsubscribe/:email']);

/**
 * Every route of the panel (src/app/routes.ts: the shell's, each area's and each resource's), loaded through Vite
 * because the table is collected with import.meta.glob; a new area, route or resource is walked without a change
 * here. The table is the product's: the end-to-end build's fixture resource (VITE_E2E_FIXTURES=1) is test data, not
 * a page any network serves.
 */
export async function routeTable(): Promise<WalkRoute[]> {
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
export const walkable = (routes: WalkRoute[], sections: ReadonlySet<string>) =>
  routes.filter((r) => !NEEDS_ONE_TIME_TOKEN.has(r.path) && (r.access === 'auth' ? !r.section || sections.has(r.section) : r.access === 'open'));

/**
 * The pages a signed-out visitor can open: the guest-only ones and the open ones that need no token, plus the second
 * step of the password reset (its form shows for any `token` and `email`; the server judges the token on submit).
 */
export const guestPaths = (routes: WalkRoute[]) => [
  ...routes.filter((r) => r.access !== 'auth' && !NEEDS_ONE_TIME_TOKEN.has(r.path) && !r.path.includes('/:')).map((r) => r.path),
  '/password/reset?token=walk&email=walker%40example.test',
];

export const hasParams = (path: string) => path.includes('/:');
export const patternOf = (path: string) => new RegExp(`^${path.replace(/:[^/]+/g, '([^/?#]+)')}$`);

/**
 * A parametrised route with real ids: from a link one of the walked pages showed (`/campaigns/12` on the campaign
 * list), else with the value a sibling route already got for the same leading path (`/campaigns/:id/edit` from
 * `/campaigns/12`). Undefined when no page linked one (`firstId` asks the API then).
 */
export function fillParams(path: string, links: ReadonlySet<string>, filled: ReadonlyMap<string, string>): string | undefined {
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
export async function firstId(page: Page, path: string): Promise<string | undefined> {
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
 * An init script (`context.addInitScript(trackRequests)`): counts the requests in flight (axios uses XMLHttpRequest;
 * some widgets fetch) and when the DOM last changed, so `settle` knows a page is done without waiting for Playwright's
 * 500 ms of network idle on every route. Also marks the session as one that saw the popup widget and is in the A/B
 * group that lets an unconfirmed user in. Sandboxed frames are left alone.
 */
export function trackRequests() {
  // A sandboxed frame (an ad preview, an opaque origin) has no storage, and the walk waits on the top window only.
  if (self.origin === 'null') return;
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

/**
 * In the page (`page.evaluate(settle, …)`, after `trackRequests`): resolves once no request is in flight, no spinner,
 * skeleton or busy region shows and the DOM was still for `quiet` ms; false when `limit` ms passed first.
 */
export function settle({ quiet, limit }: { quiet: number; limit: number }): Promise<boolean> {
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

/** Opens a path inside the single-page app, as a link would, and waits for it to settle; false if it never did. */
export async function open(page: Page, path: string, { quiet = 100, limit = 15_000 } = {}): Promise<boolean> {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
  return page.evaluate(settle, { quiet, limit });
}

/** The same-origin paths the page links to (for `fillParams`). */
export function linkedPaths(): string[] {
  const links = [...document.querySelectorAll('a[href]')].map((a) => new URL((a as HTMLAnchorElement).href, location.href)).filter((u) => u.origin === location.origin).map((u) => u.pathname);
  return [...new Set(links)];
}
