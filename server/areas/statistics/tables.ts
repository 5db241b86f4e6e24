/**
 * Raw events and their rollups (the statistics area).
 * Tables are the database contract areas share: another area may import this file (foreign keys, joins).
 */
import { bigint, bigserial, date, index, integer, numeric, pgTable, primaryKey, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from '../../db/schema';
import { campaigns } from '../campaigns/tables';

/**
 * The ad server's event log: one row per logged event of a campaign (`kind`: request, bid, win, impression,
 * click, video_view, conversion, see server/areas/statistics/events.ts). Requests and bids are logged sampled,
 * one line per `weight` events; the rest with weight 1. Statistics never scan it: they read the rollups below,
 * which `rollupStatistics` rebuilds from it for the hours that changed. Cost to 6 decimals: a CPM impression
 * costs a thousandth of the price.
 */
export const statEvents = pgTable(
  'stat_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    /** The ad creative shown (0 for requests and bids, which precede the choice of a creative). */
    creativeId: integer('creative_id').notNull().default(0),
    kind: smallint('kind').notNull(),
    weight: integer('weight').notNull().default(1),
    /** Traffic provider (supply-side platform) the request came from: server/reference/trafficProviders.ts. */
    providerId: integer('provider_id').notNull(),
    countryId: integer('country_id').notNull(),
    browserId: integer('browser_id').notNull().default(0),
    osId: integer('os_id').notNull().default(0),
    /** 0 on fixed lines and Wi-Fi. */
    carrierId: integer('carrier_id').notNull().default(0),
    platformId: integer('platform_id').notNull().default(0),
    /** 0 when the provider does not say (XML feeds often hide it). */
    siteId: integer('site_id').notNull().default(0),
    spotId: integer('spot_id').notNull().default(0),
    cost: numeric('cost', { precision: 18, scale: 6 }).notNull().default('0'),
    /** What a conversion was worth to the advertiser (their postback's payout). */
    payout: numeric('payout', { precision: 18, scale: 4 }).notNull().default('0'),
  },
  (t) => [index('stat_events_time_idx').on(t.occurredAt), index('stat_events_user_time_idx').on(t.userId, t.occurredAt)],
);

/** The metric columns both rollups share. */
const rollupMetrics = () => ({
  requests: bigint('requests', { mode: 'number' }).notNull().default(0),
  bids: bigint('bids', { mode: 'number' }).notNull().default(0),
  wins: bigint('wins', { mode: 'number' }).notNull().default(0),
  impressions: bigint('impressions', { mode: 'number' }).notNull().default(0),
  clicks: bigint('clicks', { mode: 'number' }).notNull().default(0),
  videoViews: bigint('video_views', { mode: 'number' }).notNull().default(0),
  conversions: bigint('conversions', { mode: 'number' }).notNull().default(0),
  cost: numeric('cost', { precision: 18, scale: 6 }).notNull().default('0'),
  payouts: numeric('payouts', { precision: 18, scale: 4 }).notNull().default('0'),
});

/** Hourly rollup of `stat_events` by campaign and creative: the hour, creative and per-format groupings read it. */
export const statHourly = pgTable(
  'stat_hourly',
  {
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    campaignId: integer('campaign_id').notNull(),
    creativeId: integer('creative_id').notNull(),
    ...rollupMetrics(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.hour, t.campaignId, t.creativeId] })],
);

/**
 * Daily rollup of `stat_events` by campaign and one traffic dimension at a time (`dimension`: country, browser,
 * operating_system, carrier, traffic_platform, site, spot, traffic_provider; `value_id` 0 = unknown; `all` with 0 for the
 * campaign-day's totals, which date and campaign groupings and the series read): the dimension groupings read
 * it. Daily, not hourly: the screens filter whole days, and an hourly split of every site would outgrow the log.
 */
export const statDaily = pgTable(
  'stat_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    campaignId: integer('campaign_id').notNull(),
    dimension: varchar('dimension', { length: 24 }).notNull(),
    valueId: integer('value_id').notNull(),
    ...rollupMetrics(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.dimension, t.day, t.campaignId, t.valueId] })],
);
