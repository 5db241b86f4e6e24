import { MINIMUM_PRICES } from '../../server/settings/campaignRules';
import type { CountryTraffic, TrafficEstimate } from '../../generated/types';
import { countries, type Country } from '../fixtures/geo';

/**
 * A made-up but deterministic traffic estimate for the stories (`POST available-traffic` and
 * `POST available-traffic-by-country`), shaped like the server's (server/areas/traffic/estimate.ts) and
 * following the request the way the real one does, so the panel beside a story's form moves as targets change:
 * - every format has a daily volume spread over the countries (big markets weigh more); the country target keeps
 *   its countries, or all others when it excludes them (more excluded, fewer impressions);
 * - operating systems, connection type and other list targets (languages, browsers, vendors, …) narrow by fixed
 *   shares; targets without such a share (regions, sites, uniques, subscription age, …) are listed as not counted;
 * - each pricing model has a reference price per country (by tier and format); a price wins a country's
 *   impressions on p⁴ / (p⁴ + ref⁴), and the recommended price wins 75 % (never under the model's minimum).
 */

/** The request body of both calls (src/areas/campaigns/useTrafficEstimate.ts). */
export interface EstimateRequest {
  ad_format_id?: string;
  pricing_model?: string;
  price?: string;
  targets?: Record<string, Record<string, unknown> | undefined>;
}

/** A small stable hash (FNV-1a) for the figures of formats and countries no table names. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** Impressions per day of a format over every country. */
const VOLUME: Record<string, number> = {
  popunder: 18_000_000,
  banner: 42_000_000,
  'in-stream': 6_000_000,
  native: 25_000_000,
  'web-push': 9_000_000,
  'notification-widget': 7_000_000,
  gallery: 3_000_000,
  'direct-link': 12_000_000,
  interstitial: 8_000_000,
  'in-page': 14_000_000,
  'ios-calendar': 800_000,
};
const volumeOf = (format: string) => VOLUME[format] ?? 2_000_000 + (hash(format) % 8_000_000);

/** Clicks per impression of a format. */
const CTR: Record<string, number> = { popunder: 0.004, banner: 0.0015, 'in-stream': 0.008, native: 0.006, 'web-push': 0.012, 'notification-widget': 0.01, gallery: 0.005, 'direct-link': 0.03, interstitial: 0.009, 'in-page': 0.009, 'ios-calendar': 0.02 };
const ctrOf = (format: string) => CTR[format] ?? 0.005;
/** Conversions per click. */
const CONVERSION_RATE = 0.04;

/** Share of the traffic of the biggest markets (the rest get 1 to 8 each). */
const MARKET: Record<string, number> = {
  US: 120, IN: 90, BR: 60, ID: 50, DE: 42, GB: 40, FR: 36, RU: 34, MX: 32, JP: 30, PH: 26, TR: 25, VN: 24, TH: 22, IT: 22, ES: 21,
  PL: 18, CA: 18, KR: 16, EG: 15, PK: 15, NG: 14, AR: 14, CO: 13, UA: 12, NL: 12, AU: 12, BD: 12, MY: 11, ZA: 10, SA: 10,
};
const weightOf = (c: Country) => MARKET[c.iso_code_2] ?? 1 + (hash(c.iso_code_2) % 8);
const TOTAL_WEIGHT = countries.reduce((sum, c) => sum + weightOf(c), 0);

/** Price level of a country against tier 1 (the tiers of server/settings/globalSettings.ts). */
const TIER_1 = new Set(['US', 'CA', 'GB', 'AU', 'NZ', 'DE', 'FR', 'NL', 'SE', 'NO', 'DK', 'CH', 'AT', 'IE', 'FI', 'BE']);
const TIER_2 = new Set(['ES', 'IT', 'PT', 'PL', 'CZ', 'JP', 'KR', 'SG', 'AE', 'SA', 'IL', 'GR', 'HU', 'SK', 'SI', 'EE']);
const TIER_3 = new Set(['BR', 'MX', 'AR', 'CL', 'CO', 'PE', 'RU', 'UA', 'KZ', 'TR', 'IN', 'ID', 'PH', 'TH', 'VN', 'MY', 'EG', 'NG', 'ZA', 'KE', 'PK', 'BD', 'MA']);
const tierLevel = (iso: string) => (TIER_1.has(iso) ? 1 : TIER_2.has(iso) ? 0.55 : TIER_3.has(iso) ? 0.25 : 0.12);

/** What tier-1 traffic of an average format goes for, per pricing model unit. */
const REFERENCE_PRICE: Record<string, number> = { cpm: 2.4, cpc: 0.12, cpa: 9, cpm_goal: 2, cpc_goal: 0.1 };
/** A format's prices against the average: 0.6 to 1.4. */
const formatLevel = (format: string) => 0.6 + (hash(`price:${format}`) % 81) / 100;

const WIN_STEEPNESS = 4;
/** The price that wins 75 %: ref · 3^(1/4). */
const RECOMMENDED_FACTOR = 3 ** (1 / WIN_STEEPNESS);
const winRate = (price: number, reference: number) => (price <= 0 ? 0 : price ** WIN_STEEPNESS / (price ** WIN_STEEPNESS + reference ** WIN_STEEPNESS));

/** Share of the traffic per operating system id (the server's list: Android, iOS, iPadOS, Windows, macOS, …). */
const OS_SHARE: Record<number, number> = { 1: 0.46, 2: 0.22, 3: 0.03, 4: 0.19, 5: 0.05, 6: 0.01, 7: 0.005, 8: 0.01 };
/** Share of the traffic per connection type. */
const CONNECTION_SHARE: Record<string, number> = { all: 1, wifi: 0.58, accept: 0.42 };
/** Share of the traffic per IP version choice. */
const IPV6_SHARE: Record<string, number> = { all: 1, only: 0.31, exclude: 0.69 };
/** List targets narrowed by a flat share per chosen value (the list field of each). */
const LIST_TARGETS: Record<string, string> = {
  language: 'languages',
  'traffic-type': 'traffic_types',
  browser: 'browsers',
  'device-vendor': 'vendors',
  'device-model': 'models',
  carrier: 'carriers',
  'ip2location-type': 'types',
  'campaign-traffic-platform': 'platforms',
  'placement-type': 'placement_types',
  category: 'categories',
  'category-group': 'category_groups',
  interest: 'interests',
};
/** Targets handled above, or that never narrow the volume (pacing spreads the same traffic over the day). */
const NEUTRAL = new Set(['country', 'operating-system', 'connection-type', 'ipv6', 'throttle']);

type Value = Record<string, unknown> | undefined;
const listOf = (value: Value, field: string): unknown[] => (Array.isArray(value?.[field]) ? (value[field] as unknown[]) : []);
const accepts = (value: Value) => value?.accept !== false;
const clamp01 = (x: number) => Math.min(1, Math.max(0, x));

/** Whether a target without a share restricts anything, so the panel says it was not counted (the server's `restricts`). */
function restricts(id: string, value: Value): boolean {
  if (!value) return false;
  switch (id) {
    case 'uniques':
      return value.accept !== false;
    case 'in-page-traffic':
      return value.accept === false;
    case 'traffic-provider':
      return value.enable_main_provider === false || listOf(value, 'selected').length > 0;
    case 'traffic-quality':
      return listOf(value, 'qualities').length === 1;
    case 'site':
      return listOf(value, 'sites').length > 0 || (typeof value.domains === 'string' && value.domains !== '') || value.premium === true || value.marketplace === true || value.tubecorp === true || value.is_new === false;
    case 'web-push-subscription-time':
      return typeof value.min_days === 'number' || typeof value.max_days === 'number';
    default:
      // Any list or text with something in it (regions, cities, apps, spots, IP ranges, new targets).
      return Object.values(value).some((v) => (Array.isArray(v) && v.length > 0) || (typeof v === 'string' && v !== '' && v !== 'all'));
  }
}

interface Plan {
  /** Countries kept. */
  countries: Country[];
  /** The volume factor of every other target together. */
  factor: number;
  unnarrowed: string[];
}

function plan(targets: Record<string, Value>): Plan {
  const country = targets.country;
  const chosen = new Set(listOf(country, 'countries').map(Number));
  const kept = chosen.size === 0 ? countries : countries.filter((c) => chosen.has(c.id) === accepts(country));

  let factor = 1;
  const os = targets['operating-system'];
  const osIds = listOf(os, 'operating_systems').map(Number);
  if (osIds.length) {
    const share = clamp01(osIds.reduce((sum, id) => sum + (OS_SHARE[id] ?? 0.004), 0));
    factor *= accepts(os) ? share : 1 - share;
  }
  factor *= CONNECTION_SHARE[String(targets['connection-type']?.type ?? 'all')] ?? 1;
  factor *= IPV6_SHARE[String(targets.ipv6?.type ?? 'all')] ?? 1;

  const unnarrowed: string[] = [];
  for (const [id, value] of Object.entries(targets)) {
    if (NEUTRAL.has(id)) continue;
    const field = LIST_TARGETS[id];
    const values = field ? listOf(value, field) : [];
    if (field && values.length) factor *= accepts(value) ? Math.min(1, 0.12 * values.length) : Math.max(0.05, 1 - 0.06 * values.length);
    else if (!field && restricts(id, value)) unnarrowed.push(id);
  }
  return { countries: kept, factor: clamp01(factor), unnarrowed };
}

const money = (x: number) => x.toFixed(4);
/** A fraction as the server rounds it (4 places). */
const rate = (x: number) => Number(x.toFixed(4));

interface Row {
  country: Country;
  available: number;
  reference: number;
}

/** The answers of both calls for one request. */
export function estimate(body: EstimateRequest): { total: TrafficEstimate; byCountry: CountryTraffic[] } {
  const format = String(body.ad_format_id ?? '');
  const model = body.pricing_model && REFERENCE_PRICE[body.pricing_model] ? body.pricing_model : 'cpm';
  const minimum = Number(MINIMUM_PRICES[model] ?? 0);
  const { countries: kept, factor, unnarrowed } = plan(body.targets ?? {});
  const volume = volumeOf(format);
  const ctr = ctrOf(format);
  const rows: Row[] = kept.map((country) => ({
    country,
    available: (volume * weightOf(country)) / TOTAL_WEIGHT * factor,
    reference: Math.max(minimum, REFERENCE_PRICE[model] * tierLevel(country.iso_code_2) * formatLevel(format)),
  }));
  const available = rows.reduce((sum, r) => sum + r.available, 0);
  const recommendedOf = (r: Row) => Math.max(minimum, r.reference * RECOMMENDED_FACTOR);
  const recommended = available > 0 ? Math.max(minimum, rows.reduce((sum, r) => sum + recommendedOf(r) * r.available, 0) / available) : minimum;
  const asked = Number(body.price);
  const price = Number.isFinite(asked) && asked > 0 ? asked : recommended;

  /** What the matching traffic costs advertisers per thousand impressions, per click and per conversion. */
  const effective = (r: Row) => {
    const perMille = model.startsWith('cpm') ? r.reference : model === 'cpa' ? r.reference * ctr * CONVERSION_RATE * 1000 : r.reference * ctr * 1000;
    const perClick = perMille / 1000 / ctr;
    return { effective_cpm: money(perMille), effective_cpc: money(perClick), effective_cpa: money(perClick / CONVERSION_RATE) };
  };
  const figures = (r: Row) => {
    const won = winRate(price, r.reference);
    const impressions = r.available * won;
    const clicks = impressions * ctr;
    const conversions = clicks * CONVERSION_RATE;
    const spend = model.startsWith('cpm') ? (impressions / 1000) * price : model === 'cpa' ? conversions * price : clicks * price;
    return { won, impressions, clicks, conversions, spend };
  };
  const perCountry = rows.map((r) => ({ r, f: figures(r) }));
  const sum = (pick: (f: ReturnType<typeof figures>) => number) => perCountry.reduce((s, { f }) => s + pick(f), 0);
  const impressions = sum((f) => f.impressions);
  const clicks = sum((f) => f.clicks);

  // The whole traffic's effective prices: each country's weighted by its available impressions.
  const effectiveOfAll = () => {
    const mean = (pick: (e: ReturnType<typeof effective>) => string) => money(rows.reduce((s, r) => s + Number(pick(effective(r))) * r.available, 0) / available);
    return { effective_cpm: mean((e) => e.effective_cpm), effective_cpc: mean((e) => e.effective_cpc), effective_cpa: mean((e) => e.effective_cpa) };
  };
  const total: TrafficEstimate = {
    ad_format_id: format,
    pricing_model: model,
    price: money(price),
    minimum_price: money(minimum),
    requests: Math.round(available * 1.35),
    available_impressions: Math.round(available),
    impressions: Math.round(impressions),
    clicks: Math.round(clicks),
    conversions: Math.round(sum((f) => f.conversions)),
    spend: money(sum((f) => f.spend)),
    ctr,
    ...(available > 0 ? effectiveOfAll() : { effective_cpm: null, effective_cpc: null, effective_cpa: null }),
    recommended_price: money(recommended),
    win_rate_at_price: available > 0 ? rate(impressions / available) : 0,
    countries: rows.filter((r) => r.available >= 0.5).length,
    days: 7,
    unnarrowed_targets: unnarrowed,
    approximate_targets: [],
    ignored_targets: [],
  };
  const byCountry: CountryTraffic[] = perCountry
    .filter(({ r }) => r.available >= 0.5)
    .sort((a, b) => b.f.impressions - a.f.impressions || a.r.country.name.localeCompare(b.r.country.name))
    .map(({ r, f }) => ({
      country_id: r.country.id,
      iso2: r.country.iso_code_2,
      name: r.country.name,
      requests: Math.round(r.available * 1.35),
      available_impressions: Math.round(r.available),
      impressions: Math.round(f.impressions),
      clicks: Math.round(f.clicks),
      conversions: Math.round(f.conversions),
      spend: money(f.spend),
      ctr,
      ...effective(r),
      recommended_price: money(recommendedOf(r)),
      win_rate_at_price: rate(f.won),
    }));
  return { total, byCountry };
}
