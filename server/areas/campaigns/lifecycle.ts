/**
 * The campaign lifecycle the panel's backend owns (the job `campaigns.lifecycle`, registered in index.ts, and
 * after every save): the ad server honours a campaign's schedule and limits while it buys (delivery.ts), and this
 * keeps the campaign's own state in step with them.
 *
 * - A campaign past its `active_to` day is finished: it pauses as its owner's pause would (releasing its reserve)
 *   and its owner is told (`campaign_finished`).
 * - A limit reached sets `limit_exceeded_name` (hourly, daily, total) and `limit_exceeded_type` (money, impressions,
 *   clicks) from the ingested statistics (`stat_hourly`: the current UTC hour, day, and all time), and its owner is
 *   told once (`campaign_limit_reached`). The mark clears by itself when the hour or day turns, or when the owner
 *   raises the limit; a total limit stays until then. The balance's own mark (`balance`, billing) is left alone.
 * - A CPA test that has its impressions is judged (cpaTest.ts) and its owner told (`cpa_test_successful` or
 *   `cpa_test_unsuccessful`).
 *
 * The campaign stays `active` while a limit holds it: the status is the advertiser's switch, the mark says why it
 * does not buy for now. Before `active_from` and outside the calendar's hours nothing is written: delivery.ts
 * derives those from the dates and the clock, and the ad server does not buy.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { notifyUser } from '../../services/accountMails';
import { intArray } from '../../db/sqlArrays';
import { createCampaignsRepository } from './repository';
import { capsOf, reachedLimit, type LimitPeriod, type Used } from './delivery';
import { CPA_TEST_IMPRESSIONS, cpaVerdict, worthMicros, type CpaStatus, type Gathered } from './cpaTest';
import { recommendedPriceOf } from './priceAdjust';
import { formatDecimal, roundDecimal } from '../../../engine/format/decimal';

export const LIFECYCLE_JOB = 'campaigns.lifecycle';
/** As often as the ad server's statistics arrive (the demo's every 5 minutes). */
export const LIFECYCLE_EVERY_MS = 5 * 60_000;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** What one pass changed. */
export interface LifecyclePass {
  finished: number[];
  /** Campaign id → the limit now holding it, or null where a mark was cleared. */
  limits: Map<number, LimitPeriod | null>;
  /** Campaign id → the verdict of its CPA test (cpaTest.ts), for the tests judged now. */
  cpa: Map<number, CpaStatus>;
}

interface LimitRow {
  id: number;
  user_id: number;
  network_id: string;
  status: string;
  limit_type: string;
  hourly_limit: string | null;
  daily_limit: string | null;
  total_limit: string | null;
  limit_exceeded_name: string | null;
  limit_exceeded_type: string | null;
  hour_money: string;
  hour_impressions: string;
  hour_clicks: string;
  day_money: string;
  day_impressions: string;
  day_clicks: string;
  total_money: string;
  total_impressions: string;
  total_clicks: string;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

const notify = (app: FastifyInstance, userId: number, networkId: string, type: string, campaignId: number, params: Record<string, unknown>) =>
  notifyUser(app.platform, networkId, userId, type, { entityId: campaignId, params });

/** Pauses the campaigns whose last day has passed; their owners are told. */
async function finishCampaigns(app: FastifyInstance, now: Date, ids: readonly number[] | null): Promise<number[]> {
  const { db } = app.platform;
  const today = new Date(Math.floor(now.getTime() / DAY) * DAY).toISOString().slice(0, 10);
  const only = ids ? sql`and id = any(${intArray(ids)})` : sql``;
  const due = rowsOf<{ id: number; user_id: number; network_id: string; name: string; active_to: string }>(
    await db.execute(sql`
      select id, user_id, network_id, name, model ->> 'active_to' as active_to from campaigns
      where (status = 'active' or next_status = 'active') and model ->> 'active_to' < ${today} ${only}
      order by id`),
  );
  const repo = createCampaignsRepository(db);
  const finished: number[] = [];
  for (const c of due) {
    const { changed } = await repo.transition(c.user_id, [c.id], 'pause');
    if (!changed.length) continue;
    finished.push(c.id);
    await notify(app, c.user_id, c.network_id, 'campaign_finished', c.id, { campaign_name: c.name, active_to: c.active_to });
  }
  return finished;
}

/** Sets or clears the limit marks of the active campaigns with limits (or a mark) from their ingested statistics. */
async function markLimits(app: FastifyInstance, now: Date, ids: readonly number[] | null): Promise<Map<number, LimitPeriod | null>> {
  const { db } = app.platform;
  const hourStart = new Date(Math.floor(now.getTime() / HOUR) * HOUR).toISOString();
  const dayStart = new Date(Math.floor(now.getTime() / DAY) * DAY).toISOString();
  const only = ids ? sql`and c.id = any(${intArray(ids)})` : sql``;
  const micros = (filter: ReturnType<typeof sql>) => sql`(coalesce(sum(h.cost) filter (where ${filter}), 0) * 1000000)::bigint::text`;
  const count = (column: 'impressions' | 'clicks', filter: ReturnType<typeof sql>) => sql`coalesce(sum(${sql.raw(`h.${column}`)}) filter (where ${filter}), 0)::text`;
  const inHour = sql`h.hour >= ${hourStart}::timestamptz`;
  const inDay = sql`h.hour >= ${dayStart}::timestamptz`;
  const always = sql`true`;
  const rows = rowsOf<LimitRow>(
    await db.execute(sql`
      select c.id, c.user_id, c.network_id, c.status, c.limit_type, c.hourly_limit::text as hourly_limit, c.daily_limit::text as daily_limit,
             c.total_limit::text as total_limit, c.limit_exceeded_name, c.limit_exceeded_type,
             ${micros(inHour)} as hour_money, ${count('impressions', inHour)} as hour_impressions, ${count('clicks', inHour)} as hour_clicks,
             ${micros(inDay)} as day_money, ${count('impressions', inDay)} as day_impressions, ${count('clicks', inDay)} as day_clicks,
             ${micros(always)} as total_money, ${count('impressions', always)} as total_impressions, ${count('clicks', always)} as total_clicks
      from campaigns c
      left join stat_hourly h on h.user_id = c.user_id and h.campaign_id = c.id and c.status = 'active'
      where ((c.status = 'active' and (c.hourly_limit is not null or c.daily_limit is not null or c.total_limit is not null))
             or c.limit_exceeded_name in ('hourly', 'daily', 'total'))
        and c.limit_exceeded_name is distinct from 'balance' ${only}
      group by c.id
      order by c.id`),
  );
  const changes = new Map<number, LimitPeriod | null>();
  for (const r of rows) {
    const used = (prefix: 'hour' | 'day' | 'total'): Used => ({
      moneyMicros: Number(r[`${prefix}_money`]),
      impressions: Number(r[`${prefix}_impressions`]),
      clicks: Number(r[`${prefix}_clicks`]),
    });
    const reached =
      r.status === 'active'
        ? reachedLimit(r.limit_type, capsOf(r.limit_type, { hourly: r.hourly_limit, daily: r.daily_limit, total: r.total_limit }), { hourly: used('hour'), daily: used('day'), total: used('total') })
        : null;
    const type = reached ? r.limit_type : null;
    if (reached === r.limit_exceeded_name && type === r.limit_exceeded_type) continue;
    // Never over the balance's mark: billing set it, and a deposit clears it.
    const updated = rowsOf<{ id: number }>(
      await db.execute(sql`
        update campaigns set limit_exceeded_name = ${reached}, limit_exceeded_type = ${type}
        where id = ${r.id} and limit_exceeded_name is not distinct from ${r.limit_exceeded_name} returning id`),
    );
    if (!updated.length) continue;
    changes.set(r.id, reached);
    if (reached && reached !== r.limit_exceeded_name) {
      const limit = { hourly: r.hourly_limit, daily: r.daily_limit, total: r.total_limit }[reached];
      await notify(app, r.user_id, r.network_id, 'campaign_limit_reached', r.id, { period: reached, limit_type: r.limit_type, limit });
    }
  }
  return changes;
}

interface TestingRow {
  id: number;
  user_id: number;
  network_id: string;
  name: string;
  ad_format: string;
  model: Record<string, unknown>;
  started: string;
  impressions: string;
  conversions: string;
  paid_micros: string;
}

const money = (micros: bigint) => formatDecimal(roundDecimal({ units: micros, scale: 6 }, 2), 2);

/** Judges the running CPA tests (cpaTest.ts) that have their impressions (all, or `ids`'); returns campaign id → the new status. */
export async function judgeCpaTests(app: FastifyInstance, ids: readonly number[] | null): Promise<Map<number, CpaStatus>> {
  const { db } = app.platform;
  const only = ids ? sql`and c.id = any(${intArray(ids)})` : sql``;
  const rows = rowsOf<TestingRow>(
    await db.execute(sql`
      select c.id, c.user_id, c.network_id, c.name, c.ad_format, c.model, c.cpa_test_started_at::text as started,
             coalesce(sum(h.impressions), 0)::text as impressions, coalesce(sum(h.conversions), 0)::text as conversions,
             (coalesce(sum(h.cost), 0) * 1000000)::bigint::text as paid_micros
      from campaigns c
      left join stat_hourly h on h.user_id = c.user_id and h.campaign_id = c.id and h.hour >= c.cpa_test_started_at
      where c.cpa_status = 'testing' and c.status = 'active' ${only}
      group by c.id
      order by c.id`),
  );
  const verdicts = new Map<number, CpaStatus>();
  for (const r of rows) {
    const gathered: Gathered = { impressions: Number(r.impressions), conversions: Number(r.conversions), paidMicros: Number(r.paid_micros) };
    const needed = app.platform.networks.get(r.network_id)?.settings.cpaTest?.impressions ?? CPA_TEST_IMPRESSIONS;
    if (gathered.impressions < needed) continue;
    const cpm = await recommendedPriceOf(app, { networkId: r.network_id, adFormat: r.ad_format, pricingModel: 'cpm', model: r.model });
    const verdict = cpaVerdict(gathered, cpm, needed);
    // Only the test it read: an owner who changed the campaign meanwhile started another one, which keeps its own count.
    const judged = rowsOf<{ id: number }>(
      await db.execute(sql`
        update campaigns set cpa_status = ${verdict}, statistic_gathering_done = true
        where id = ${r.id} and cpa_status = 'testing' and cpa_test_started_at = ${r.started}::timestamptz returning id`),
    );
    if (!judged.length) continue;
    verdicts.set(r.id, verdict);
    await notifyUser(app.platform, r.network_id, r.user_id, verdict === 'test_successful' ? 'cpa_test_successful' : 'cpa_test_unsuccessful', {
      entityId: r.id,
      params: { campaign_name: r.name, impressions: gathered.impressions, conversions: gathered.conversions, paid: money(BigInt(gathered.paidMicros)), worth: money(worthMicros(gathered.impressions, cpm)) },
    });
  }
  return verdicts;
}

/**
 * One pass at `now`: finishes the campaigns past their dates, then marks and clears limits. `ids` limits it to
 * some campaigns (after their owner saved them); the job passes none.
 */
export async function runLifecycle(app: FastifyInstance, now: Date, ids: readonly number[] | null = null): Promise<LifecyclePass> {
  const finished = await finishCampaigns(app, now, ids);
  const limits = await markLimits(app, now, ids);
  const cpa = await judgeCpaTests(app, ids);
  return { finished, limits, cpa };
}
