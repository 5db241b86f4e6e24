import type { ColumnSet } from '../../engine/table/columnSet';
import type { CurrentUser } from '../../generated/types';
import type { TableRow } from '../../engine/table/TableStore';
import { statisticsSets } from '../../src/areas/statistics/groupings';
import { addDays, daysBetween, isIsoDate } from '../../src/areas/statistics/reportFilters';
import type { StatisticsAnswer, StatisticsPoint } from '../../src/areas/statistics/StatisticsStore';
import { STORY_CAMPAIGN_ROWS, STORY_NETWORK, STORY_SETTINGS } from '../campaigns/campaignFixtures';

/** How the statistics calls of a story answer. */
export type StatisticsBehaviour = 'normal' | 'empty' | 'failing' | 'invalid' | 'slow';

/** `GET user` as the server answers it (schemas/accounts/current-user.answer.schema.json). */
export const STORY_USER: CurrentUser = {
  id: 7,
  name: 'Demo Advertiser',
  contact_name: 'Demo Advertiser',
  email: 'advertiser@adnet.test',
  status: 'confirmed',
  role: 'advertiser',
  account_type: 'personal',
  locale: 'en',
  balance: '1250.0000',
  is_impersonating: false,
  welcome_seen: true,
  impersonator: null,
  account_manager: null,
  hash_values: { user_id: 'story-user-hash', email: 'story-email-hash' },
};

/** The campaigns of the campaign filter and the per-campaign rows (`GET campaigns`, as the campaign stories list them). */
export const STORY_CAMPAIGNS = STORY_CAMPAIGN_ROWS;

export const STORY_SSPS = [
  { id: 1, name: 'OpenX Exchange', method_type: 'rtb' },
  { id: 2, name: 'PubMatic', method_type: 'rtb' },
  { id: 3, name: 'Feedly XML', method_type: 'xml' },
  { id: 4, name: 'Magnite', method_type: 'rtb' },
];

/** Names of the dimension columns, so a story reads like a real report. */
const NAMES: Record<string, string[]> = {
  country: ['Germany', 'France', 'Spain', 'Italy', 'Poland', 'United States', 'Brazil', 'India', 'Japan', 'Mexico'],
  browser: ['Chrome', 'Safari', 'Firefox', 'Edge', 'Samsung Internet', 'Opera'],
  operating_system: ['Android', 'iOS', 'Windows', 'macOS', 'Linux'],
  carrier: ['Vodafone', 'Orange', 'Telefónica', 'T-Mobile', 'TIM'],
  site: ['news.example', 'games.example', 'video.example', 'weather.example'],
  traffic_platform: ['Desktop', 'Mobile web', 'In-app'],
  provider: STORY_SSPS.map((s) => s.name),
  supply_side_platform: STORY_SSPS.map((s) => s.name),
  platform: STORY_SSPS.filter((s) => s.method_type === 'rtb').map((s) => s.name),
  campaign: STORY_CAMPAIGNS.map((c) => c.name),
  name: ['Spring creative', 'Blue banner', 'Video 15s', 'Push title A', 'Push title B'],
  ad_type_name: ['Banner', 'In-Stream', 'Interstitial'],
  type: ['image', 'html'],
};

/** A small deterministic generator seeded by a text (a day, a name): the same report always shows the same numbers. */
function random(seedText: string) {
  let seed = [...seedText].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 2166136261);
  return () => ((seed = (seed * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

/** One day or one row's metrics, with the value conventions of the API (counts as integers, money as decimal strings). */
function metrics(seedText: string, scale = 1) {
  const r = random(seedText);
  const impressions = Math.floor((5000 + r() * 40_000) * scale);
  const clicks = Math.floor(impressions * (0.004 + r() * 0.02));
  const requests = impressions * 3 + Math.floor(r() * 1000);
  const bids = Math.floor(requests * 0.6);
  const wins = Math.floor(bids * (0.3 + r() * 0.3));
  const cost = (impressions * (0.0009 + r() * 0.0006)).toFixed(4);
  return {
    cost,
    spend: cost,
    impressions,
    clicks,
    video_views: Math.floor(impressions * 0.05 * r()),
    conversions: Math.floor(clicks * 0.05 * r()),
    payouts: (clicks * 0.02 * r()).toFixed(2),
    ctr: impressions ? (clicks / impressions).toFixed(6) : '0.000000',
    requests,
    bids,
    wins,
    win_rate: bids ? (wins / bids).toFixed(6) : '0.000000',
    reserved_balance: (r() * 80).toFixed(2),
  };
}

function rowsFor(set: ColumnSet, start: string, end: string): TableRow[] {
  const days = Math.max(0, daysBetween(start, end)) + 1;
  const first = set.columns[0];
  const keys: string[] =
    first.type === 'date' ? Array.from({ length: days }, (_, i) => addDays(start, i))
    : first.type === 'datetime' ? Array.from({ length: 24 }, (_, h) => `${end} ${String(h).padStart(2, '0')}:00`)
    : (NAMES[first.id] ?? Array.from({ length: 12 }, (_, i) => `${first.title} ${i + 1}`));
  return keys.map((key, i) => {
    const m: Record<string, unknown> = metrics(`${set.id}:${key}`, first.type === 'date' || first.type === 'datetime' ? 1 : days / (i + 2));
    const row: TableRow = {};
    for (const column of set.columns) {
      if (column === first) row[column.id] = first.type === 'id' ? 1000 + i : key;
      else if (column.id in m) row[column.id] = m[column.id];
      else if (column.type === 'id') row[column.id] = 500 + i;
      else if (column.id === 'campaign') row[column.id] = STORY_CAMPAIGNS[i % STORY_CAMPAIGNS.length].name;
      else if (column.id === 'src') row[column.id] = i % 4 === 3 ? null : `https://cdn.example/creative-${i + 1}.png`;
      else row[column.id] = NAMES[column.id]?.[i % NAMES[column.id].length] ?? null;
    }
    if (set.columns[1]?.id === 'campaign') row.campaign = STORY_CAMPAIGNS[i % STORY_CAMPAIGNS.length].name;
    return row;
  });
}

/** A statistics answer for a call's parameters: rows of the grouping, one series point per day of the range. */
export function statisticsAnswer(params: Record<string, unknown>, empty = false): StatisticsAnswer {
  const start = String(params.start_date ?? params.start);
  const end = String(params.end_date ?? params.end);
  const group = String(params.group ?? params.groupBy);
  if (!isIsoDate(start) || !isIsoDate(end)) throw new Error('422 Unprocessable: dates');
  const set = statisticsSets.get(group);
  const days = daysBetween(start, end) + 1;
  const series: StatisticsPoint[] = Array.from({ length: days }, (_, i) => {
    const date = addDays(start, i);
    const { spend, reserved_balance, ...day } = metrics(date);
    void spend;
    void reserved_balance;
    return empty ? { date, ...Object.fromEntries(Object.keys(day).map((k) => [k, typeof day[k as keyof typeof day] === 'number' ? 0 : '0'])) } : { date, ...day };
  });
  return { data: empty ? [] : rowsFor(set, start, end), series };
}

/** One answer of the fixture server: status and body. */
export interface FixtureAnswer {
  status: number;
  body: unknown;
}

/** Answers one call of the statistics screens. */
export type FixtureServer = (req: { method: string; url: string; params: Record<string, unknown>; signal: AbortSignal }) => Promise<FixtureAnswer>;

/**
 * The calls of the statistics screens over fixtures: GET network, settings, user, campaigns,
 * supply-side-platforms/all and the three statistics calls (behaving as `behaviour` says: a 503, a 422 with a field
 * error, no rows, or a slow answer).
 */
export function createStatisticsServer(behaviour: StatisticsBehaviour = 'normal', latencyMs = 250, onRequest?: (route: string, params: Record<string, unknown>) => void): FixtureServer {
  return ({ url, params, signal }) => {
    const route = url.replace(/^\/+/, '').split('?')[0];
    onRequest?.(route, params);
    const answer = (): FixtureAnswer => {
      const ok = (body: unknown) => ({ status: 200, body });
      switch (route) {
        case 'network':
          return ok({ data: STORY_NETWORK });
        case 'settings':
          return ok({ data: STORY_SETTINGS });
        case 'user':
          return ok({ data: STORY_USER });
        case 'campaigns':
          return ok({ data: STORY_CAMPAIGNS, recordsTotal: STORY_CAMPAIGNS.length, recordsFiltered: STORY_CAMPAIGNS.length });
        case 'supply-side-platforms/all':
          return ok({ data: STORY_SSPS });
        case 'campaign-statistics':
        case 'supply-side-platforms/statistics':
        case 'rtb-statistics':
          if (behaviour === 'failing') return { status: 503, body: { message: 'Statistics are being recalculated. Try again in a minute.' } };
          if (behaviour === 'invalid') return { status: 422, body: { errors: { [params.start_date ? 'start_date' : 'start']: ['The start date is before your account was created.'] } } };
          return ok(statisticsAnswer(params, behaviour === 'empty'));
        default:
          return { status: 404, body: { message: `Not found: ${route}` } };
      }
    };
    const delay = behaviour === 'slow' && route.includes('statistics') ? 2500 : latencyMs;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        try {
          resolve(answer());
        } catch (error) {
          reject(error);
        }
      }, delay);
      signal.addEventListener('abort', () => {
        clearTimeout(timer);
        reject(new DOMException('Aborted', 'AbortError'));
      });
    });
  };
}
