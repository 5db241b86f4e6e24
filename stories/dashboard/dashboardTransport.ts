import type { LookupRequest, LookupTransport } from '../../engine/lookup';
import type { Post } from '../../generated/types';
import adnet from '../../network-configs/adnet.json';
import type { HomeSummary, StatisticsDay, WeekSpendDay } from '../../src/areas/dashboard/DashboardStore';
import { STORY_CAMPAIGN_ROWS, STORY_SETTINGS } from '../campaigns/campaignFixtures';
import { createCampaignTransport } from '../campaigns/campaignTransport';
import { answerLater, type FakeAnswer } from '../fixtures/answerLater';

/** What the story's advertiser looks like. */
export type DashboardScenario = 'advertiser' | 'new-user' | 'failures';

export interface DashboardTransportOptions {
  scenario?: DashboardScenario;
  /** Simulated latency of every answer in ms (default 300). */
  latencyMs?: number;
}

/** `GET home` of the advertiser with campaigns (costs 4 decimals, balance 2). */
export const STORY_HOME: HomeSummary = {
  today_cost: '48.1250',
  yesterday_cost: '131.7700',
  current_month_cost: '176.8950',
  previous_month_cost: '3904.2013',
  pending_campaigns_count: 1,
  active_campaigns_count: 5,
  paused_campaigns_count: 2,
  campaigns_total: 8,
  balance: '2480.35',
  reserved_balance: '310.00',
};

/** `GET home` of a user who has just signed up. */
export const NEW_USER_HOME: HomeSummary = {
  ...STORY_HOME,
  today_cost: '0.0000',
  yesterday_cost: '0.0000',
  current_month_cost: '0.0000',
  previous_month_cost: '0.0000',
  pending_campaigns_count: 0,
  active_campaigns_count: 0,
  paused_campaigns_count: 0,
  campaigns_total: 0,
  balance: '100.00',
  reserved_balance: '0.00',
};

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const money4 = (n: number) => n.toFixed(4);

/** A made-up but stable day of statistics: weekdays busier, a slow rise over the range. */
export function statisticsDay(date: string): StatisticsDay {
  const t = Date.parse(`${date}T00:00:00Z`);
  const day = Math.floor(t / DAY_MS);
  const weekday = new Date(t).getUTCDay();
  const base = 120_000 + (day % 7) * 9_000 + (weekday === 0 || weekday === 6 ? -35_000 : 0) + (day % 30) * 1_500;
  const impressions = Math.max(0, base);
  const clicks = Math.round(impressions * (0.011 + (day % 5) * 0.0007));
  const conversions = Math.round(clicks * 0.04);
  const cost = (impressions / 1000) * 1.15;
  return { date, cost: money4(cost), impressions, clicks, video_views: 0, conversions, payouts: money4(conversions * 2.5), ctr: (clicks / impressions).toFixed(4) };
}

/** The advertiser's campaigns (`GET campaigns`). */
export const STORY_CAMPAIGNS = STORY_CAMPAIGN_ROWS;

const SETTINGS = { ...STORY_SETTINGS, traffic_chart_pricing_models: ['cpc', 'cpm'] };

/** The demo network's posts (its config's `posts.items`), as `GET posts` answers them, newest first. */
const POSTS: Post[] = adnet.settings.posts.items
  .map((item) => ({ id: item.id, title: item.title, summary: item.summary, url: item.url, published_at: `${item.publishedAt}T00:00:00.000Z` }))
  .sort((a, b) => b.published_at.localeCompare(a.published_at));

/** The dashboard's calls; undefined for what the campaign stories' transport answers. */
function answer(req: LookupRequest, scenario: DashboardScenario, attempts: Map<string, number>): FakeAnswer | undefined {
  const route = `${req.method} ${req.url.replace(/^\/+/, '').split('?')[0]}`;
  const params = (req.params ?? {}) as Record<string, unknown>;
  const attempt = (attempts.get(route) ?? 0) + 1;
  attempts.set(route, attempt);
  // The failing story: statistics and weekly spend fail once, so their retry shows them.
  const failsNow = scenario === 'failures' && attempt === 1;
  switch (route) {
    case 'GET settings':
      return { body: { data: SETTINGS } };
    case 'GET home':
      return { body: { data: scenario === 'new-user' ? NEW_USER_HOME : STORY_HOME } };
    case 'GET campaign-statistics': {
      if (failsNow) return { fail: '503 Statistics are being recalculated, try again in a minute' };
      const start = Date.parse(`${String(params.start_date)}T00:00:00Z`);
      const end = Date.parse(`${String(params.end_date)}T00:00:00Z`);
      const series: StatisticsDay[] = [];
      if (scenario !== 'new-user') for (let t = start; t <= end; t += DAY_MS) series.push(statisticsDay(isoDay(t)));
      return { body: { data: series, series } };
    }
    case 'GET week-spent': {
      if (failsNow) return { fail: '500 Weekly spend is not available right now' };
      const today = Date.parse(SETTINGS.server_time.slice(0, 10) + 'T00:00:00Z');
      const days: WeekSpendDay[] = Array.from({ length: 7 }, (_, i) => {
        const date = isoDay(today - (6 - i) * DAY_MS);
        return { date, money: scenario === 'new-user' ? '0.0000' : String(statisticsDay(date).cost) };
      });
      return { body: { data: days } };
    }
    case 'GET campaigns': {
      const rows = scenario === 'new-user' ? [] : STORY_CAMPAIGNS;
      const perPage = Number(params.per_page ?? 15);
      const page = Number(params.page ?? 1);
      const shown = perPage === -1 ? rows : rows.slice((page - 1) * perPage, page * perPage);
      return { body: { data: shown, recordsTotal: rows.length, recordsFiltered: rows.length } };
    }
    case 'GET posts':
      return { body: { data: scenario === 'failures' ? [] : POSTS } };
    case 'GET campaign-tooltips':
      // The first campaign's daily limit is spent today; the second wins few of its auctions.
      return {
        body: {
          data:
            scenario === 'new-user'
              ? []
              : [
                  { campaign_id: STORY_CAMPAIGNS[0].id, campaign: STORY_CAMPAIGNS[0].name, type: 'limit_reached', params: { period: 'daily', limit_type: 'money', limit: '50.00' } },
                  { campaign_id: STORY_CAMPAIGNS[1].id, campaign: STORY_CAMPAIGNS[1].name, type: 'low_win_rate', params: { win_rate: '0.1250' } },
                ],
        },
      };
    default:
      return undefined;
  }
}

/**
 * The dashboard's API from memory, after a delay: `GET home`, the last days of statistics (made up per day, stable),
 * this week's spend, the campaign table; `GET network`, `GET settings` and the rest as the campaign stories answer
 * them. `failures` fails the chart's and the week's first loads; `new-user` has no campaign.
 */
export function createDashboardTransport({ scenario = 'advertiser', latencyMs = 300 }: DashboardTransportOptions = {}): LookupTransport {
  const fallback = createCampaignTransport({ latencyMs });
  const attempts = new Map<string, number>();
  return (req) => {
    const found = answer(req, scenario, attempts);
    return found ? answerLater(req, found, latencyMs) : fallback(req);
  };
}
