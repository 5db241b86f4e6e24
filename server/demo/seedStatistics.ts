/**
 * The demo ad server's statistics: a generated event history for the demo advertisers' campaigns
 * (`seedStatistics`, on their first start and by `npm run seed:stats`) and the hours the server was stopped
 * (`catchUpStatistics`, on every start), written and rolled up the way an ingestion job would
 * (areas/statistics/store.ts).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { intArray } from '../db/sqlArrays';
import { insertEvents, rollupStatistics } from '../areas/statistics/store';
import { generateEvents, type EventCampaign } from './generateEvents';
import { capsOf, scheduleOf } from '../areas/campaigns/delivery';
import { rotationSettingsOf, type CreativeShown } from '../areas/ads/rotation';
import { trafficOf } from './campaignTraffic';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export interface SeedStatisticsOptions {
  /** About how many event lines in all. */
  events: number;
  /** Days of history (default 90). */
  days?: number;
  now?: Date;
  /** Only these users' campaigns (default: every user with an approved campaign). */
  userIds?: readonly number[];
  /** Told the lines written so far after each batch (the start-up's progress). */
  onProgress?: (written: number) => void;
}

interface TrafficCampaignRow {
  id: number;
  prepaid: boolean;
  own_providers: number[] | null;
  user_id: number;
  ad_format: string;
  pricing_model: string;
  price: string;
  status: string;
  updated_at: string | Date;
  limit_type: string;
  hourly_limit: string | null;
  daily_limit: string | null;
  total_limit: string | null;
  model: Record<string, unknown>;
  ad_id: number;
  ad_model: Record<string, unknown>;
  creative_ids: number[] | null;
}

interface ShownRow {
  ad_id: number;
  creative_id: number;
  impressions: string;
  clicks: string;
  since: string | Date;
}

type UsedRow = Record<'campaign_id' | 'money' | 'impressions' | 'clicks' | 'day_money' | 'day_impressions' | 'day_clicks', string>;

/**
 * The campaigns that have bought traffic (approved once, active or paused now; paused ones until they were paused;
 * not those whose CPA test failed) with their delivery contract, what each bought before `from` (in all, and on the
 * day of `from`), which their limits count, and what their ads' creatives showed before it, which smart rotation
 * compares.
 */
async function trafficCampaigns(db: Db, from: Date, userIds?: readonly number[]): Promise<EventCampaign[]> {
  const users = userIds ? sql`and c.user_id = any(${intArray(userIds)})` : sql``;
  const result = (await db.execute(sql`
    select c.id, c.user_id, c.ad_format, c.pricing_model, c.price::text as price, c.status, c.updated_at, c.limit_type,
           c.hourly_limit::text as hourly_limit, c.daily_limit::text as daily_limit, c.total_limit::text as total_limit, c.model,
           c.ad_id, a.model as ad_model,
           exists (select 1 from flat_deal_applications f where f.id = c.flat_deal_application_id and f.status = 'approved') as prepaid,
           (select array_agg(p.id order by p.id) from traffic_providers p where p.user_id = c.user_id and p.status = 'active') as own_providers,
           (select array_agg(ac.id order by ac.position) from ad_creatives ac where ac.ad_id = c.ad_id and ac.is_active) as creative_ids
    from campaigns c join ads a on a.id = c.ad_id
    where c.status in ('active', 'paused') and c.cpa_status <> 'test_unsuccessful' ${users}
      and exists (select 1 from campaign_approvals a where a.campaign_id = c.id and a.status = 'approved')
    order by c.id`)) as unknown as { rows: TrafficCampaignRow[] };
  const rows = result.rows;
  const dayStart = new Date(Math.floor(from.getTime() / DAY) * DAY).toISOString();
  const used = rows.length
    ? ((await db.execute(sql`
        select campaign_id::text, (coalesce(sum(cost), 0) * 1000000)::bigint::text as money, coalesce(sum(impressions), 0)::text as impressions,
               coalesce(sum(clicks), 0)::text as clicks,
               (coalesce(sum(cost) filter (where hour >= ${dayStart}::timestamptz), 0) * 1000000)::bigint::text as day_money,
               coalesce(sum(impressions) filter (where hour >= ${dayStart}::timestamptz), 0)::text as day_impressions,
               coalesce(sum(clicks) filter (where hour >= ${dayStart}::timestamptz), 0)::text as day_clicks
        from stat_hourly
        where user_id = any(${intArray([...new Set(rows.map((r) => r.user_id))])}) and campaign_id = any(${intArray(rows.map((r) => r.id))})
          and hour < ${from.toISOString()}::timestamptz
        group by campaign_id`)) as unknown as { rows: UsedRow[] }).rows
    : [];
  const usedBy = new Map(used.map((u) => [Number(u.campaign_id), u]));
  const shown = rows.length
    ? ((await db.execute(sql`
        select c.ad_id, h.creative_id, sum(h.impressions)::text as impressions, sum(h.clicks)::text as clicks, min(h.hour) as since
        from stat_hourly h join campaigns c on c.id = h.campaign_id and c.user_id = h.user_id
        where c.ad_id = any(${intArray([...new Set(rows.map((r) => r.ad_id))])}) and h.hour < ${from.toISOString()}::timestamptz and h.impressions > 0
        group by c.ad_id, h.creative_id`)) as unknown as { rows: ShownRow[] }).rows
    : [];
  const shownBy = new Map<number, { shown: CreativeShown[]; since: number | null }>();
  for (const s of shown) {
    const ad = shownBy.get(s.ad_id) ?? { shown: [], since: null };
    ad.shown.push({ creativeId: s.creative_id, impressions: Number(s.impressions), clicks: Number(s.clicks) });
    const at = new Date(s.since).getTime();
    ad.since = ad.since === null ? at : Math.min(ad.since, at);
    shownBy.set(s.ad_id, ad);
  }
  return rows.map((r) => {
    const u = usedBy.get(r.id);
    const figures = (prefix: '' | 'day_') => ({ moneyMicros: Number(u?.[`${prefix}money`] ?? 0), impressions: Number(u?.[`${prefix}impressions`] ?? 0), clicks: Number(u?.[`${prefix}clicks`] ?? 0) });
    return {
      id: r.id,
      userId: r.user_id,
      adFormat: r.ad_format,
      pricingModel: r.pricing_model,
      price: r.price,
      schedule: scheduleOf(r.model),
      limitType: r.limit_type,
      caps: capsOf(r.limit_type, { hourly: r.hourly_limit, daily: r.daily_limit, total: r.total_limit }),
      used: { total: figures(''), day: figures('day_') },
      // Formats without creatives (popunder, direct link) show the ad itself: creative 0.
      creativeIds: r.creative_ids?.length ? r.creative_ids : [0],
      rotation: { settings: rotationSettingsOf(r.ad_model), ...(shownBy.get(r.ad_id) ?? { shown: [], since: null }) },
      targets: r.model.targets as Record<string, unknown> | undefined,
      siteBiddings: r.model.site_biddings as EventCampaign['siteBiddings'],
      smartBidding: r.model.smart_bidding === true,
      cpaGoals: r.model.cpa_goals as EventCampaign['cpaGoals'],
      prepaid: r.prepaid,
      ownProviders: r.own_providers ?? [],
      // A paused campaign bought until it was paused (its last change).
      ...(r.status === 'paused' ? { until: new Date(r.updated_at).getTime() } : {}),
      // It buys what the network's traffic offers it at its price: the model behind traffic_daily and the estimate.
      traffic: trafficOf({ adFormat: r.ad_format, pricingModel: r.pricing_model, price: r.price }),
    };
  });
}

/**
 * The demo ad server after a pause: events for the users' campaigns from the hour after their last event up to now,
 * at the rate their history was generated (`eventsPerDay`), rolled up. A user without events yet starts at the first
 * whole hour after a campaign of theirs was first approved (a new advertiser's first campaign). Nothing when the log
 * is current. Runs on every start and every few minutes while the demo runs.
 */
export async function catchUpStatistics(db: Db, userIds: readonly number[], eventsPerDay: number, now = new Date()): Promise<number> {
  let written = 0;
  for (const userId of userIds) {
    const [first] = rowsOf<{ last: string | Date | null; approved: string | Date | null }>(
      await db.execute(sql`
        select (select max(occurred_at) from stat_events where user_id = ${userId}) as last,
               (select min(a.created_at) from campaign_approvals a join campaigns c on c.id = a.campaign_id
                where c.user_id = ${userId} and a.status = 'approved') as approved`),
    );
    const since = first?.last ?? first?.approved;
    if (!since) continue;
    const from = new Date(Math.floor(new Date(since).getTime() / HOUR + 1) * HOUR);
    const days = Math.min(90, (now.getTime() - from.getTime()) / DAY);
    if (days < 1 / 24) continue;
    const start = new Date(Math.max(from.getTime(), now.getTime() - 90 * DAY));
    const campaigns = await trafficCampaigns(db, start, [userId]);
    written += await generateEvents(campaigns, { events: Math.round(eventsPerDay * days), from: start, now }, (rows) => insertEvents(db, rows));
    await rollupStatistics(db, { from: start, to: now, userIds: [userId] });
  }
  return written;
}

/**
 * The demo ad server on demand (development: `POST dev/ad-server`): the users' running campaigns buy the whole current
 * hour's traffic now, in about `events` lines, rolled up, as if the hour were over; the caller then bills it as closed.
 * The catch-up carries on from the next hour. Campaigns made during the hour move their creation to its start.
 * @returns lines written and the hour served.
 */
export async function serveCurrentHour(db: Db, userIds: readonly number[], options: { events: number; now?: Date }): Promise<{ events: number; from: Date; to: Date }> {
  const from = new Date(Math.floor((options.now ?? new Date()).getTime() / HOUR) * HOUR);
  const to = new Date(from.getTime() + HOUR);
  const campaigns = await trafficCampaigns(db, from, userIds);
  const events = await generateEvents(campaigns, { events: options.events, from, now: to, seed: `serve:${Date.now()}` }, (rows) => insertEvents(db, rows));
  await rollupStatistics(db, { from, to, userIds });
  await backdateToFirstEvent(db, campaigns.map((c) => c.id));
  return { events, from, to };
}

/** Campaigns that bought traffic before they were created move their creation date back, so the history is plausible. */
async function backdateToFirstEvent(db: Db, campaignIds: readonly number[]): Promise<void> {
  const ids = intArray(campaignIds);
  await db.execute(sql`
    update campaigns c set created_at = first.at
    from (select campaign_id, min(occurred_at) as at from stat_events where campaign_id = any(${ids}) group by campaign_id) first
    where c.id = first.campaign_id and c.created_at > first.at`);
}

/**
 * Replaces the users' event history of the last `days` days with a generated one and rolls it up. Campaigns
 * that bought traffic earlier than they were created move their creation date back, so the history is plausible.
 * @returns lines written and campaigns covered.
 */
export async function seedStatistics(db: Db, options: SeedStatisticsOptions): Promise<{ events: number; campaigns: number }> {
  const { days = 90, now = new Date() } = options;
  const from = new Date(Math.floor((now.getTime() - days * DAY) / DAY) * DAY);
  const campaigns = await trafficCampaigns(db, from, options.userIds);
  const ids = intArray(campaigns.map((c) => c.id));
  await db.execute(sql`delete from stat_events where campaign_id = any(${ids}) and occurred_at >= ${from.toISOString()}::timestamptz`);
  let written = 0;
  const events = await generateEvents(campaigns, { events: options.events, days, now }, async (rows) => {
    await insertEvents(db, rows);
    options.onProgress?.((written += rows.length));
  });
  await rollupStatistics(db, { from, to: now, userIds: [...new Set(campaigns.map((c) => c.userId))] });
  await backdateToFirstEvent(db, campaigns.map((c) => c.id));
  return { events, campaigns: campaigns.length };
}
