import type { NetworkConfig } from '../config/networkConfig';
import { NOTIFICATION_GROUPS } from '../services/notificationTypes';
import { countries } from '../reference/countries';
import { trafficTypes } from '../reference/curated/lists';
import type { AdFormatInfo, GlobalSettings } from '../../generated/types';
import { paymentMethods } from './paymentMethods';
import { MINIMUM_LIMITS, MINIMUM_PRICES, smartBiddingFor, UPDATING_RULES } from './campaignRules';

/** The five pricing models of the product (stable ids; the name is what the panel shows). */
export const PRICING_MODELS = [
  { id: 'cpc', name: 'CPC' },
  { id: 'cpm', name: 'CPM' },
  { id: 'cpa', name: 'CPA' },
  { id: 'cpm_goal', name: 'CPM GOAL' },
  { id: 'cpc_goal', name: 'CPC GOAL' },
];

/** Country tiers as the industry prices them (by ISO alpha-2), resolved to country ids. */
export const TIERS: [number, string, string[]][] = [
  [1, 'Tier 1', ['US', 'CA', 'GB', 'AU', 'NZ', 'DE', 'FR', 'NL', 'SE', 'NO', 'DK', 'CH', 'AT', 'IE', 'FI', 'BE']],
  [2, 'Tier 2', ['ES', 'IT', 'PT', 'PL', 'CZ', 'JP', 'KR', 'SG', 'AE', 'SA', 'IL', 'GR', 'HU', 'SK', 'SI', 'EE']],
  [3, 'Tier 3', ['BR', 'MX', 'AR', 'CL', 'CO', 'PE', 'RU', 'UA', 'KZ', 'TR', 'IN', 'ID', 'PH', 'TH', 'VN', 'MY', 'EG', 'NG', 'ZA', 'KE', 'PK', 'BD', 'MA']],
];

export type CountryTier = GlobalSettings['flat_deal']['tiers'][number];
export type CountryGroup = GlobalSettings['flat_deal']['country_groups'][number];

let resolvedTiers: CountryTier[] | undefined;
/** The country tiers with their country ids. */
export function countryTiers(): CountryTier[] {
  if (resolvedTiers) return resolvedTiers;
  const iso2ToId = new Map(countries().map((c) => [c.iso2, c.id]));
  return (resolvedTiers = TIERS.map(([id, name, codes]) => ({ id, name, country_ids: codes.map((c) => iso2ToId.get(c)).filter((x) => x !== undefined) })));
}

/** The traffic types flat deals are sold for (mainstream and adult). */
export const FLAT_DEAL_TRAFFIC_TYPE_IDS = trafficTypes.filter((t) => ['mainstream', 'adult'].includes(t.code)).map((t) => t.id);

/** The flat deal country groups of these formats: one per tier of each format sold as a `country-group` package. */
export function flatDealCountryGroups(formats: readonly AdFormatInfo[]): CountryGroup[] {
  return formats
    .filter((f) => f.flat_deal?.includes('country-group'))
    .flatMap((f) => countryTiers().map((t) => ({ id: `${f.id}-${t.id}`, name: `${f.name} ${t.name}`, ad_format_id: f.id, country_ids: t.country_ids })));
}

/**
 * Upload limits, the one place routes and the panel read them from (`GET settings` → `media_limits`): image sizes
 * in KB, video, package and document sizes in MB (1 KB = 1024 bytes); a package's file count, unpacked size and the
 * largest compression ratio one of its files may have (a zip bomb compresses far better than any banner).
 */
export const MEDIA_LIMITS = Object.freeze({
  jpeg_kb: 300,
  png_kb: 300,
  gif_kb: 500,
  webp_kb: 300,
  mp4_mb: 30,
  zip_mb: 5,
  document_mb: 10,
  zip_entries: 100,
  zip_uncompressed_mb: 20,
  zip_max_ratio: 100,
  image_max_side_px: 10000,
});

/** The shape of MEDIA_LIMITS. */
export type MediaLimits = typeof MEDIA_LIMITS;

/**
 * `GET settings` (schemas/shell/global-settings.answer.schema.json): the product-wide constants the panel needs, as
 * the server decides them. Money values are decimal strings. `client_ad_formats` are the formats this network sells.
 */
export function globalSettings(network: NetworkConfig, formats: Map<string, AdFormatInfo>, now = new Date()): GlobalSettings {
  const tiers = countryTiers();
  const clientFormats = network.adFormats.map((id) => formats.get(id)).filter((f): f is AdFormatInfo => !!f);
  const currency = network.settings.payments?.currency ?? 'USD';
  return {
    server_time: now.toISOString(),
    server_timezone: 'UTC',
    client_ad_formats: clientFormats,
    pricing_models: PRICING_MODELS,
    ad_types: [
      { id: 'banner', name: 'Banner', creative_types: ['image', 'html', 'script'] },
      { id: 'in-stream', name: 'In-Stream', creative_types: ['video', 'vast'] },
      { id: 'interstitial', name: 'Interstitial', creative_types: ['image', 'html'] },
    ],
    limit_types: ['money', 'impressions', 'clicks'],
    limit_periods: ['hourly', 'daily', 'total'],
    limit_types_by_pricing_model: {
      cpc: ['money', 'clicks'],
      cpm: ['money', 'impressions'],
      cpa: ['money'],
      cpm_goal: ['money', 'impressions'],
      cpc_goal: ['money', 'clicks'],
    },
    minimum_limits: MINIMUM_LIMITS,
    minimum_prices: MINIMUM_PRICES,
    minimum_add_funds_amount: currency === 'USD' ? '50.00' : '45.00',
    currency,
    default_uniques: { cap: 1, ttl: 24, ttl_unit: 'hours' },
    uniques_ttl_options: [1, 6, 12, 24, 48, 72, 168],
    in_stream_skip_time_options: [0, 5, 10, 15, 20, 30],
    default_skip_time: 5,
    default_creative_priority: 100,
    rotation_types: [
      { id: 'smart', name: 'On' },
      { id: 'random', name: 'Off' },
    ],
    media_size_limits: {
      image_jpeg_kb: MEDIA_LIMITS.jpeg_kb,
      image_png_kb: MEDIA_LIMITS.png_kb,
      image_gif_kb: MEDIA_LIMITS.gif_kb,
      video_mp4_mb: MEDIA_LIMITS.mp4_mb,
      zip_mb: MEDIA_LIMITS.zip_mb,
    },
    media_limits: MEDIA_LIMITS,
    campaign_updating_rules: UPDATING_RULES,
    direct_link_icons: [
      { id: 'arrow', name: 'Arrow' },
      { id: 'download', name: 'Download' },
      { id: 'play', name: 'Play' },
      { id: 'gift', name: 'Gift' },
      { id: 'star', name: 'Star' },
      { id: 'fire', name: 'Fire' },
    ],
    placement_types: [
      { id: 1, name: 'Above the fold' },
      { id: 2, name: 'Below the fold' },
      { id: 3, name: 'In-content' },
      { id: 4, name: 'Sidebar' },
      { id: 5, name: 'Footer' },
      { id: 6, name: 'Full screen' },
    ],
    smart_bidding: Object.fromEntries(clientFormats.map((f) => [f.id, smartBiddingFor(f)])),
    // Which formats are flat deals, and which also come as country-tier packages, is each manifest's `flatDeal`.
    flat_deal: {
      ad_format_ids: clientFormats.filter((f) => f.flat_deal?.length).map((f) => f.id),
      tiers,
      country_groups: flatDealCountryGroups(clientFormats),
      traffic_type_ids: FLAT_DEAL_TRAFFIC_TYPE_IDS,
      application_limit_types: ['impressions', 'clicks', 'days'],
      default_limit_type: 'impressions',
      value_key: 'limit_value',
    },
    traffic_chart_pricing_models: ['cpc', 'cpm'],
    traffic_qualities: [
      { id: 'medium', name: 'Medium' },
      { id: 'high', name: 'High' },
    ],
    traffic_provider: {
      method_types: ['xml', 'rtb'],
      pricing_types: ['cpm', 'cpc', 'revshare'],
      vertical_types: ['mainstream', 'adult', 'gambling', 'crypto'],
    },
    payment_methods: paymentMethods(network),
    card_verification_required: network.settings.payments?.cardVerificationRequired ?? false,
    two_factor_methods: ['email', 'google'],
    notification_categories: Object.keys(NOTIFICATION_GROUPS),
    notification_groups: NOTIFICATION_GROUPS,
    table_page_sizes: [15, 25, 50, -1],
    max_sessions: 50,
  };
}
