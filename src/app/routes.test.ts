import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { readMessages } from '../../scripts/compile-messages';
import { ROUTES, routeTitleId } from './routes';
import general from '../../schemas/menus/general.json';
import help from '../../schemas/menus/help.json';

import en from '../locales/en/shell.json';
import ru from '../locales/ru/shell.json';
import es from '../locales/es/shell.json';
import de from '../locales/de/shell.json';
import jp from '../locales/jp/shell.json';
import enRoutes from '../locales/en/routes.json';
import ruRoutes from '../locales/ru/routes.json';
import esRoutes from '../locales/es/routes.json';
import deRoutes from '../locales/de/routes.json';
import jpRoutes from '../locales/jp/routes.json';
import enResources from '../locales/en/resources.json';
import ruResources from '../locales/ru/resources.json';
import esResources from '../locales/es/resources.json';
import deResources from '../locales/de/resources.json';
import jpResources from '../locales/jp/resources.json';

// Route titles live in routes.json (guest pages need them before the panel's texts load), the rest in shell.json;
// a resource's pages take theirs from its texts (resources.json).
const FILES: Record<string, Record<string, string>> = {
  en: { ...en, ...enRoutes, ...enResources },
  ru: { ...ru, ...ruRoutes, ...ruResources },
  es: { ...es, ...esRoutes, ...esResources },
  de: { ...de, ...deRoutes, ...deResources },
  jp: { ...jp, ...jpRoutes, ...jpResources },
};
const LOCALES = Object.keys(FILES);
const ALL_MESSAGES = readMessages(join(import.meta.dirname, '..', 'locales'));
const shell = (locale: string) => FILES[locale];

/** Both spec files' route tables. */
const SPEC_PATHS = [
  '/login', '/register', '/unsubscribe/:email', '/register/:userId/confirm/:code', '/confirm-email', '/impersonate',
  '/password/reset', '/registration-succeeded', '/404', '/dashboard', '/notification', '/personal', '/verifications/:type',
  '/api', '/tracking', '/ads', '/ads/create', '/ads/:id', '/ads/:id/duplicate', '/ads/:id/edit', '/campaigns',
  '/campaigns/create', '/campaigns/create-offer-campaign', '/campaigns/:id', '/campaigns/:id/edit',
  '/campaigns/:id/duplicate', '/upsale/:campaignId', '/finances', '/add-funds', '/add-funds/success', '/add-funds/error',
  '/rtb', '/rtb/endpoints', '/rtb/endpoints/create', '/rtb/endpoints/edit/:id', '/rtb/network', '/rtb/network/create',
  '/campaign-statistics', '/rtb-statistics', '/ssp-statistics', '/traffic-chart', '/providers', '/providers-subscription',
  '/provider/create', '/marketplace', '/flat-deal/:id', '/flat-deal/:id/offer',
];

/**
 * Pages the spec does not list that the product adds: each resource's view page, the feeds (the spec's Feed entity and
 * calls, with no route of their own there) and their statistics.
 */
const DESIGNED_PATHS = [
  '/feeds', '/feeds/create', '/feeds/:id', '/feeds/:id/edit', '/feed-statistics', '/rtb/endpoints/:id', '/rtb/network/:id', '/provider/:id',
  // The tabs of /finances, and the invoice pages (a resource whose list the invoices tab hosts).
  '/finances/payments', '/finances/transactions', '/finances/invoices', '/finances/top-up', '/finances/invoices/create', '/finances/invoices/:id', '/finances/invoices/:id/edit',
  // The applications tab of /marketplace and an application's page (the flat-deal-applications resource).
  '/marketplace/applications', '/marketplace/applications/:id',
];

const repo = join(import.meta.dirname, '..', '..');
const areaFolders = (dir: string) => readdirSync(join(repo, dir), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);

describe('areas', () => {
  it("take their routes from their own folder, and no central list names an area", () => {
    const panelAreas = areaFolders('src/areas');
    expect(panelAreas).toContain('notifications');
    expect(ROUTES.find((r) => r.id === 'notifications')?.path).toBe('/notification');
    const text = (file: string) => readFileSync(join(repo, file), 'utf8');
    // A route list that names an area imports it from its folder (or from the old routes/ and pages/ folders).
    const names = (area: string) => new RegExp(`(areas|routes|pages)/${area}\\b`);
    for (const area of panelAreas) for (const file of ['src/app/routes.ts', 'src/app/router.tsx']) expect(text(file), `${file} names ${area}`).not.toMatch(names(area));
    for (const area of areaFolders('server/areas')) expect(text('server/app.ts'), `server/app.ts names ${area}`).not.toMatch(names(area));
  });
});

describe('the route table', () => {
  it('has every route of the spec, once', () => {
    const paths = ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect([...paths].sort()).toEqual([...SPEC_PATHS, ...DESIGNED_PATHS].sort());
    expect(new Set(ROUTES.map((r) => r.id)).size).toBe(ROUTES.length);
  });

  it('sends a path to its most specific route, whatever order the areas add their routes in', () => {
    for (const table of [ROUTES, [...ROUTES].reverse()]) {
      const match = (path: string) => matchRoutes(table.map((r) => ({ id: r.id, path: r.path })), path)?.[0].route.id;
      expect(match('/campaigns/create')).toBe('campaignCreate');
      expect(match('/campaigns/create-offer-campaign')).toBe('campaignCreateOffer');
      expect(match('/campaigns/12')).toBe('campaign');
      expect(match('/campaigns/12/edit')).toBe('campaignEdit');
      expect(match('/ads/create')).toBe('adCreate');
      expect(match('/ads/7')).toBe('ad');
      expect(match('/register/3/confirm/abc')).toBe('registerConfirm');
      expect(match('/rtb/endpoints/create')).toBe('resource.rtb-endpoints.create');
      expect(match('/rtb/endpoints/4')).toBe('resource.rtb-endpoints.view');
      expect(match('/feeds/create')).toBe('resource.feeds.create');
    }
  });

  it('puts the spec’s empty-layout routes in the empty layout, and authenticated ones in a section', () => {
    expect(ROUTES.filter((r) => r.layout === 'empty').map((r) => r.path).sort()).toEqual(['/flat-deal/:id/offer', '/registration-succeeded']);
    for (const r of ROUTES.filter((x) => x.access === 'auth')) expect(r.section, r.path).toBeTruthy();
    expect(ROUTES.filter((r) => r.access === 'guest').map((r) => r.path).sort()).toEqual(['/login', '/password/reset', '/register']);
  });

  it.each(LOCALES)('has a title for every route and menu entry in %s', (locale) => {
    // An area's tabs and pages may take their titles from the area's own file (finances.json), read like the panel reads them.
    const messages = { ...shell(locale), ...ALL_MESSAGES[locale] };
    const missing = [
      ...ROUTES.map(routeTitleId),
      ...[general, help].flatMap((menu) => [`shell.menu.${menu.id}`, ...menu.entries.map((e) => `shell.menu.${menu.id}.${e.id}`)]),
    ].filter((id) => !messages[id]);
    expect(missing).toEqual([]);
  });

  it('translates every shell message into every locale, with the same placeholders', () => {
    const en = shell('en');
    const args = (m: string) => [...m.matchAll(/\{(\w+)\s*[,}]/g)].map((x) => x[1]).sort();
    for (const locale of LOCALES) {
      const messages = shell(locale);
      expect(Object.keys(messages).sort(), locale).toEqual(Object.keys(en).sort());
      for (const [id, text] of Object.entries(messages)) expect(args(text), `${locale} ${id}`).toEqual(args(en[id]));
    }
  });
});
