/**
 * What a demo visitor carries beyond the statistics' dimensions, for the targets that read it (audience.ts). The
 * demo ad server draws these only when a campaign's targets need them (`needs`): the event log stores none of
 * them, and drawing every trait for every impression would slow a million-line seed for nothing.
 *
 * - where in its country: a region, then a city of it (big ones more often);
 * - its browser's language (the country's language mix) and major version (most run the current one);
 * - its device's maker (Apple for iOS, the country's Android mix, tablet makers) and model; desktops and TVs none;
 * - its IP address (IPv6 as often as the country's visitors use it) and who holds it (IP2Location usage type:
 *   mobile carriers' ranges, home ISPs, some data centres);
 * - its interests (one to three), the push subscription's age (web push) and whether the placement is in-page;
 * - the app it came from: a share of phone and tablet traffic is in-app and has no site then;
 * - what its site says about itself: traffic type, categories, the placement of its spot, premium, marketplace,
 *   tube and new flags, and the quality of its traffic (high where it converts at least as well as average).
 *   Traffic without a site has a traffic type (the format's mix) and nothing else.
 */
import type { Need, Visitor } from '../areas/campaigns/audience';
import { geo } from '../reference/geo';
import { languages } from '../reference/languages';
import { deviceCatalog } from '../reference/devices';
import { mobileApps } from '../reference/mobileApps';
import { siteById } from '../reference/sites';
import { interests } from '../reference/curated/lists';
import { formatProfile } from './formatProfiles';
import { ANDROID_VENDORS, ANDROID_VENDORS_BY_COUNTRY, TABLET_VENDORS, type CountryProfile } from './trafficModel';
import { SeededRandom } from './seededRandom';

/** The fixed quality of a site's traffic: how well it converts against the average, 0.4–1.6. */
export function siteQuality(siteId: number): number {
  return fixedDraw(qualities, `site-quality:${siteId}`, 0.4, 1.2);
}

/** The fixed appeal of a creative: its CTR against the format's, 0.6–1.4. */
export function creativeAppeal(creativeId: number): number {
  return fixedDraw(appeals, `creative-appeal:${creativeId}`, 0.6, 0.8);
}

// Read for every impression: each value is drawn (a seeded hash of its key) once per process.
const qualities = new Map<string, number>();
const appeals = new Map<string, number>();
function fixedDraw(cache: Map<string, number>, key: string, from: number, span: number): number {
  let value = cache.get(key);
  if (value === undefined) cache.set(key, (value = from + span * new SeededRandom(key).next()));
  return value;
}

/** Share of phone and tablet impressions that come from an app. */
export const IN_APP_SHARE = 0.3;
/** Share of in-page formats' impressions on in-page placements. */
export const IN_PAGE_SHARE = 0.35;

/** Who holds a fixed-line visitor's address (IP2Location usage type id → share); carriers' visitors are type 9. */
const FIXED_LINE_IP_TYPES: [number, number][] = [[8, 0.88], [1, 0.05], [10, 0.03], [5, 0.02], [2, 0.01], [7, 0.003], [3, 0.002], [11, 0.002], [4, 0.0005]];
const MOBILE_IP_TYPES: [number, number][] = [[9, 0.97], [10, 0.03]];

/** The current major version of the browsers of collections/browsers (others: 100); visitors lag behind a little. */
const CURRENT_MAJOR: Record<number, number> = { 1: 142, 2: 26, 3: 145, 4: 142, 5: 124, 6: 90, 7: 29, 8: 16, 9: 25, 10: 142, 11: 26, 12: 145, 13: 142, 16: 19, 17: 15, 18: 7, 19: 1, 20: 5, 21: 15, 22: 130, 23: 11, 24: 124, 25: 16 };

/** One of `items`, the first ones far more often (share of the k first ≈ √(k/n)): big regions, cities, apps, models. */
const headHeavy = <T>(items: readonly T[], random: SeededRandom): T => items[Math.floor(items.length * random.next() ** 2)];

// Lists drawn from, built once. Sorting by stable id gives each list a fixed order that favours no alphabet.
const byId = <T extends { id: number }>(items: T[]) => items.sort((a, b) => a.id - b.id);
let lists:
  | { regions: Map<number, number[]>; cities: Map<number, number[]>; countryCities: Map<number, number[]>; languages: Map<string, number>; vendors: Map<string, number>; models: Map<string, number[]>; apps: Record<'android' | 'ios', number[]> }
  | undefined;
function reference() {
  if (lists) return lists;
  const g = geo();
  const group = <T extends { id: number }>(items: Iterable<T>, key: (item: T) => number | null) => {
    const out = new Map<number, number[]>();
    for (const item of byId([...items])) {
      const k = key(item);
      if (k !== null) out.set(k, [...(out.get(k) ?? []), item.id]);
    }
    return out;
  };
  const catalog = deviceCatalog();
  const models = new Map<string, number[]>();
  for (const m of byId([...catalog.models])) {
    const key = `${m.vendor_id}:${m.device_type === 'tablet' ? 'tablet' : 'phone'}`;
    models.set(key, [...(models.get(key) ?? []), m.id]);
  }
  const apps = byId([...mobileApps()]);
  lists = {
    regions: group(g.regions.items, (r) => r.country_id),
    cities: group(g.cities.items, (c) => c.region_id),
    countryCities: group(g.cities.items, (c) => c.country_id),
    languages: new Map(languages().map((l) => [l.code, l.id])),
    vendors: new Map(catalog.vendors.map((v) => [v.name, v.id])),
    models,
    apps: { android: apps.filter((a) => a.platform === 'android').map((a) => a.id), ios: apps.filter((a) => a.platform === 'ios').map((a) => a.id) },
  };
  return lists;
}

const languageMixes = new Map<string, [number, number][]>();
function languageMix(country: CountryProfile): [number, number][] {
  let mix = languageMixes.get(country.iso2);
  if (!mix) {
    const ids = reference().languages;
    mix = country.languages.split(',').map((part) => {
      const [code, share] = part.split(':');
      return [ids.get(code) ?? 0, Number(share)] as [number, number];
    });
    languageMixes.set(country.iso2, mix);
  }
  return mix;
}

/** The device maker's catalog id (0: none), from the platform and operating system. */
function vendorOf(v: Visitor, country: CountryProfile, random: SeededRandom): number {
  const { vendors } = reference();
  if (v.operating_system === 2 || v.operating_system === 3) return vendors.get('Apple') ?? 0;
  if (v.operating_system !== 1) return 0; // desktops, TVs: no maker in the catalog's sense
  const mix = v.traffic_platform === 3 ? TABLET_VENDORS : (ANDROID_VENDORS_BY_COUNTRY[country.iso2] ?? ANDROID_VENDORS[country.region]);
  return vendors.get(random.weighted(mix)) ?? 0;
}

/** A random address: IPv4 in the public unicast space (1.0.0.0–223.255.255.255), IPv6 in 2000::/3. */
function address(ipv6: boolean, random: SeededRandom): { version: 4 | 6; value: bigint } {
  if (!ipv6) return { version: 4, value: BigInt(0x0100_0000 + Math.floor(random.next() * (0xe000_0000 - 0x0100_0000))) };
  let value = BigInt(0x2000 + random.int(0, 0x1fff));
  for (let i = 0; i < 4; i++) value = (value << 28n) | BigInt(Math.floor(random.next() * 2 ** 28));
  return { version: 6, value };
}

/** What the ad server knows of the visitor's context when it draws the traits. */
export interface TraitContext {
  country: CountryProfile;
  format: string;
  /** Apps an include list of the campaign names: in-app traffic comes from them. */
  apps: readonly number[] | null;
}

/** Adds to `v` the traits `needs` names (and those they rest on). */
export function drawTraits(v: Visitor, needs: ReadonlySet<Need>, context: TraitContext, random: SeededRandom): void {
  const { country } = context;
  if (needs.has('mobile_app')) {
    const platform = v.operating_system === 2 || v.operating_system === 3 ? 'ios' : v.operating_system === 1 ? 'android' : null;
    v.mobile_app = 0;
    if (platform && random.chance(IN_APP_SHARE)) {
      const all = reference().apps[platform];
      const named = context.apps?.filter((id) => all.includes(id));
      v.mobile_app = named?.length ? random.pick(named) : headHeavy(all, random);
      v.site = 0; // in an app: no site, no spot
      v.spot = 0;
    }
  }
  if (needs.has('region') || needs.has('city')) {
    const regions = reference().regions.get(v.country) ?? [];
    v.region = regions.length ? headHeavy(regions, random) : 0;
  }
  if (needs.has('city')) {
    const cities = (v.region ? reference().cities.get(v.region) : undefined) ?? reference().countryCities.get(v.country) ?? [];
    v.city = cities.length ? headHeavy(cities, random) : 0;
  }
  if (needs.has('language')) v.language = random.weighted(languageMix(country));
  if (needs.has('browser_version')) {
    let lag = 0;
    while (lag < 15 && random.chance(0.45)) lag++;
    v.browser_version = Math.max(1, (CURRENT_MAJOR[v.browser] ?? 100) - lag);
  }
  if (needs.has('device_vendor') || needs.has('device_model')) v.device_vendor = vendorOf(v, country, random);
  if (needs.has('device_model')) {
    const models = reference().models.get(`${v.device_vendor}:${v.traffic_platform === 3 ? 'tablet' : 'phone'}`) ?? [];
    v.device_model = models.length ? headHeavy(models, random) : 0;
  }
  if (needs.has('ip') || needs.has('ip2location_type')) v.ip = address(random.chance(country.ipv6), random);
  if (needs.has('ip2location_type')) v.ip2location_type = random.weighted(v.carrier > 0 ? MOBILE_IP_TYPES : FIXED_LINE_IP_TYPES);
  if (needs.has('interest')) {
    const count = random.int(1, 3);
    v.interest = [...new Set(Array.from({ length: count }, () => random.pick(interests).id))];
  }
  if (needs.has('in_page')) v.in_page = random.chance(IN_PAGE_SHARE);
  if (needs.has('subscription_days')) v.subscription_days = Math.floor(random.logUniform(1, 731)) - 1;

  const site = v.site ? siteById(v.site) : undefined;
  if (needs.has('traffic_type')) {
    const mix = Object.entries(formatProfile(context.format).trafficTypes).map(([id, w]) => [Number(id), w] as [number, number]);
    v.traffic_type = site?.traffic_type_id ?? (mix.length ? random.weighted(mix) : 0);
  }
  if (needs.has('category')) v.category = site?.category_ids ?? [];
  if (needs.has('category_group')) v.category_group = site?.category_group_id ?? 0;
  if (needs.has('placement_type')) {
    const placements = site?.placement_type_ids ?? [];
    v.placement_type = placements.length ? placements[((v.spot % 10) + placements.length - 1) % placements.length] : 0;
  }
  if (needs.has('traffic_quality')) v.traffic_quality = site && siteQuality(site.id) >= 1 ? 'high' : 'medium';
  if (needs.has('site_flags')) v.site_flags = site && { premium: site.premium, marketplace: site.marketplace, tubecorp: site.tubecorp, isNew: site.is_new };
}
