/**
 * Conversions reported by an advertiser's tracker (postback), their pages (pixel) or the panel (test): each is
 * checked against the click it names and, when it counts, appended to the event log as a conversion line of the
 * click's campaign, creative and traffic, so statistics, CPA spend, CPA tests and updating rules see it once the
 * rollups have taken it in (`rollUpConversions`, every minute, or at once for a test).
 *
 * Click ids are `<stat_events id in base 36>.<16 characters of HMAC>`: the ad server's click line, signed with the
 * network's secret, so an id cannot be guessed from another, and a click only converts under its owner's key.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { formatDecimal, parseDecimal, roundDecimal } from '../../../engine/format/decimal';
import type { Db } from '../../db/connect';
import { conversionTypes } from '../../reference/conversionTypes';
import { EVENT_KIND, rollupStatistics } from '../statistics/public';

/** A conversion counts when it arrives at most this many days after its click. */
export const ATTRIBUTION_DAYS = 30;
const DAY = 86_400_000;

export type ConversionStatus = 'accepted' | 'duplicate' | 'unknown_click' | 'too_late';
export type ConversionSource = 'postback' | 'pixel' | 'test';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Signs and reads click ids with one secret (app_secrets `tracking_click_secret`). */
export function clickIds(secret: string) {
  const mac = (eventId: number) => createHmac('sha256', secret).update(`click:${eventId}`).digest('base64url').slice(0, 16);
  return {
    /** The click id of a click line. */
    sign: (eventId: number) => `${eventId.toString(36)}.${mac(eventId)}`,
    /** The click line an id names, or null when it was not signed here. */
    verify(clickId: string): number | null {
      const match = /^([0-9a-z]{1,12})\.([A-Za-z0-9_-]{16})$/.exec(clickId);
      if (!match) return null;
      const eventId = parseInt(match[1], 36);
      if (!Number.isSafeInteger(eventId) || eventId < 1) return null;
      const expected = Buffer.from(mac(eventId));
      const given = Buffer.from(match[2]);
      return given.length === expected.length && timingSafeEqual(given, expected) ? eventId : null;
    },
  };
}

export type ClickIds = ReturnType<typeof clickIds>;

/** The user's tracking key, made on first use. */
export async function trackingKeyOf(db: Db, userId: number): Promise<string> {
  const keyOf = async () => rowsOf<{ key: string }>(await db.execute(sql`select key from tracking_keys where user_id = ${userId}`))[0]?.key;
  const existing = await keyOf();
  if (existing) return existing;
  // Two first calls at once: one insert wins, both read its key.
  await db.execute(sql`insert into tracking_keys (user_id, key) values (${userId}, ${`trk_${randomBytes(12).toString('hex')}`}) on conflict (user_id) do nothing`);
  return (await keyOf())!;
}

/** Whose key this is (and their network), or null. */
export async function ownerOfKey(db: Db, key: string): Promise<{ userId: number; networkId: string } | null> {
  const [row] = rowsOf<{ user_id: number; network_id: string }>(
    await db.execute(sql`select k.user_id, u.network_id from tracking_keys k join users u on u.id = k.user_id where k.key = ${key}`),
  );
  return row ? { userId: row.user_id, networkId: row.network_id } : null;
}

/** A click line of the event log, with what a conversion of it copies. */
interface Click {
  id: number;
  occurred_at: string | Date;
  campaign_id: number;
  creative_id: number;
  provider_id: number;
  country_id: number;
  browser_id: number;
  os_id: number;
  carrier_id: number;
  platform_id: number;
  site_id: number;
  spot_id: number;
  pricing_model: string;
  price: string;
  model: { conversion_type?: string; cpa_goals?: { price: string; countries: number[] }[] };
}

/** The campaign's newest click, for a test conversion; null when it has none. */
export async function latestClick(db: Db, userId: number, campaignId: number): Promise<number | null> {
  const [row] = rowsOf<{ id: number }>(
    await db.execute(sql`
      select id from stat_events where user_id = ${userId} and campaign_id = ${campaignId} and kind = ${EVENT_KIND.click}
      order by occurred_at desc, id desc limit 1`),
  );
  return row ? Number(row.id) : null;
}

/**
 * What a conversion of this type costs a campaign: a CPA campaign pays the goal price of the click's country (else
 * its price) for conversions of the type it counts (any, when it names none); every other conversion is free.
 * A decimal to 6 places, as stat_events.cost.
 */
function conversionCost(click: Click, type: string): string {
  if (click.pricing_model !== 'cpa' || (click.model.conversion_type && click.model.conversion_type !== type)) return '0';
  const goal = click.model.cpa_goals?.find((g) => g.countries.includes(click.country_id));
  return formatDecimal(roundDecimal(parseDecimal(goal?.price ?? click.price), 6), 6);
}

/** One conversion as it arrived. */
export interface IncomingConversion {
  userId: number;
  clickId: string;
  conversionType: string;
  /** A decimal with at most 4 places (the request schema's pattern). */
  payout: string;
  source: ConversionSource;
}

/**
 * Records a conversion: its status, and for an accepted one the conversion line in the event log. A repeatable
 * type counts every time; any other once per click (the dedupe key's unique index decides between two at once).
 * @returns the stored row's id and status.
 */
export async function recordConversion(db: Db, ids: ClickIds, incoming: IncomingConversion, now: Date): Promise<{ id: number; status: ConversionStatus }> {
  const payout = formatDecimal(parseDecimal(incoming.payout), 4);
  const eventId = ids.verify(incoming.clickId);
  return db.transaction(async (tx) => {
    const [click] = eventId
      ? rowsOf<Click>(
          await tx.execute(sql`
            select e.id, e.occurred_at, e.campaign_id, e.creative_id, e.provider_id, e.country_id, e.browser_id, e.os_id, e.carrier_id,
                   e.platform_id, e.site_id, e.spot_id, c.pricing_model, c.price::text as price, c.model
            from stat_events e join campaigns c on c.id = e.campaign_id
            where e.id = ${eventId} and e.kind = ${EVENT_KIND.click} and e.user_id = ${incoming.userId}`),
        )
      : [];
    const store = async (status: ConversionStatus, extra: { dedupeKey?: string | null; eventId?: number | null } = {}) => {
      const [row] = rowsOf<{ id: number }>(
        await tx.execute(sql`
          insert into tracking_conversions (user_id, received_at, status, source, conversion_type, payout, click_id, click_event_id, campaign_id, event_id, dedupe_key)
          values (${incoming.userId}, ${now.toISOString()}::timestamptz, ${status}, ${incoming.source}, ${incoming.conversionType}, ${payout},
                  ${incoming.clickId}, ${click?.id ?? null}, ${click?.campaign_id ?? null}, ${extra.eventId ?? null}, ${extra.dedupeKey ?? null})
          on conflict (dedupe_key) do nothing
          returning id`),
      );
      return row ? { id: Number(row.id), status } : null;
    };
    if (!click) return (await store('unknown_click'))!;
    if (now.getTime() - new Date(click.occurred_at).getTime() > ATTRIBUTION_DAYS * DAY) return (await store('too_late'))!;
    const repeatable = conversionTypes.find((t) => t.id === incoming.conversionType)?.repeatable ?? false;
    const dedupeKey = repeatable ? null : `${click.id}:${incoming.conversionType}`;
    if (dedupeKey && rowsOf(await tx.execute(sql`select 1 from tracking_conversions where dedupe_key = ${dedupeKey}`)).length) return (await store('duplicate'))!;
    const accepted = await store('accepted', { dedupeKey });
    // Another conversion of the click took the key since the look above: this one is its duplicate.
    if (!accepted) return (await store('duplicate'))!;
    const [eventRow] = rowsOf<{ id: number }>(
      await tx.execute(sql`
        insert into stat_events (occurred_at, user_id, campaign_id, creative_id, kind, weight, provider_id, country_id, browser_id, os_id, carrier_id, platform_id, site_id, spot_id, cost, payout)
        values (${now.toISOString()}::timestamptz, ${incoming.userId}, ${click.campaign_id}, ${click.creative_id}, ${EVENT_KIND.conversion}, 1,
                ${click.provider_id}, ${click.country_id}, ${click.browser_id}, ${click.os_id}, ${click.carrier_id}, ${click.platform_id},
                ${click.site_id}, ${click.spot_id}, ${conversionCost(click, incoming.conversionType)}, ${payout})
        returning id`),
    );
    await tx.execute(sql`update tracking_conversions set event_id = ${eventRow.id} where id = ${accepted.id}`);
    return accepted;
  });
}

/**
 * Takes accepted conversions into the rollups: each user's hours that received conversion lines since the last
 * pass (of one user only, for a test conversion the user waits for). Idempotent, like the rollup itself.
 * @returns how many conversions it took in.
 */
export async function rollUpConversions(db: Db, now: Date, userId?: number): Promise<number> {
  const pending = rowsOf<{ id: number; user_id: number; hour: string | Date }>(
    await db.execute(sql`
      select c.id, c.user_id, date_trunc('hour', e.occurred_at) as hour
      from tracking_conversions c join stat_events e on e.id = c.event_id
      where c.event_id is not null and c.rolled_up_at is null ${userId === undefined ? sql`` : sql`and c.user_id = ${userId}`}
      order by c.id limit 1000`),
  );
  const hours = new Map<string, { userId: number; hour: Date }>();
  for (const p of pending) hours.set(`${p.user_id}:${new Date(p.hour).toISOString()}`, { userId: p.user_id, hour: new Date(p.hour) });
  for (const { userId: user, hour } of hours.values()) await rollupStatistics(db, { from: hour, to: new Date(hour.getTime() + 3_600_000), userIds: [user] });
  if (pending.length) await db.execute(sql`update tracking_conversions set rolled_up_at = ${now.toISOString()}::timestamptz where id in (${sql.join(pending.map((p) => sql`${p.id}`), sql`, `)})`);
  return pending.length;
}
