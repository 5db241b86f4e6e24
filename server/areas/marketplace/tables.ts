/**
 * The marketplace: flat deals (packages of traffic at a fixed price that a network sells on its marketplace sites or
 * over a country tier) and the advertisers' applications for them.
 * Tables are the database contract areas share: another area may import this file (foreign keys, joins).
 */
import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, numeric, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { FlatDeal, MarketplaceFlatDealApplicationAnswer } from '../../../generated/types';
import { users } from '../../db/schema';

export type DealLimit = FlatDeal['limits'][number];
export type VolumeDiscount = FlatDeal['volume_discounts'][number];
export type LimitType = FlatDeal['limit_type'];
export type ApplicationStatus = MarketplaceFlatDealApplicationAnswer['status'];

export const LIMIT_TYPES = ['impressions', 'clicks', 'days'] as const satisfies readonly LimitType[];
export const APPLICATION_STATUSES = ['pending', 'approved', 'rejected', 'cancelled'] as const satisfies readonly ApplicationStatus[];

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * A network's flat deals. `key` names a deal for good (`site:<site id>:<format>`, `group:<country group id>:<traffic
 * type>`), so seeding again adds only what is new. The listed package (`limit_type`, `limit_value`, `price`) is priced
 * by the deal's own rules (`limits`, `volume_discounts`, see pricing.ts) when the deal is made; `name` and
 * `total_visits` are copied from the site so the list can search and sort in SQL.
 */
export const flatDeals = pgTable(
  'flat_deals',
  {
    id: serial('id').primaryKey(),
    networkId: varchar('network_id', { length: 40 }).notNull(),
    key: varchar('key', { length: 120 }).notNull(),
    kind: varchar('kind', { length: 16 }).$type<FlatDeal['kind']>().notNull(),
    siteId: integer('site_id'),
    name: varchar('name', { length: 255 }).notNull(),
    adFormatId: varchar('ad_format_id', { length: 64 }).notNull(),
    countryGroupId: varchar('country_group_id', { length: 80 }),
    countryIds: integer('country_ids').array().notNull().default(sql`'{}'::integer[]`),
    tierId: integer('tier_id').notNull(),
    trafficTypeId: integer('traffic_type_id').notNull(),
    limitType: varchar('limit_type', { length: 16 }).$type<LimitType>().notNull(),
    limitValue: integer('limit_value').notNull(),
    price: numeric('price', { precision: 18, scale: 2 }).notNull(),
    limits: jsonb('limits').$type<DealLimit[]>().notNull(),
    volumeDiscounts: jsonb('volume_discounts').$type<VolumeDiscount[]>().notNull(),
    leadDays: integer('lead_days').notNull(),
    maxDays: integer('max_days').notNull(),
    totalVisits: integer('total_visits'),
    status: varchar('status', { length: 16 }).$type<FlatDeal['status']>().notNull().default('available'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('flat_deals_network_key_unique').on(t.networkId, t.key),
    index('flat_deals_network_price_idx').on(t.networkId, t.price),
    check('flat_deals_kind_check', sql`${t.kind} in ('site', 'country-group')`),
    check('flat_deals_status_check', sql`${t.status} in ('available', 'sold_out')`),
    check('flat_deals_limit_type_check', sql`${t.limitType} in (${inList(LIMIT_TYPES)})`),
    check('flat_deals_price_check', sql`${t.price} > 0 and ${t.limitValue} > 0 and ${t.leadDays} >= 0 and ${t.maxDays} >= 1`),
  ],
);

/**
 * What advertisers apply for: a package of a deal over a period, priced when applying. Approved, `price − charged`
 * is held from the balance; the daily charge job moves it into the ledger (entries of kind `flat_deal`) and adds
 * each entry to `charged` in the same transaction, so `charged` is always the sum of the application's entries.
 */
export const flatDealApplications = pgTable(
  'flat_deal_applications',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity({ startWith: 1001 }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    flatDealId: integer('flat_deal_id')
      .notNull()
      .references(() => flatDeals.id),
    limitType: varchar('limit_type', { length: 16 }).$type<LimitType>().notNull(),
    limitValue: integer('limit_value').notNull(),
    price: numeric('price', { precision: 18, scale: 2 }).notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    creativeFormat: varchar('creative_format', { length: 40 }),
    contactNote: varchar('contact_note', { length: 1000 }),
    status: varchar('status', { length: 16 }).$type<ApplicationStatus>().notNull().default('pending'),
    charged: numeric('charged', { precision: 18, scale: 2 }).notNull().default('0'),
    decisionNote: varchar('decision_note', { length: 1000 }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: integer('decided_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('flat_deal_applications_user_idx').on(t.userId, t.createdAt),
    index('flat_deal_applications_running_idx').on(t.status, t.startsOn).where(sql`${t.status} = 'approved'`),
    check('flat_deal_applications_status_check', sql`${t.status} in (${inList(APPLICATION_STATUSES)})`),
    check('flat_deal_applications_limit_type_check', sql`${t.limitType} in (${inList(LIMIT_TYPES)})`),
    check('flat_deal_applications_amounts_check', sql`${t.price} > 0 and ${t.charged} >= 0 and ${t.charged} <= ${t.price}`),
    check('flat_deal_applications_period_check', sql`${t.endsOn} >= ${t.startsOn}`),
  ],
);
