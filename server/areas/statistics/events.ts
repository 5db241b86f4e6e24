/**
 * What the ad server logs (`stat_events.kind`) and how each kind counts in the statistics. Requests and bids are
 * logged sampled (one line per `weight` events), as ad servers do for the high-volume kinds; every other kind is
 * one line per event. The rollups sum `weight`, so a sampled line counts as the events it stands for.
 */
export const EVENT_KIND = {
  /** The campaign was asked to bid (the request matched its targets). */
  request: 1,
  /** It bid. */
  bid: 2,
  /** It won the auction. */
  win: 3,
  /** The ad was shown (a won auction can fail to render). CPM campaigns pay here. */
  impression: 4,
  /** CPC campaigns pay here. */
  click: 5,
  /** An in-stream video played to the end. */
  video_view: 6,
  /** The advertiser's postback reported a conversion, with its payout. CPA campaigns pay here. */
  conversion: 7,
} as const;

export type EventKind = keyof typeof EVENT_KIND;

/**
 * One event line, as `stat_events` stores it (cost in millionths, payout in ten-thousandths). Fields carry the
 * dimension names of DAILY_DIMENSIONS; the columns of the two that differ keep their older names (os_id,
 * platform_id) until a migration renames them.
 */
export interface EventRow {
  occurredAt: number;
  userId: number;
  campaignId: number;
  creativeId: number;
  kind: number;
  weight: number;
  providerId: number;
  countryId: number;
  browserId: number;
  /** operating_system (column os_id): ids of collections/operating-systems. */
  operatingSystemId: number;
  carrierId: number;
  /** traffic_platform (column platform_id): ids of collections/campaign-traffic-platforms. */
  trafficPlatformId: number;
  siteId: number;
  spotId: number;
  costMicros: number;
  payoutUnits: number;
}

/** The kinds logged sampled, and the sample: one line per this many events. */
export const SAMPLE_WEIGHT: Partial<Record<EventKind, number>> = { request: 20, bid: 10 };

/** The rollup metric columns, each the sum of the weights of one kind (cost and payouts are summed money). */
export const COUNT_METRICS = ['requests', 'bids', 'wins', 'impressions', 'clicks', 'video_views', 'conversions'] as const;

/** The rollup column of each kind. */
export const KIND_METRIC: Record<EventKind, (typeof COUNT_METRICS)[number]> = {
  request: 'requests',
  bid: 'bids',
  win: 'wins',
  impression: 'impressions',
  click: 'clicks',
  video_view: 'video_views',
  conversion: 'conversions',
};

/**
 * The `stat_daily` row of a campaign-day's totals (`value_id` 0): the date and campaign groupings and every
 * series read it when no provider filter applies, a few rows per day instead of the hourly split.
 */
export const ALL_DIMENSION = 'all';

/**
 * The traffic dimensions of `stat_daily` and the event column each one reads. A grouping of schemas/statistics
 * whose `source.groupBy` is one of these reads `stat_daily`.
 */
export const DAILY_DIMENSIONS = {
  country: 'country_id',
  browser: 'browser_id',
  operating_system: 'os_id',
  carrier: 'carrier_id',
  traffic_platform: 'platform_id',
  site: 'site_id',
  spot: 'spot_id',
  traffic_provider: 'provider_id',
} as const;

export type DailyDimension = keyof typeof DAILY_DIMENSIONS;

export const isDailyDimension = (groupBy: string): groupBy is DailyDimension => Object.hasOwn(DAILY_DIMENSIONS, groupBy);
