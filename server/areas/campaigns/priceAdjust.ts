/**
 * The recommended price and price auto-adjust. A campaign keeps the traffic estimate's recommended price for its
 * format, pricing model and targets (the lowest price that wins most of the traffic it matches: areas/traffic),
 * refreshed when it is saved and every hour while it runs (the job `campaigns.price-auto-adjust`, index.ts).
 *
 * With `enable_price_auto_adjust` on, the same hourly pass raises the price of a running campaign that bids under
 * its recommended price by `price_adjustment_ratio` percent, never past the recommended price nor past
 * `max_adjusted_price`: a campaign that does not win enough traffic climbs toward what wins it, one step an hour,
 * within the bounds its owner set. It never lowers a price: the owner's price is the floor.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { formatDecimal, parseDecimal, roundDecimal, type Decimal } from '../../../engine/format/decimal';
import { createCampaignsRepository, type CampaignRecord } from './repository';
import { offeredTargets } from './checkCampaign';
import { campaigns } from './tables';

export const PRICE_ADJUST_JOB = 'campaigns.price-auto-adjust';
export const PRICE_ADJUST_EVERY_MS = 60 * 60_000;

/** Units of 0.0001 of a decimal (prices have 4 places). */
const units4 = (d: Decimal): bigint => roundDecimal(d, 4).units;
const price4 = (units: bigint) => formatDecimal({ units, scale: 4 }, 4);

/** The campaign's recommended price from the network's traffic, or null when its format is not sold or has no traffic. */
export async function recommendedPriceOf(app: FastifyInstance, c: Pick<CampaignRecord, 'networkId' | 'adFormat' | 'pricingModel' | 'model'>): Promise<string | null> {
  const format = app.platform.adFormats.get(c.adFormat);
  if (!format) return null;
  const offered = offeredTargets(app.platform.networks.get(c.networkId), format);
  return app.traffic.recommendedPrice({ adFormat: c.adFormat, pricingModel: c.pricingModel, targets: (c.model.targets as Record<string, unknown> | undefined) ?? {}, offered });
}

/** Refreshes and stores the campaign's recommended price (after a save). */
export async function refreshRecommendedPrice(app: FastifyInstance, c: CampaignRecord): Promise<string | null> {
  const price = await recommendedPriceOf(app, c);
  await createCampaignsRepository(app.platform.db).setRecommendedPrice(c.id, price);
  return price;
}

/**
 * The next price of an auto-adjusted campaign: one step of `ratio` percent up, capped by the recommended price and
 * the maximum; the same price when it is already there (or above).
 */
export function adjustedPrice(price: string, recommended: string, ratio: number, maximum: string): string {
  const now = units4(parseDecimal(price));
  const ceiling = [units4(parseDecimal(recommended)), units4(parseDecimal(maximum))].reduce((a, b) => (a < b ? a : b));
  if (now >= ceiling) return price4(now);
  const stepped = (now * BigInt(100 + ratio) + 99n) / 100n; // rounded up, so a small price still moves
  return price4(stepped < ceiling ? stepped : ceiling);
}

/** What one pass changed: the campaigns whose price it raised. */
export interface PriceAdjustment {
  id: number;
  from: string;
  to: string;
}

/** The hourly pass: refreshes every running campaign's recommended price and raises auto-adjusted prices. */
export async function runPriceAdjust(app: FastifyInstance): Promise<PriceAdjustment[]> {
  const { db } = app.platform;
  const running = await db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.status, 'active'), sql`(select a.status from campaign_approvals a where a.campaign_id = ${campaigns.id} order by a.id desc limit 1) = 'approved'`))
    .orderBy(asc(campaigns.id));
  const changes: PriceAdjustment[] = [];
  for (const c of running) {
    const recommended = await refreshRecommendedPrice(app, c);
    const m = c.model;
    if (!recommended || m.enable_price_auto_adjust !== true || typeof m.price_adjustment_ratio !== 'number' || typeof m.max_adjusted_price !== 'string') continue;
    const next = adjustedPrice(c.price, recommended, m.price_adjustment_ratio, m.max_adjusted_price);
    if (units4(parseDecimal(next)) <= units4(parseDecimal(c.price))) continue;
    // Only over the price it read: an owner who set a price meanwhile keeps it.
    const moved = await db.update(campaigns).set({ price: next, updatedAt: sql`now()` }).where(and(eq(campaigns.id, c.id), eq(campaigns.price, c.price))).returning({ id: campaigns.id });
    if (moved.length) changes.push({ id: c.id, from: c.price, to: next });
  }
  return changes;
}
