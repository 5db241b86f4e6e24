/**
 * The demo network's flat deals, drawn deterministically from its marketplace sites and the ad formats it sells:
 * a deal per marketplace site for each format it sells as a `site` flat deal, and a package per country tier and
 * traffic type for each format sold as a `country-group` one. Each deal is drawn from its own seed (its key), so a
 * deal never changes when sites or formats are added; rates follow the format's tier-1 CPM (formatProfiles.json),
 * the tier, the site's standing and its traffic.
 */
import { formatDecimal, parseDecimal, roundDecimal } from '../../engine/format/decimal';
import type { AdFormatInfo, Site } from '../../generated/types';
import { isPriced, priceOf } from '../areas/marketplace/pricing';
import type { DealLimit, LimitType, VolumeDiscount } from '../areas/marketplace/tables';
import { countryTiers, FLAT_DEAL_TRAFFIC_TYPE_IDS, flatDealCountryGroups } from '../settings/globalSettings';
import { formatProfile } from './formatProfiles';
import { SeededRandom } from './seededRandom';

/** A deal as the seed inserts it (the marketplace's flat_deals row without its id and time). */
export interface FlatDealDraft {
  key: string;
  kind: 'site' | 'country-group';
  siteId: number | null;
  name: string;
  adFormatId: string;
  countryGroupId: string | null;
  countryIds: number[];
  tierId: number;
  trafficTypeId: number;
  limitType: LimitType;
  limitValue: number;
  price: string;
  limits: DealLimit[];
  volumeDiscounts: VolumeDiscount[];
  leadDays: number;
  maxDays: number;
  totalVisits: number | null;
  status: 'available' | 'sold_out';
}

/** Price factor of each tier against tier 1. */
const TIER_FACTOR: Record<number, number> = { 1: 1, 2: 0.55, 3: 0.3 };
/** Formats whose buyers also buy clicks (a popunder's every impression is a visit: no clicks to count). */
const CLICK_FORMATS = new Set(['banner', 'native', 'in-page']);
/** Share of a site's page views a format's deal may take. */
const SHARE_OF_VIEWS = 0.25;

/** `n` to two significant digits (120,000 rather than 123,456): the round sizes packages are sold in. */
export function roundSize(n: number): number {
  if (n < 100) return Math.max(1, Math.round(n));
  const step = 10 ** (Math.floor(Math.log10(n)) - 1);
  return Math.round(n / step) * step;
}

const money4 = (n: number) => formatDecimal(roundDecimal(parseDecimal(n.toFixed(6)), 2), 4);

function tierOf(countryIds: readonly number[]): number {
  const tiers = countryTiers();
  const found = countryIds.map((c) => tiers.find((t) => t.country_ids.includes(c))?.id ?? 3);
  return found.length ? Math.min(...found) : 3;
}

/** The limits, discounts and listed package of a deal with `daily` impressions to sell at `cpm`. */
function rules(rng: SeededRandom, format: string, cpm: number, daily: number, premium: boolean) {
  const maxDays = rng.pick([30, 60, 90]);
  const ctr = formatProfile(format).ctr;
  const minImpressions = Math.max(10_000, roundSize(daily * 3));
  const maxImpressions = Math.max(minImpressions * 20, roundSize(daily * maxDays));
  const limits: DealLimit[] = [{ limit_type: 'impressions', rate: money4(cpm), per: 1000, min_value: minImpressions, max_value: maxImpressions }];
  if (CLICK_FORMATS.has(format)) {
    const minClicks = Math.max(100, roundSize(minImpressions * ctr));
    limits.push({ limit_type: 'clicks', rate: money4(Math.max(0.01, cpm / (1000 * ctr))), per: 1, min_value: minClicks, max_value: Math.max(minClicks * 20, roundSize(maxImpressions * ctr)) });
  }
  // A period of days is sold a little under its impressions: the buyer takes the risk of a slow week.
  limits.push({ limit_type: 'days', rate: money4(Math.max(1, (cpm * daily * 0.85) / 1000)), per: 1, min_value: 7, max_value: maxDays });
  const volumeDiscounts: VolumeDiscount[] = premium
    ? [{ times_minimum: 10, percent: '3.00' }]
    : [
        { times_minimum: 5, percent: '5.00' },
        { times_minimum: 10, percent: rng.pick(['8.00', '10.00', '12.50']) },
      ];
  const limitValue = roundSize(minImpressions * rng.pick([2, 3, 4]));
  const listed = priceOf({ limits, volumeDiscounts }, 'impressions', limitValue);
  if (!isPriced(listed)) throw new Error(`flat deals: the listed package of a ${format} deal has no price (${String(listed.message)})`);
  return { limits, volumeDiscounts, limitType: 'impressions' as const, limitValue, price: listed.price, maxDays, leadDays: rng.int(1, 5) };
}

function siteDeal(site: Site, format: AdFormatInfo): FlatDealDraft {
  const key = `site:${site.id}:${format.id}`;
  const rng = new SeededRandom(`flat-deal:${key}`);
  const report = site.site_report;
  const countryIds = report.top_countries.slice(0, 3);
  const tierId = tierOf(countryIds);
  const visits = report.total_visits ?? 300_000;
  const daily = (visits / 30) * (report.pages_per_visit ?? 2) * SHARE_OF_VIEWS;
  const cpm = formatProfile(format.id).cpm * TIER_FACTOR[tierId]! * (site.premium ? 1.3 : 1) * (0.9 + rng.next() * 0.35);
  return {
    key,
    kind: 'site',
    siteId: site.id,
    name: site.domain,
    adFormatId: format.id,
    countryGroupId: null,
    countryIds,
    tierId,
    trafficTypeId: site.traffic_type_id,
    totalVisits: report.total_visits,
    status: rng.chance(0.08) ? 'sold_out' : 'available',
    ...rules(rng, format.id, cpm, daily, site.premium),
  };
}

function groupDeals(format: AdFormatInfo): FlatDealDraft[] {
  return flatDealCountryGroups([format]).flatMap((group) =>
    FLAT_DEAL_TRAFFIC_TYPE_IDS.map((trafficTypeId): FlatDealDraft => {
      const key = `group:${group.id}:${trafficTypeId}`;
      const rng = new SeededRandom(`flat-deal:${key}`);
      const tierId = Number(group.id.slice(group.id.lastIndexOf('-') + 1));
      const daily = rng.logUniform(1_000_000, 8_000_000) * (trafficTypeId === 1 ? 1 : 0.4);
      const cpm = formatProfile(format.id).cpm * TIER_FACTOR[tierId]! * 0.8 * (0.9 + rng.next() * 0.2);
      return {
        key,
        kind: 'country-group',
        siteId: null,
        name: group.name,
        adFormatId: format.id,
        countryGroupId: group.id,
        countryIds: group.country_ids,
        tierId,
        trafficTypeId,
        totalVisits: null,
        status: 'available',
        ...rules(rng, format.id, cpm, daily, false),
      };
    }),
  );
}

/**
 * The flat deals of a network selling `formats` over these sites: site deals by site id, then the country groups.
 * The same on every run.
 */
export function generateFlatDeals(sites: readonly Site[], formats: readonly AdFormatInfo[]): FlatDealDraft[] {
  const bySite = formats.filter((f) => f.flat_deal?.includes('site'));
  const deals: FlatDealDraft[] = [];
  for (const site of sites) {
    if (!site.marketplace) continue;
    for (const format of bySite) if (site.ad_formats.includes(format.id)) deals.push(siteDeal(site, format));
  }
  for (const format of formats) deals.push(...groupDeals(format));
  return deals;
}
