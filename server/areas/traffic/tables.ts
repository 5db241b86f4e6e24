/**
 * Daily traffic supply the estimator reads (the traffic area).
 * Tables are the database contract areas share: another area may import this file (foreign keys, joins).
 */
import { bigint, date, index, integer, numeric, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';

/**
 * The network's traffic per day, format and country, split by one dimension at a time (`dimension` = 'all' with
 * `value_id` 0 for the totals; 'os', 'browser', ... with the value's id). The traffic estimate of the campaign
 * form and the traffic chart read it. Spend is what advertisers paid for the impressions sold.
 */
export const trafficDaily = pgTable(
  'traffic_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    adFormat: varchar('ad_format', { length: 40 }).notNull(),
    countryId: integer('country_id').notNull(),
    dimension: varchar('dimension', { length: 24 }).notNull(),
    valueId: integer('value_id').notNull(),
    requests: bigint('requests', { mode: 'number' }).notNull().default(0),
    impressions: bigint('impressions', { mode: 'number' }).notNull().default(0),
    clicks: bigint('clicks', { mode: 'number' }).notNull().default(0),
    conversions: bigint('conversions', { mode: 'number' }).notNull().default(0),
    spend: numeric('spend', { precision: 18, scale: 4 }).notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.adFormat, t.dimension, t.countryId, t.valueId, t.day] }), index('traffic_daily_day_idx').on(t.day)],
);
