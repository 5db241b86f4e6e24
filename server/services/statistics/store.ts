/**
 * Writing the event log and keeping its rollups true: `insertEvents` appends lines, `rollupStatistics` rebuilds
 * `stat_hourly`, `stat_daily` and `campaign_stats_daily` from `stat_events` for a time range (whole hours; whole
 * days for the daily tables), and `seedStatistics` generates a demo history for users' campaigns.
 */
import { sql } from 'drizzle-orm';
import { formatDecimal } from '../../../engine/format/decimal';
import type { Db } from '../../db/connect';
import { intArray } from '../../db/sqlArrays';
import { ALL_DIMENSION, COUNT_METRICS, DAILY_DIMENSIONS, EVENT_KIND, KIND_METRIC } from './events';
import { generateEvents, type EventCampaign, type EventRow } from './generateEvents';

const DAY = 86_400_000;

/** `sum(weight) filter (where kind = …) as requests, …, sum(cost) as cost, sum(payout) as payouts` over `stat_events`. */
const EVENT_SUMS = sql.raw(
  [
    ...Object.entries(KIND_METRIC).map(([kind, metric]) => `coalesce(sum(weight) filter (where kind = ${EVENT_KIND[kind as keyof typeof EVENT_KIND]}), 0) as ${metric}`),
    'sum(cost) as cost',
    'sum(payout) as payouts',
  ].join(', '),
);
const METRIC_COLUMNS = sql.raw([...COUNT_METRICS, 'cost', 'payouts'].join(', '));

/** Appends event lines (one INSERT per call: 16 array parameters, whatever the count). */
export async function insertEvents(db: Db, rows: readonly EventRow[]): Promise<void> {
  if (!rows.length) return;
  const ints = (pick: (r: EventRow) => number) => `{${rows.map(pick).join(',')}}`;
  const decimal = (units: number, places: number) => formatDecimal({ units: BigInt(units), scale: places }, places);
  await db.execute(sql`
    insert into stat_events (occurred_at, user_id, campaign_id, creative_id, kind, weight, provider_id, country_id, browser_id, os_id, carrier_id, platform_id, site_id, spot_id, cost, payout)
    select * from unnest(
      ${`{${rows.map((r) => `"${new Date(r.occurredAt).toISOString()}"`).join(',')}}`}::timestamptz[],
      ${ints((r) => r.userId)}::int[], ${ints((r) => r.campaignId)}::int[], ${ints((r) => r.creativeId)}::int[],
      ${ints((r) => r.kind)}::smallint[], ${ints((r) => r.weight)}::int[], ${ints((r) => r.providerId)}::int[],
      ${ints((r) => r.countryId)}::int[], ${ints((r) => r.browserId)}::int[], ${ints((r) => r.osId)}::int[],
      ${ints((r) => r.carrierId)}::int[], ${ints((r) => r.platformId)}::int[], ${ints((r) => r.siteId)}::int[],
      ${ints((r) => r.spotId)}::int[],
      ${`{${rows.map((r) => decimal(r.costMicros, 6)).join(',')}}`}::numeric[],
      ${`{${rows.map((r) => decimal(r.payoutUnits, 4)).join(',')}}`}::numeric[])`);
}

export interface RollupRange {
  /** Inclusive; rounded down to the hour (the day for the daily tables). */
  from: Date;
  /** Exclusive; rounded up to the hour (the day for the daily tables). */
  to: Date;
  /** Only these users' rows (default: everyone's). */
  userIds?: readonly number[];
}

/**
 * Rebuilds the rollups of the range from the events: what an ingestion job runs for the hours it appended to.
 * Idempotent; one transaction, so readers see the old numbers or the new ones, never half. Rows go in in primary-key
 * order, so a report's rows sit together on disk (a 14-day site report reads ~20× fewer pages than unordered).
 */
export async function rollupStatistics(db: Db, range: RollupRange): Promise<void> {
  const hourFrom = new Date(Math.floor(range.from.getTime() / 3_600_000) * 3_600_000).toISOString();
  const hourTo = new Date(Math.ceil(range.to.getTime() / 3_600_000) * 3_600_000).toISOString();
  const dayFrom = new Date(Math.floor(range.from.getTime() / DAY) * DAY).toISOString();
  const dayTo = new Date(Math.ceil(range.to.getTime() / DAY) * DAY).toISOString();
  const users = range.userIds ? sql`and user_id = any(${intArray(range.userIds)})` : sql``;
  const dimensions = sql.raw([`('${ALL_DIMENSION}', 0)`, ...Object.entries(DAILY_DIMENSIONS).map(([name, column]) => `('${name}', e.${column})`)].join(', '));
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from stat_hourly where hour >= ${hourFrom}::timestamptz and hour < ${hourTo}::timestamptz ${users}`);
    await tx.execute(sql`
      insert into stat_hourly (hour, user_id, campaign_id, creative_id, ${METRIC_COLUMNS})
      select date_trunc('hour', occurred_at), user_id, campaign_id, creative_id, ${EVENT_SUMS}
      from stat_events where occurred_at >= ${hourFrom}::timestamptz and occurred_at < ${hourTo}::timestamptz ${users}
      group by 1, 2, 3, 4 order by 2, 1, 3, 4`);
    await tx.execute(sql`delete from stat_daily where day >= ${dayFrom}::date and day < ${dayTo}::date ${users}`);
    await tx.execute(sql`
      insert into stat_daily (day, user_id, campaign_id, dimension, value_id, ${METRIC_COLUMNS})
      select (e.occurred_at at time zone 'utc')::date, e.user_id, e.campaign_id, d.dimension, d.value_id, ${EVENT_SUMS}
      from stat_events e cross join lateral (values ${dimensions}) as d(dimension, value_id)
      where e.occurred_at >= ${dayFrom}::timestamptz and e.occurred_at < ${dayTo}::timestamptz ${range.userIds ? sql`and e.user_id = any(${intArray(range.userIds)})` : sql``}
      group by 1, 2, 3, 4, 5 order by 2, 4, 1, 3, 5`);
    // The campaigns' daily figures (campaign table, view, rules, dashboard) follow the same events.
    await tx.execute(sql`
      delete from campaign_stats_daily where day >= ${dayFrom}::date and day < ${dayTo}::date
      and campaign_id in (select id from campaigns where true ${users})`);
    await tx.execute(sql`
      insert into campaign_stats_daily (campaign_id, day, impressions, clicks, conversions, spend)
      select campaign_id, (hour at time zone 'utc')::date, sum(impressions), sum(clicks), sum(conversions), round(sum(cost), 4)
      from stat_hourly where hour >= ${dayFrom}::timestamptz and hour < ${dayTo}::timestamptz ${users}
      group by 1, 2`);
  });
  await db.execute(sql`analyze stat_hourly`);
  await db.execute(sql`analyze stat_daily`);
}

export interface SeedStatisticsOptions {
  /** About how many event lines in all. */
  events: number;
  /** Days of history (default 90). */
  days?: number;
  now?: Date;
  /** Only these users' campaigns (default: every user with an approved campaign). */
  userIds?: readonly number[];
}

/** The campaigns that have bought traffic: approved once, active or paused now (paused ones until they were paused). */
async function trafficCampaigns(db: Db, userIds?: readonly number[]): Promise<EventCampaign[]> {
  const users = userIds ? sql`and c.user_id = any(${intArray(userIds)})` : sql``;
  const result = (await db.execute(sql`
    select c.id, c.user_id, c.ad_format, c.pricing_model, c.price::text as price, c.status, c.updated_at,
           case when c.limit_type = 'money' then c.daily_limit::text end as daily_limit,
           c.model -> 'targets' -> 'country' as country,
           (select array_agg(ac.id order by ac.position) from ad_creatives ac where ac.ad_id = c.ad_id and ac.is_active) as creative_ids
    from campaigns c
    where c.status in ('active', 'paused') ${users}
      and exists (select 1 from campaign_approvals a where a.campaign_id = c.id and a.status = 'approved')
    order by c.id`)) as unknown as { rows: { id: number; user_id: number; ad_format: string; pricing_model: string; price: string; status: string; updated_at: string | Date; daily_limit: string | null; country: { accept?: boolean; countries?: number[] } | null; creative_ids: number[] | null }[] };
  return result.rows.map((r) => ({
      id: r.id,
      userId: r.user_id,
      adFormat: r.ad_format,
      pricingModel: r.pricing_model,
      price: r.price,
      dailyLimit: r.daily_limit,
      // Formats without creatives (popunder, direct link) show the ad itself: creative 0.
      creativeIds: r.creative_ids?.length ? r.creative_ids : [0],
      countries: r.country?.accept !== false ? (r.country?.countries ?? []) : [],
      // A paused campaign bought until it was paused (its last change).
      ...(r.status === 'paused' ? { until: new Date(r.updated_at).getTime() } : {}),
    }));
}

/**
 * The demo ad server after a pause: events for the demo users' campaigns from the hour after their last event up to
 * now, at the rate their history was generated (`eventsPerDay`), rolled up. Nothing when the log is current or
 * empty (a user without history gets one from seedStatistics when created). Runs on every start.
 */
export async function catchUpStatistics(db: Db, userIds: readonly number[], eventsPerDay: number, now = new Date()): Promise<number> {
  let written = 0;
  for (const userId of userIds) {
    const [last] = ((await db.execute(sql`select max(occurred_at) as at from stat_events where user_id = ${userId}`)) as unknown as { rows: { at: string | Date | null }[] }).rows;
    if (!last?.at) continue;
    const from = new Date(Math.floor(new Date(last.at).getTime() / 3_600_000 + 1) * 3_600_000);
    const days = Math.min(90, (now.getTime() - from.getTime()) / DAY);
    if (days < 1 / 24) continue;
    const campaigns = await trafficCampaigns(db, [userId]);
    const start = new Date(Math.max(from.getTime(), now.getTime() - 90 * DAY));
    written += await generateEvents(campaigns, { events: Math.round(eventsPerDay * days), from: start, now }, (rows) => insertEvents(db, rows));
    await rollupStatistics(db, { from: start, to: now, userIds: [userId] });
  }
  return written;
}

/**
 * Replaces the users' event history of the last `days` days with a generated one and rolls it up. Campaigns
 * that bought traffic earlier than they were created move their creation date back, so the history is plausible.
 * @returns lines written and campaigns covered.
 */
export async function seedStatistics(db: Db, options: SeedStatisticsOptions): Promise<{ events: number; campaigns: number }> {
  const { days = 90, now = new Date() } = options;
  const campaigns = await trafficCampaigns(db, options.userIds);
  const from = new Date(Math.floor((now.getTime() - days * DAY) / DAY) * DAY);
  const ids = intArray(campaigns.map((c) => c.id));
  await db.execute(sql`delete from stat_events where campaign_id = any(${ids}) and occurred_at >= ${from.toISOString()}::timestamptz`);
  const events = await generateEvents(campaigns, { events: options.events, days, now }, (rows) => insertEvents(db, rows));
  await rollupStatistics(db, { from, to: now, userIds: [...new Set(campaigns.map((c) => c.userId))] });
  await db.execute(sql`
    update campaigns c set created_at = first.at
    from (select campaign_id, min(occurred_at) as at from stat_events where campaign_id = any(${ids}) group by campaign_id) first
    where c.id = first.campaign_id and c.created_at > first.at`);
  return { events, campaigns: campaigns.length };
}
