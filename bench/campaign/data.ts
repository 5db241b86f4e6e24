/**
 * The world of the campaign benchmark: every list the real campaign form's lookups ask for (collections and query
 * endpoints, by request URL), and a realistic campaign with 200 countries, 2,000 cities and 1,000 device models
 * selected. Both variants see the same lists: ours through the lookups, plain RJSF as `enum`s.
 */
import { collections as formLists, pick, rng, vendors, words, type Item } from '../form/data';

/** One answer row: an `id`, and `name` (or `domain`, for sites) plus fields the query endpoints filter by. */
export interface Row {
  id: number | string;
  name?: string;
  domain?: string;
  country_id?: number;
  region_id?: number;
  format?: string;
}

const capital = (w: string) => `${w[0].toUpperCase()}${w.slice(1)}`;

/** `count` synthetic rows named by syllables (deterministic per seed), `extra` adds fields per row. */
function named(count: number, seed: number, make: (word: string, i: number) => string = (w) => capital(w), extra?: (i: number) => Partial<Row>): Row[] {
  const random = rng(seed);
  return Array.from({ length: count }, (_, i) => ({ id: i + 1, name: make(words(random, 2 + (i % 2)), i), ...extra?.(i) }));
}

const COUNTRIES = formLists.countries; // 250
// The 5,000 cities of the form benchmark, each in a region (1,000 of them) and so in a country.
const REGION_COUNT = 1000;
const regionOf = (i: number) => (i % REGION_COUNT) + 1;
const countryOfRegion = (region: number) => ((region - 1) % COUNTRIES.length) + 1;
const cities: Row[] = formLists.cities.map((c: Item, i) => ({ ...c, region_id: regionOf(i), country_id: countryOfRegion(regionOf(i)) }));
const regions: Row[] = named(REGION_COUNT, 11, (w, i) => `${capital(w)} Province ${i + 1}`, (i) => ({ country_id: countryOfRegion(i + 1) }));
const deviceVendors: Row[] = [...vendors.map((name, i) => ({ id: i + 1, name })), ...named(110, 12).map((r, i) => ({ ...r, id: vendors.length + i + 1 }))];
const tlds = ['com', 'net', 'org', 'io', 'tv', 'news', 'site'];
const sites: Row[] = named(1000, 13).map((r, i) => ({ id: r.id, domain: `${String(r.name).toLowerCase()}${i + 1}.${tlds[i % tlds.length]}` }));
const premiumSites: Row[] = named(200, 15).map((r, i) => ({ id: 5001 + i, domain: `${String(r.name).toLowerCase()}-premium.${tlds[i % tlds.length]}` }));
const apps: Row[] = named(1000, 14, (w, i) => `${capital(w)} ${['Puzzle', 'Radio', 'Maps', 'Chat', 'Weather'][i % 5]} (com.${w}.app${i + 1})`);

/** Every list by request URL: `collections/<name>` for `GET collections/{name}`, else the query endpoint. */
export const lists: Record<string, Row[]> = {
  'collections/countries': COUNTRIES,
  'collections/device-models': formLists['device-models'], // 2,000
  'collections/device-vendors': deviceVendors, // 120
  'collections/browsers': named(30, 21, (w, i) => `${capital(w)} Browser ${i + 1}`),
  'collections/operating-systems': named(25, 22, (w, i) => `${capital(w)}OS ${i + 1}`),
  'collections/carriers': named(500, 23, (w, i) => `${capital(w)} Mobile ${i + 1}`),
  'collections/language': named(184, 24),
  'collections/traffic-types': named(8, 25),
  'collections/interests': named(60, 26),
  'collections/ip2-location-types': named(12, 27),
  'collections/category-groups': named(30, 28),
  'collections/campaign-traffic-platforms': [
    { id: 1, name: 'Desktop' },
    { id: 2, name: 'Mobile web' },
    { id: 3, name: 'In-app' },
  ],
  cities, // 5,000
  regions, // 1,000
  'sites/search/domains': sites, // 1,000
  'sites/premium': premiumSites, // 200
  'mobile-apps': apps, // 1,000
  'available-categories': named(400, 31, (w, i) => `IAB${1 + (i % 26)}-${i + 1} ${capital(w)}`),
  ads: named(40, 32, (w, i) => `Banner ${i + 1}: ${capital(w)}`, (i) => ({ format: i % 4 ? 'banner' : 'native' })),
  'campaign-groups': named(12, 33, (w) => `Group ${capital(w)}`),
  'conversion-types': ['lead', 'sale', 'registration', 'install', 'deposit', 'subscription'].map((id) => ({ id, name: capital(id) })),
  'traffic-providers/collection': named(15, 34, (w) => `${capital(w)} Exchange`),
};

/** What the lists and selections are, for the printed header. */
export const SIZES = 'countries 250, cities 5,000, device models 2,000, regions 1,000, sites 1,000, mobile apps 1,000, carriers 500, categories 400, premium sites 200, the other lists 3–184';

const ids = (url: string, n: number, seed: number) => pick(lists[url], n, seed).map((r) => r.id);
const hours = Array.from({ length: 15 }, (_, h) => h + 8); // 08–22 UTC

/** A realistic banner campaign with every kind of target set: the big three at the sizes, the rest small. */
export function campaignValues(): Record<string, unknown> {
  return {
    name: 'Winter sale — banners EU + Americas',
    ad_format: 'banner',
    ad_id: 6,
    campaign_group_id: 3,
    pricing_model: 'cpm',
    price: '1.2500',
    smart_bidding: false,
    enable_price_auto_adjust: false,
    activate_on_approve: true,
    active_from: '2026-12-01',
    active_to: '2027-02-28',
    limits: { type: 'money', daily: '500.00', total: '12000.00' },
    calendar_limits: [hours, hours, hours, hours, hours, hours.slice(2), hours.slice(2)],
    targets: {
      country: { accept: true, countries: ids('collections/countries', 200, 101) },
      region: { accept: true, regions: ids('regions', 20, 102) },
      city: { accept: true, cities: ids('cities', 2000, 103) },
      language: { accept: true, languages: ids('collections/language', 12, 104) },
      'traffic-type': { traffic_types: ids('collections/traffic-types', 3, 105) },
      interest: { interests: ids('collections/interests', 6, 106) },
      'ip2location-type': { accept: false, types: ids('collections/ip2-location-types', 2, 107) },
      'operating-system': { accept: true, operating_systems: ids('collections/operating-systems', 6, 108) },
      'device-vendor': { accept: true, vendors: ids('collections/device-vendors', 8, 109) },
      'device-model': { accept: true, models: ids('collections/device-models', 1000, 110) },
      browser: { accept: true, browsers: ids('collections/browsers', 6, 111), min_version: 100 },
      carrier: { accept: true, carriers: ids('collections/carriers', 40, 112) },
      'connection-type': { type: 'all' },
      category: { accept: true, categories: ids('available-categories', 25, 113) },
      'category-group': { accept: false, category_groups: ids('collections/category-groups', 4, 114) },
      site: {
        accept: false,
        premium: false,
        billing_domain: false,
        is_new: true,
        marketplace: false,
        tubecorp: false,
        sites: ids('sites/search/domains', 50, 115),
        premium_sites: ids('sites/premium', 10, 117),
        domains: 'spam-one.com,spam-two.net,clickfarm.org,bad.example.io,lowq.site',
      },
      'mobile-app': { accept: false, apps: ids('mobile-apps', 30, 116) },
      spot: { accept: false, spots: '104233,104871,105002' },
      'traffic-provider': { enable_main_provider: true, selected: [2, 5] },
      'ip-range': { accept: false, ip_ranges: '10.0.0.0/8,192.168.1.1' },
      ipv6: { type: 'all' },
      uniques: { accept: true, cap: 2, ttl: 24 },
      'web-push-subscription-time': {},
      throttle: { smooth_spend_rate: true },
      'traffic-quality': { qualities: ['high'] },
      'in-page-traffic': { accept: true },
      'campaign-traffic-platform': { platforms: [1, 2], locked: false },
      'placement-type': { placement_types: [1, 3] },
    },
  };
}
