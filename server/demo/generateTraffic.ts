/**
 * Fills `traffic_daily` with the demo network's traffic: a deterministic function of (format, country, day), so
 * two databases seeded for the same days hold the same numbers, whatever `today` was when they were seeded.
 *
 * What it writes, per ad format (schemas/ad-formats/) and day of the last `days` days ending yesterday (UTC):
 * - one `all` row per country the format sells in (the 30–90 biggest for it, of the 90 in trafficModel.ts; volumes and prices per format in formatProfiles.json): requests
 *   scale with the country's internet users, fill and CTR with its tier, CPM with the tier (tier 1 pays most),
 *   the iPhone share and a fixed per-country factor, weekends swing by format, plus a few percent of daily noise;
 * - for the most recent `splitDays` days (default 3: shares barely move from day to day, rows cost seed time) the
 *   same totals split by every dimension the format can be targeted by (dimensions.ts; a dimension is written when
 *   the format's `targets` list its target). Values carry their own price and CTR (iOS pays more, adult traffic
 *   less, footers click less) while every split sums back to the total exactly; dimensions that do not cover all
 *   traffic (carriers: cellular only; vendors: no desktops; small browsers, vendors, languages and categories) simply
 *   have no row for the rest.
 * Spend is exact: integer units of 0.0001 computed from impressions × CPM in micro-units, written as decimal strings.
 * With the defaults (11 formats, 28 days) that is 23,240 total rows and about 161,000 split rows: 2–3 s on PGlite.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { countryByIso2 } from '../reference/countries';
import { carriers } from '../reference/curated/carriers';
import { languages } from '../reference/languages';
import { SeededRandom } from './seededRandom';
import { loadAdFormats } from '../settings/adFormats';
import { forgetTrafficWindows } from '../areas/traffic/estimate';
import { ALL, CONNECTION, DIMENSIONS, IP_VERSION, vendorCodeOf, type Dimension, type VendorName } from '../areas/traffic/dimensions';
import { formatProfile, type FormatProfile } from './formatProfiles';
import {
  ANDROID_VENDORS,
  ANDROID_VENDORS_BY_COUNTRY,
  CATEGORY_GROUP_WEIGHTS,
  COUNTRY_PROFILES,
  TABLET_VENDORS,
  TIER_FACTORS,
  tierOf,
  VALUE_FACTORS,
  type CountryProfile,
} from './trafficModel';

/** One row of `traffic_daily`; `spend` in units of 0.0001. */
export interface TrafficRow {
  day: string;
  adFormat: string;
  countryId: number;
  dimension: string;
  valueId: number;
  requests: number;
  impressions: number;
  clicks: number;
  conversions: number;
  spend: number;
}

/** What the generator needs to know about a format: its id and the targets it offers. */
export interface FormatInput {
  id: string;
  targets: readonly string[];
}

const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` of a UTC day number (days since 1970-01-01). */
const dayText = (dayNumber: number) => new Date(dayNumber * DAY_MS).toISOString().slice(0, 10);
const dayNumberOf = (date: Date) => Math.floor(date.getTime() / DAY_MS);

/** The `days` days ending the day before `today` (UTC), oldest first. */
export function trafficDays(days: number, today: Date): string[] {
  const yesterday = dayNumberOf(today) - 1;
  return Array.from({ length: days }, (_, i) => dayText(yesterday - days + 1 + i));
}

/** 0.0001 units → a decimal string with 4 places. */
export const unitsToDecimal = (units: number) => `${Math.floor(units / 10_000)}.${String(units % 10_000).padStart(4, '0')}`;

/**
 * Integers proportional to `weights` that add up to `total` exactly: each is the difference of the rounded
 * running sums, so it is within 1 of its exact share (no sorting, unlike largest remainders).
 */
export function allocate(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, w) => a + w, 0);
  if (sum <= 0 || total <= 0) return weights.map(() => 0);
  let running = 0;
  let previous = 0;
  return weights.map((w) => {
    running += w;
    const next = Math.round((total * running) / sum);
    const out = next - previous;
    previous = next;
    return out;
  });
}

/** A split of the traffic by one dimension: value id → share of impressions (the rest has no row), price and CTR factors. */
interface Split {
  dimension: Dimension;
  values: { id: number; share: number; price: number; ctr: number }[];
}

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));
const jitter = (rng: SeededRandom, spread: number) => 1 + spread * (2 * rng.next() - 1);

/** Adds `share` to `map[key]`. */
function add(map: Map<number, number>, key: number, share: number) {
  if (share > 0) map.set(key, (map.get(key) ?? 0) + share);
}

/** Weights normalized to sum 1 (entries with weight 0 dropped). */
function normalize(weights: Map<number, number>): Map<number, number> {
  const sum = [...weights.values()].reduce((a, b) => a + b, 0);
  return new Map([...weights].filter(([, w]) => w > 0).map(([k, w]) => [k, w / sum]));
}

/** Dimensions with many small values: the smallest share that gets a row (0.3 % elsewhere); keeps the table small. */
const LONG_TAIL: Partial<Record<Dimension, number>> = { browser: 0.01, device_vendor: 0.01, ip2location_type: 0.01, category_group: 0.02 };

const KAIOS_COUNTRIES = new Set(['IN', 'NG', 'KE', 'PK', 'BD', 'ET', 'TZ', 'UG', 'GH']);
const FIRE_COUNTRIES = new Set(['US', 'GB', 'DE', 'CA']);

/** Browser id → share within one operating system, by region. */
function browsersOf(os: number, country: CountryProfile, android: Map<string, number>): Map<number, number> {
  const r = country.region;
  const m = new Map<number, number>();
  const set = (id: number, w: number) => add(m, id, w);
  switch (os) {
    case 1: // Android
      set(7, 0.55 * (android.get('Samsung') ?? 0));
      set(16, 0.3 * ((android.get('Xiaomi') ?? 0) + (android.get('POCO') ?? 0)));
      set(17, 0.35 * (android.get('Huawei') ?? 0));
      set(13, 0.08);
      set(14, 0.04);
      set(6, r === 'ssa' ? 0.1 : r === 'sa' ? 0.03 : 0.01);
      set(8, r === 'sa' ? 0.07 : r === 'sea' ? 0.03 : 0);
      set(9, r === 'cis' ? 0.12 : 0);
      set(25, r === 'ssa' ? 0.06 : 0);
      set(12, 0.01);
      set(5, 0.02);
      set(10, Math.max(0.1, 1 - [...m.values()].reduce((a, b) => a + b, 0)));
      break;
    case 2: // iOS
      set(11, r === 'cis' ? 0.77 : 0.82);
      set(9, r === 'cis' ? 0.05 : 0);
      set(10, 0.09);
      set(14, 0.04);
      set(15, 0.03);
      set(12, 0.01);
      set(20, 0.01);
      break;
    case 3: // iPadOS
      set(11, 0.88);
      set(10, 0.12);
      break;
    case 4: // Windows
      set(1, r === 'cis' ? 0.5 : 0.66);
      set(9, r === 'cis' ? 0.2 : 0);
      set(4, 0.14);
      set(3, 0.06);
      set(5, r === 'cis' ? 0.08 : 0.04);
      set(24, 0.02);
      set(19, 0.01);
      set(23, 0.005);
      set(18, 0.005);
      break;
    case 5: // macOS
      set(2, 0.42);
      set(1, 0.48);
      set(3, 0.04);
      set(4, 0.03);
      set(19, 0.01);
      set(5, 0.01);
      set(18, 0.01);
      break;
    case 6:
    case 7: // Linux, Ubuntu
      set(1, 0.6);
      set(3, 0.35);
      set(19, 0.03);
      set(5, 0.02);
      break;
    case 8: // Chrome OS
      set(1, 1);
      break;
    case 14: // Fire OS
      set(22, 0.9);
      set(10, 0.1);
      break;
    default: // KaiOS and smart TVs: browsers without an id in the list
  }
  return m;
}

const carriersByCountry = (() => {
  let cache: Map<string, number[]> | undefined;
  return () => {
    if (!cache) {
      cache = new Map();
      for (const c of carriers) cache.set(c.country, [...(cache.get(c.country) ?? []), c.id]);
    }
    return cache;
  };
})();

let languageIds: Map<string, number> | undefined;
function languageId(code: string): number {
  languageIds ??= new Map(languages().map((l) => [l.code, l.id]));
  const id = languageIds.get(code);
  if (id === undefined) throw new Error(`traffic model: unknown language code "${code}"`);
  return id;
}

/** Which dimensions a format's traffic is split by: those whose target the format offers (category counts for category groups). */
export function formatDimensions(format: FormatInput): Dimension[] {
  return (Object.keys(DIMENSIONS) as Dimension[]).filter((d) => format.targets.includes(DIMENSIONS[d]) || (d === 'category_group' && format.targets.includes('category')));
}

/**
 * How one format's traffic in one country splits by each dimension (stable: seeded by format and country).
 * Shares are of impressions; small values are left out (LONG_TAIL; their traffic stays in the total only).
 */
function countrySplits(formatId: string, profile: FormatProfile, country: CountryProfile, dimensions: readonly Dimension[]): Split[] {
  const rng = new SeededRandom(`traffic:${formatId}:${country.iso2}:splits`);
  const tier = tierOf(country.iso2);

  // Platforms: tablets by tier, smart TVs for video, the rest phones or desktops by the country's phone share and the format's bias.
  const tablet = profile.iosOnly ? 0.08 : tier === 1 ? 0.06 : tier === 2 ? 0.04 : 0.02;
  const tv = profile.tv ? (tier <= 2 ? 0.05 : 0.02) : 0;
  const phoneShare = profile.iosOnly ? 1 : clamp(country.mobile * profile.mobile * jitter(rng, 0.05), 0.05, 0.97);
  const phone = (1 - tablet - tv) * phoneShare;
  const desktop = 1 - tablet - tv - phone;

  // Operating systems inside each platform.
  const iosPhone = profile.iosOnly ? 1 : clamp(country.ios * profile.ios * jitter(rng, 0.08), 0, 0.95);
  const kaios = profile.iosOnly || !KAIOS_COUNTRIES.has(country.iso2) ? 0 : 0.015;
  const androidPhone = 1 - iosPhone - kaios;
  const ipad = profile.iosOnly ? 1 : clamp(country.ios + 0.2, 0, 0.85);
  const fire = !profile.iosOnly && FIRE_COUNTRIES.has(country.iso2) ? 0.12 * (1 - ipad) : 0;
  const androidTablet = 1 - ipad - fire;
  const mac = tier === 1 ? (country.iso2 === 'US' ? 0.28 : 0.22) : tier === 2 ? 0.12 : 0.05;
  const chromeOs = country.iso2 === 'US' ? 0.06 : tier === 1 ? 0.02 : 0.005;
  const os = new Map<number, number>();
  add(os, 1, phone * androidPhone + tablet * androidTablet);
  add(os, 2, phone * iosPhone);
  add(os, 3, tablet * ipad);
  add(os, 11, phone * kaios);
  add(os, 14, tablet * fire);
  add(os, 5, desktop * mac);
  add(os, 6, desktop * 0.025);
  add(os, 7, desktop * 0.005);
  add(os, 8, desktop * chromeOs);
  add(os, 4, desktop * (1 - mac - 0.03 - chromeOs));
  add(os, 12, tv * 0.4);
  add(os, 13, tv * 0.3);
  add(os, 18, tv * 0.3);

  // Vendors: Apple for iOS, the regional Android mix for Android phones, tablet makers for Android tablets.
  const androidMix = new Map<string, number>((ANDROID_VENDORS_BY_COUNTRY[country.iso2] ?? ANDROID_VENDORS[country.region]).map(([n, w]) => [n, w * jitter(rng, 0.1)]));
  const vendors = new Map<number, number>();
  add(vendors, vendorCodeOf('Apple'), phone * iosPhone + tablet * ipad);
  for (const [name, w] of androidMix) add(vendors, vendorCodeOf(name as VendorName), phone * androidPhone * w);
  for (const [name, w] of TABLET_VENDORS) add(vendors, vendorCodeOf(name), tablet * androidTablet * w);
  add(vendors, vendorCodeOf('Amazon'), tablet * fire);

  const browsers = new Map<number, number>();
  for (const [system, systemShare] of os) for (const [b, w] of browsersOf(system, country, androidMix)) add(browsers, b, systemShare * w);

  // Connection: desktops, TVs and most tablets on fixed lines; phones on Wi-Fi as often as the country's are.
  const fixed = desktop + tv + tablet * 0.92 + phone * clamp(country.wifi * jitter(rng, 0.05), 0.05, 0.95);
  const cellular = 1 - fixed;

  const result: Split[] = [];
  const push = (dimension: Dimension, shares: Map<number, number>) => {
    const factors = VALUE_FACTORS[dimension] ?? {};
    const values = [...shares]
      .filter(([, share]) => share >= (LONG_TAIL[dimension] ?? 0.003))
      .sort((a, b) => a[0] - b[0])
      .map(([id, share]) => ({ id, share, price: factors[id]?.[0] ?? 1, ctr: factors[id]?.[1] ?? 1 }));
    result.push({ dimension, values });
  };

  for (const dimension of dimensions) {
    switch (dimension) {
      case 'traffic_platform':
        push(dimension, new Map([[1, desktop], [2, phone], [3, tablet], [4, tv]]));
        break;
      case 'operating_system':
        push(dimension, os);
        break;
      case 'browser':
        push(dimension, browsers);
        break;
      case 'device_vendor':
        push(dimension, vendors);
        break;
      case 'connection_type':
        push(dimension, new Map([[CONNECTION.wifi, fixed], [CONNECTION.cellular, cellular]]));
        break;
      case 'carrier': {
        // The country's listed operators share 92 % of its cellular traffic, biggest first.
        const ids = carriersByCountry().get(country.iso2) ?? [];
        const weights = ids.map((_, i) => (1 / (i + 1.3)) * jitter(rng, 0.15));
        const sum = weights.reduce((a, b) => a + b, 0);
        push(dimension, new Map(ids.map((id, i) => [id, (cellular * 0.92 * weights[i]) / sum])));
        break;
      }
      case 'ip2location_type': {
        const dataCenter = tier === 4 ? 0.04 : 0.025;
        push(dimension, normalize(new Map([[9, cellular * 0.97], [8, fixed * 0.88], [1, fixed * 0.05], [10, dataCenter], [5, fixed * 0.02], [2, fixed * 0.01], [3, 0.002], [7, 0.003], [11, 0.002], [4, 0.0005]])));
        break;
      }
      case 'ipv6': {
        const v6 = clamp(country.ipv6 * jitter(rng, 0.1), 0.005, 0.95);
        push(dimension, new Map([[IP_VERSION.v4, 1 - v6], [IP_VERSION.v6, v6]]));
        break;
      }
      case 'language':
        push(dimension, normalize(new Map(country.languages.split(',').map((part) => { const [code, share] = part.split(':'); return [languageId(code), Number(share)]; }))));
        break;
      case 'traffic_type':
        push(dimension, normalize(new Map(Object.entries(profile.trafficTypes).map(([id, w]) => [Number(id), w * jitter(rng, 0.25)]))));
        break;
      case 'category_group': {
        const adult = profile.trafficTypes[2] ?? 0;
        const streaming = profile.trafficTypes[7] ?? 0;
        const groups = normalize(new Map(Object.entries(CATEGORY_GROUP_WEIGHTS).map(([id, w]) => [Number(id), w * jitter(rng, 0.3)])));
        const main = 1 - adult - streaming * 0.4;
        const out = new Map([...groups].map(([id, w]) => [id, w * main]));
        add(out, 25, adult);
        add(out, 26, streaming * 0.1);
        add(out, 1, streaming * 0.3);
        push(dimension, normalize(out));
        break;
      }
      case 'placement_type':
        if (profile.placements) push(dimension, normalize(new Map(Object.entries(profile.placements).map(([id, w]) => [Number(id), w * jitter(rng, 0.15)]))));
        break;
    }
  }
  return result;
}

/** One format's countries with their stable per-country factors, cached by format id. */
interface FormatPlan {
  id: string;
  profile: FormatProfile;
  dimensions: Dimension[];
  countries: { id: number; profile: CountryProfile; weight: number; fill: number; ctr: number; cvr: number; cpmMicro: number; splits?: Split[] }[];
}

function plan(format: FormatInput): FormatPlan {
  const profile = formatProfile(format.id);
  const dimensions = formatDimensions(format);
  // The countries that buy this format most: big ones, tier 1 and 2 first; iOS calendar where iPhones are.
  const ranked = COUNTRY_PROFILES.map((c) => {
    const tier = tierOf(c.iso2);
    const interest = c.users ** 0.85 * (tier === 1 ? 3 : tier === 2 ? 2 : 1) * (profile.iosOnly ? c.ios * c.mobile : 1);
    return { c, interest };
  })
    .sort((a, b) => b.interest - a.interest || a.c.iso2.localeCompare(b.c.iso2))
    .slice(0, profile.countries);
  const countries = ranked.map(({ c }) => {
    const rng = new SeededRandom(`traffic:${format.id}:${c.iso2}:levels`);
    const tier = tierOf(c.iso2);
    const t = TIER_FACTORS[tier];
    const country = countryByIso2(c.iso2);
    if (!country) throw new Error(`traffic model: unknown country ${c.iso2}`);
    const phone = clamp(c.mobile * profile.mobile, 0, 1);
    const weight = c.users ** 0.85 * jitter(rng, 0.3) * (profile.iosOnly ? c.ios * c.mobile : 1) * (tier === 1 ? 1.2 : 1);
    const cpm = profile.cpm * t.price * jitter(rng, 0.2) * (1 + 0.3 * (c.ios - 0.3));
    return {
      id: country.id,
      profile: c,
      weight,
      fill: clamp(profile.fill * t.fill * jitter(rng, 0.05), 0.05, 0.98),
      ctr: clamp(profile.ctr * t.ctr * (0.85 + 0.3 * phone) * jitter(rng, 0.15), 0.0001, 0.97),
      cvr: clamp(profile.cvr * t.cvr * jitter(rng, 0.2), 0.0005, 0.5),
      cpmMicro: Math.max(10_000, Math.round(cpm * 1e6)),
    };
  });
  const sum = countries.reduce((a, c) => a + c.weight, 0);
  for (const c of countries) c.weight /= sum;
  return { id: format.id, profile, dimensions, countries };
}

/** Day-of-week and seasonal swing of a format on a UTC day number. */
function dayFactor(profile: FormatProfile, dayNumber: number): number {
  const dow = (dayNumber + 4) % 7; // 1970-01-01 was a Thursday; 0 = Sunday
  const week = dow === 0 || dow === 6 ? profile.weekend : dow === 5 ? 1.02 : dow === 1 ? 0.99 : 1;
  return week * (1 + 0.03 * Math.sin((2 * Math.PI * dayNumber) / 29.5));
}

/** Splits one total row by one dimension: integers that add up to the total, metric by metric. */
function splitRows(total: TrafficRow, split: Split, rng: SeededRandom): TrafficRow[] {
  if (!split.values.length) return [];
  const shares = split.values.map((v) => v.share * jitter(rng, 0.03));
  const covered = split.values.reduce((a, v) => a + v.share, 0);
  const scale = covered / shares.reduce((a, b) => a + b, 0);
  const rest = Math.max(0, 1 - covered);
  const imp = [...shares.map((s) => s * scale), rest];
  const clicks = [...shares.map((s, i) => s * scale * split.values[i].ctr), rest];
  const price = [...shares.map((s, i) => s * scale * split.values[i].price), rest];
  const requests = allocate(total.requests, imp);
  const impressions = allocate(total.impressions, imp);
  const clickCounts = allocate(total.clicks, clicks);
  const conversions = allocate(total.conversions, clicks);
  const spend = allocate(total.spend, price);
  return split.values.map((v, i) => ({
    ...total,
    dimension: split.dimension,
    valueId: v.id,
    requests: requests[i],
    impressions: impressions[i],
    clicks: Math.min(clickCounts[i], impressions[i]),
    conversions: Math.min(conversions[i], clickCounts[i]),
    spend: spend[i],
  }));
}

const plans = new Map<string, FormatPlan>();

/**
 * The rows of one format on one day: totals per country, and the splits when `withSplits`.
 * Pure and deterministic: the same format and day always give the same rows.
 */
export function trafficForDay(format: FormatInput, day: string, withSplits: boolean): TrafficRow[] {
  const key = `${format.id}\u0000${format.targets.join(',')}`;
  let p = plans.get(key);
  if (!p) {
    p = plan(format);
    plans.set(key, p);
  }
  const dayNumber = Math.round(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
  const swing = dayFactor(p.profile, dayNumber);
  const rows: TrafficRow[] = [];
  for (const c of p.countries) {
    const rng = new SeededRandom(`traffic:${p.id}:${c.profile.iso2}:${day}`);
    const requests = Math.round(p.profile.requests * c.weight * swing * jitter(rng, 0.04));
    const impressions = Math.round(requests * c.fill * jitter(rng, 0.02));
    const clicks = Math.min(impressions, Math.round(impressions * c.ctr * jitter(rng, 0.05)));
    const conversions = Math.round(clicks * c.cvr * jitter(rng, 0.1));
    // Impressions × CPM (micro-units per thousand) in 0.0001 units: × cpmMicro / 1000 / 100, rounded once.
    const spend = Math.round((impressions * c.cpmMicro * jitter(rng, 0.03)) / 100_000);
    const total: TrafficRow = { day, adFormat: p.id, countryId: c.id, dimension: ALL, valueId: 0, requests, impressions, clicks, conversions, spend };
    rows.push(total);
    if (!withSplits) continue;
    c.splits ??= countrySplits(p.id, p.profile, c.profile, p.dimensions);
    for (const split of c.splits) rows.push(...splitRows(total, split, rng));
  }
  return rows;
}

export interface SeedTrafficOptions {
  /** How many days, ending yesterday (UTC). Default 28. */
  days?: number;
  /** "Now"; default the current time. */
  today?: Date;
  /** The most recent days that get dimension splits (the estimate takes shares from those of its 7-day window). Default 3. */
  splitDays?: number;
  /** Formats to seed; default every format of schemas/ad-formats/. */
  formats?: readonly FormatInput[];
}

/** Rows per INSERT: 10 array parameters, whatever the count. */
const BATCH = 20_000;

async function insertRows(db: Db, rows: readonly TrafficRow[]) {
  for (let start = 0; start < rows.length; start += BATCH) {
    const batch = rows.slice(start, start + BATCH);
    const array = <T>(pick: (r: TrafficRow) => T, quote = false) => `{${batch.map((r) => (quote ? `"${String(pick(r))}"` : String(pick(r)))).join(',')}}`;
    await db.execute(sql`
      insert into traffic_daily (day, ad_format, country_id, dimension, value_id, requests, impressions, clicks, conversions, spend)
      select * from unnest(
        ${array((r) => r.day)}::date[], ${array((r) => r.adFormat, true)}::varchar[], ${array((r) => r.countryId)}::int[],
        ${array((r) => r.dimension, true)}::varchar[], ${array((r) => r.valueId)}::int[], ${array((r) => r.requests)}::bigint[],
        ${array((r) => r.impressions)}::bigint[], ${array((r) => r.clicks)}::bigint[], ${array((r) => r.conversions)}::bigint[],
        ${array((r) => unitsToDecimal(r.spend))}::numeric[])
      on conflict do nothing`);
  }
}

/** Dimensions written under other names before they took their target's or statistics' name (dimensions.ts). */
const RENAMED: Record<string, Dimension> = { os: 'operating_system', platform: 'traffic_platform', connection: 'connection_type' };

/**
 * Renames the dimensions of rows a demo database got before RENAMED, so its recent splits keep narrowing the
 * estimate; nothing to do (and one quick scan) on every later start. The demo simulator is the table's only
 * writer, so its seed is where its rows are brought along.
 */
async function renameOldDimensions(db: Db): Promise<void> {
  const old = Object.keys(RENAMED);
  const cases = sql.join(old.map((name) => sql`when ${name} then ${RENAMED[name]}`), sql` `);
  await db.execute(sql`
    update traffic_daily set dimension = case dimension ${cases} end
    where dimension in (${sql.join(old.map((name) => sql`${name}`), sql`, `)})`);
  forgetTrafficWindows(db);
}

/**
 * Seeds `traffic_daily` for the last `days` days ending yesterday, for every format, and returns how many rows
 * it wrote. Idempotent: a (format, day) that already has rows is left alone, so a restart writes nothing and a
 * start on a later day adds only the new days (recent days get their splits then, as they are the recent ones).
 * One transaction; concurrent starts on one PostgreSQL collide harmlessly (`on conflict do nothing`).
 */
export async function seedTraffic(db: Db, options: SeedTrafficOptions = {}): Promise<{ rows: number; days: number }> {
  const { days = 28, today = new Date(), splitDays = 3 } = options;
  await renameOldDimensions(db);
  const formats = options.formats ?? [...loadAdFormats().values()].map((f) => ({ id: f.id, targets: f.targets }));
  const range = trafficDays(days, today);
  const splitFrom = range[Math.max(0, range.length - splitDays)];
  const existing = (await db.execute(sql`
    select ad_format, day::text as day from traffic_daily
    where dimension = ${ALL} and day between ${range[0]} and ${range[range.length - 1]}
    group by ad_format, day`)) as unknown as { rows: { ad_format: string; day: string }[] };
  const have = new Set(existing.rows.map((r) => `${r.ad_format}\u0000${r.day}`));
  const rows: TrafficRow[] = [];
  const missingDays = new Set<string>();
  for (const format of formats) {
    for (const day of range) {
      if (have.has(`${format.id}\u0000${day}`)) continue;
      missingDays.add(day);
      rows.push(...trafficForDay(format, day, splitDays > 0 && day >= splitFrom));
    }
  }
  // In primary-key order: appending to the index is several times faster than inserting all over it.
  rows.sort((a, b) => (a.adFormat < b.adFormat ? -1 : a.adFormat > b.adFormat ? 1 : 0) || (a.dimension < b.dimension ? -1 : a.dimension > b.dimension ? 1 : 0) || a.countryId - b.countryId || a.valueId - b.valueId || (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
  if (rows.length) {
    await db.transaction(async (tx) => insertRows(tx as unknown as Db, rows));
    // Fresh statistics, so the planner reads the estimate's key ranges by index from the first request.
    await db.execute(sql`analyze traffic_daily`);
    forgetTrafficWindows(db);
  }
  return { rows: rows.length, days: missingDays.size };
}

/**
 * Replaces the whole table with freshly generated days (`npm run seed:stats -- --traffic`): after
 * formatProfiles.json or the traffic model changed, which seedTraffic alone applies to new days only.
 */
export async function reseedTraffic(db: Db, options: SeedTrafficOptions = {}): Promise<{ rows: number; days: number }> {
  await db.execute(sql`delete from traffic_daily`);
  return seedTraffic(db, options);
}
