import type { LookupRequest, LookupTransport } from '../../engine/lookup';
import { conversionTypes } from '../../server/reference/conversionTypes';
import { browsers } from '../../server/reference/curated/browsers';
import { carriers } from '../../server/reference/curated/carriers';
import { categories, categoryGroups } from '../../server/reference/curated/categories';
import { campaignTrafficPlatforms, interests, ip2LocationTypes, trafficTypes } from '../../server/reference/curated/lists';
import { operatingSystems } from '../../server/reference/curated/operatingSystems';
import { languages } from '../../server/reference/languages';
import { trafficProviders } from '../../server/reference/trafficProviders';
import { answerLater, type FakeAnswer } from '../fixtures/answerLater';
import { createFixtureTransport } from '../fixtures/lookupTransport';
import { CAMPAIGN_FORMATS, countryByIso, STORY_ADS, STORY_APPS, STORY_GROUPS, STORY_NETWORK, STORY_SETTINGS, STORY_SITES, storyCampaignView } from './campaignFixtures';
import { estimate, type EstimateRequest } from './trafficEstimate';

export interface CampaignTransportOptions {
  /** Simulated latency of every answer in ms (default 300); the traffic estimate takes a little longer. */
  latencyMs?: number;
  /** Called for every request, e.g. to log it. */
  onRequest?: (req: LookupRequest) => void;
}

const DEVICE_MODELS: Record<string, string[]> = {
  Apple: ['iPhone 15', 'iPhone 14', 'iPhone 13', 'iPhone SE', 'iPad Air'],
  Samsung: ['Galaxy S24', 'Galaxy S23', 'Galaxy A54', 'Galaxy A14', 'Galaxy Tab S9'],
  Xiaomi: ['Redmi Note 13', 'Redmi 12', 'Xiaomi 14', 'Poco X6'],
  Huawei: ['P60', 'Nova 11', 'Mate 60'],
  Oppo: ['Reno 11', 'A78', 'Find X7'],
  Vivo: ['V29', 'Y36', 'X100'],
  Google: ['Pixel 8', 'Pixel 7a', 'Pixel 8 Pro'],
  Motorola: ['Moto G84', 'Edge 40', 'Razr 40'],
  Nokia: ['G42', 'C32', 'X30'],
  Sony: ['Xperia 1 V', 'Xperia 10 V'],
};

/** Collections the ad stories' fixture does not have (or has as a short demo list), as the server lists them. */
const collections: Record<string, () => readonly object[]> = {
  // The server's ids (Android 1, iOS 2, …), which the examples and the estimate use.
  'operating-systems': () => operatingSystems,
  browsers: () => browsers,
  carriers: () =>
    carriers.flatMap((c) => {
      const country = countryByIso.get(c.country);
      return country ? [{ id: c.id, name: c.name, country_id: country.id, country_iso2: c.country, country_name: country.name }] : [];
    }),
  categories: () => categories,
  'category-groups': () => categoryGroups,
  // Vendors as the ad stories' fixture numbers them (1 Apple, 2 Samsung, …).
  'device-models': () =>
    Object.entries(DEVICE_MODELS).flatMap(([vendor, models], v) => models.map((model, m) => ({ id: (v + 1) * 100 + m + 1, name: `${vendor} ${model}`, vendor_id: v + 1 }))),
  'ip2-location-types': () => ip2LocationTypes,
  language: () => languages(),
  'campaign-traffic-platforms': () => campaignTrafficPlatforms,
  'traffic-types': () => trafficTypes,
  interests: () => interests,
};

const PAGE = 50;
const idSet = (v: unknown): Set<string> | null => (Array.isArray(v) && v.length > 0 ? new Set(v.map(String)) : null);
const numbers = (v: unknown): number[] => (Array.isArray(v) ? v.map(Number) : v === undefined || v === null || v === '' ? [] : [Number(v)]);

/** A lookup search: the items matching `query` (those starting with it first) or those of `ids`, one page, with the count. */
function search<T extends { id: number }>(items: readonly T[], body: Record<string, unknown>, text: (item: T) => string) {
  const only = idSet(body.ids);
  if (only) {
    const found = items.filter((item) => only.has(String(item.id)));
    return { data: found, recordsFiltered: found.length };
  }
  const query = typeof body.query === 'string' ? body.query.trim().toLowerCase() : '';
  const matches = query ? items.filter((item) => text(item).toLowerCase().includes(query)) : [...items];
  matches.sort((a, b) => Number(!text(b).toLowerCase().startsWith(query)) - Number(!text(a).toLowerCase().startsWith(query)));
  return { data: matches.slice(0, PAGE), recordsFiltered: matches.length };
}

/** Categories the network's sites offer for a format (a stable part of the IAB list per format). */
function availableCategories(format: string, placements: number[]) {
  const seed = [...format].reduce((sum, ch) => sum + ch.charCodeAt(0), 0) + placements.reduce((sum, p) => sum + p, 0);
  return categories.filter((c) => (c.id + seed) % 5 !== 0);
}

/** A premium site as `GET sites/premium` answers it: the search's fields and the site's profile (no report yet). */
function premiumSite({ name: _name, ...site }: (typeof STORY_SITES)[number]) {
  const unknown = { description: null, favicon_url: null, audience_age: null, category: null, category_rank: null, female: null, male: null, global_rank: null };
  return {
    ...site,
    category_ids: [],
    ad_formats: [...CAMPAIGN_FORMATS.keys()],
    placement_type_ids: [],
    traffic_type_id: 1,
    site_report: { ...unknown, time_on_site: null, pages_per_visit: null, top_countries: [], total_visits: null, title: null, audience_ages: [], country_shares: [] },
  };
}

const ok = (body: unknown): FakeAnswer => ({ body });

/** The answer of one call the campaign form makes, or undefined for what the ad stories' fixture answers. */
function answer(req: LookupRequest): FakeAnswer | undefined {
  const body = (req.data ?? req.params ?? {}) as Record<string, unknown>;
  const route = `${req.method} ${req.url.replace(/^\/+/, '').split('?')[0]}`;
  if (route.startsWith('GET collections/')) {
    const list = collections[route.slice('GET collections/'.length)];
    return list ? ok({ data: list() }) : undefined;
  }
  switch (route) {
    case 'GET network':
      return ok({ data: STORY_NETWORK });
    case 'GET settings':
      return ok({ data: STORY_SETTINGS });
    case 'GET ads': {
      const formats = idSet(Array.isArray(body.format) ? body.format : body.format === undefined ? [] : [body.format]);
      return ok({ data: STORY_ADS.filter((ad) => !formats || formats.has(ad.format)) });
    }
    case 'GET campaign-groups':
      return ok({ data: STORY_GROUPS });
    case 'GET conversion-types':
      return ok({ data: conversionTypes });
    case 'GET traffic-providers/collection':
      return ok({ data: trafficProviders });
    case 'GET available-categories':
      return ok({ data: availableCategories(String(body.ad_format_id ?? ''), numbers(body.placement_type_ids)) });
    case 'GET mobile-apps':
      return ok(search(STORY_APPS, body, (app) => app.name));
    case 'POST sites/search/domains':
      return ok(search(STORY_SITES, body, (site) => site.domain));
    case 'GET sites/premium': {
      const groups = new Set(numbers(body.category_group_ids));
      return ok({ data: { data: STORY_SITES.filter((s) => s.premium && (groups.size === 0 || groups.has(s.category_group_id))).map(premiumSite) } });
    }
    case 'POST available-traffic':
      return ok({ data: estimate(body as EstimateRequest).total });
    case 'POST available-traffic-by-country':
      return ok({ data: estimate(body as EstimateRequest).byCountry });
    case 'POST campaigns':
      return ok({ data: storyCampaignView(body) });
    default:
      return undefined;
  }
}

/**
 * Answers every call of the campaign form from memory, after a delay: `GET network` and `GET settings` (AdNet), the
 * lookups of the campaign schema and its targets (ads, groups, conversion types, sites, premium sites, categories,
 * mobile apps, traffic providers and the collections) and the live traffic estimate, deterministic for a request.
 * Countries, regions, cities and device vendors go to the ad stories' fixture (stories/fixtures/lookupTransport.ts),
 * unchanged; what neither knows fails as that fixture fails it (`404 Not Found: …`).
 */
export function createCampaignTransport(options: CampaignTransportOptions = {}): LookupTransport {
  const { latencyMs = 300, onRequest } = options;
  const fallback = createFixtureTransport({ latencyMs });
  return (req) => {
    const found = answer(req);
    if (!found) {
      onRequest?.(req);
      return fallback(req);
    }
    onRequest?.(req);
    // The estimate is the slowest call of the page: it visibly updates after the form rests.
    return answerLater(req, found, req.url.startsWith('available-traffic') ? latencyMs * 2 : latencyMs);
  };
}
