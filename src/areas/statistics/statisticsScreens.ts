import type { ColumnSet } from '../../../generated/types';

type StatisticsScreen = NonNullable<ColumnSet['source']>['screen'];
import type { CampaignStatisticsQuery, CompareSeriesQuery, SupplyStatisticsQuery } from '../../../generated/types';

/** The filters a statistics screen may offer besides the date range. */
export type ListFilter = 'campaigns' | 'ads' | 'formats' | 'statuses' | 'ssps';

/** A field of the report form that an error can stand beside: the filters, the grouping, or the form as a whole. */
export type ReportField = 'start' | 'end' | 'group' | ListFilter | 'form';

/** The screens this report serves. */
export type ReportScreen = Extract<StatisticsScreen, 'campaign-statistics' | 'ssp-statistics' | 'rtb-statistics' | 'feed-statistics'>;

/**
 * The server's name of each report field in the query of a call (schemas/statistics/*-statistics.query.schema.json): a
 * parameter the query schema does not have fails the typecheck.
 */
export type QueryParams<Query> = { start: keyof Query; end: keyof Query; group: keyof Query } & Partial<Record<ListFilter, keyof Query>>;

/** How one statistics screen talks to its API: the call, its parameter names and the filters and metrics it offers. */
export interface StatisticsScreenConfig {
  screen: ReportScreen;
  /** The API path (relative to the private API base). */
  endpoint: string;
  /** The list filters shown, in order. */
  filters: readonly ListFilter[];
  /** The server's name of each parameter (`start_date` on one screen, `start` on another). */
  params: QueryParams<CampaignStatisticsQuery> | QueryParams<SupplyStatisticsQuery>;
  /** The metrics the chart offers, in selector order (those the answer's series carries). */
  metrics: readonly string[];
  /** A metric named after another column on this screen (the series' `cost` is what the SSP tables call `spend`). */
  metricColumns?: Readonly<Record<string, string>>;
  /** Only supply side platforms of this method are offered (RTB statistics). */
  sspMethod?: 'rtb' | 'xml';
  /**
   * The call answering the chart's compare mode (the top rows of the grouping, one series each;
   * schemas/statistics/compare-series.query.schema.json): the screen offers the mode only when it has one.
   */
  compareEndpoint?: string;
}

const CAMPAIGN_METRICS: CompareSeriesQuery['metric'][] = ['cost', 'impressions', 'clicks', 'ctr', 'conversions', 'video_views', 'payouts'];
const SUPPLY_METRICS = ['cost', 'requests', 'bids', 'wins', 'win_rate', 'impressions', 'clicks'];

/** A supply screen (SSP, RTB, feeds): the same call shape, filters and metrics, over one provider method or all. */
function supplyScreen(screen: ReportScreen, endpoint: string, sspMethod?: 'rtb' | 'xml'): StatisticsScreenConfig {
  return {
    screen,
    endpoint,
    filters: ['ssps'],
    params: { start: 'start', end: 'end', group: 'groupBy', ssps: 'supplySidePlatforms' } satisfies QueryParams<SupplyStatisticsQuery>,
    metrics: SUPPLY_METRICS,
    metricColumns: { cost: 'spend' },
    ...(sspMethod ? { sspMethod } : {}),
  };
}

/** The statistics screens as data: a page picks its entry and the generic report does the rest. */
export const STATISTICS_SCREENS: Record<ReportScreen, StatisticsScreenConfig> = {
  'campaign-statistics': {
    screen: 'campaign-statistics',
    endpoint: 'campaign-statistics',
    filters: ['campaigns', 'ads', 'formats', 'statuses'],
    params: { start: 'start_date', end: 'end_date', group: 'group', campaigns: 'campaigns', ads: 'ads', formats: 'ad_formats', statuses: 'statuses' } satisfies QueryParams<CampaignStatisticsQuery>,
    metrics: CAMPAIGN_METRICS satisfies readonly CompareSeriesQuery['metric'][],
    compareEndpoint: 'campaign-statistics/compare',
  },
  'ssp-statistics': supplyScreen('ssp-statistics', 'supply-side-platforms/statistics'),
  'rtb-statistics': supplyScreen('rtb-statistics', 'rtb-statistics', 'rtb'),
  'feed-statistics': supplyScreen('feed-statistics', 'feeds/statistics', 'xml'),
};

/** The route whose title a screen's heading shows (`shell.route.<id>`). */
export const SCREEN_ROUTES: Record<ReportScreen, string> = {
  'campaign-statistics': 'campaignStatistics',
  'ssp-statistics': 'sspStatistics',
  'rtb-statistics': 'rtbStatistics',
  'feed-statistics': 'feedStatistics',
};

/** Campaign statuses the campaign statistics filter by. */
export const CAMPAIGN_STATUSES = ['active', 'paused', 'archived'] as const;

/**
 * The report field a server error key belongs to (`start_date` → start, `campaigns.0` → campaigns); keys it
 * does not know belong to the form as a whole.
 */
export function fieldOfParam(config: StatisticsScreenConfig, key: string): ReportField {
  const base = key.replace(/\[\]$/, '').split(/[.[]/)[0];
  for (const [field, name] of Object.entries(config.params)) if (name === base) return field as ReportField;
  return 'form';
}
