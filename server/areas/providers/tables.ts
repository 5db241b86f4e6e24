/**
 * Traffic providers (the providers area): supply partners an advertiser brings, whose traffic (an XML feed or
 * OpenRTB) their campaigns may buy beside the network's own (the traffic providers target).
 * Tables are the database contract areas share: another area may import this file (foreign keys, joins).
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { ProvidersTrafficProviderAnswer } from '../../../generated/types';
import { users } from '../../db/schema';

type Provider = ProvidersTrafficProviderAnswer;

/**
 * A user's traffic providers. Ids start at 1001: campaign targets save provider ids, where 1 is the main provider
 * (the network's own inventory) and 2–25 the network's SSPs of the statistics (reference/trafficProviders.ts), so a
 * user's provider must never take an id the network's partners use (1–1000 are theirs). Names are unique per user in
 * any case; new providers are active.
 */
export const trafficProviders = pgTable(
  'traffic_providers',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity({ startWith: 1001 }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 100 }).notNull(),
    methodType: varchar('method_type', { length: 8 }).$type<Provider['method_type']>().notNull(),
    endpointUrl: varchar('endpoint_url', { length: 2048 }).notNull(),
    pricingType: varchar('pricing_type', { length: 16 }).$type<Provider['pricing_type']>().notNull(),
    verticalType: varchar('vertical_type', { length: 16 }).$type<Provider['vertical_type']>().notNull(),
    sspFormats: jsonb('ssp_formats').$type<string[]>().notNull(),
    qpsLimit: integer('qps_limit').notNull(),
    status: varchar('status', { length: 16 }).$type<Provider['status']>().notNull().default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('traffic_providers_user_name_unique').on(t.userId, sql`lower(${t.name})`),
    index('traffic_providers_user_idx').on(t.userId, t.createdAt),
    check('traffic_providers_status_check', sql`${t.status} in ('active', 'paused')`),
    check('traffic_providers_method_type_check', sql`${t.methodType} in ('xml', 'rtb')`),
    check('traffic_providers_id_check', sql`${t.id} > 1000`),
    check('traffic_providers_qps_limit_check', sql`${t.qpsLimit} between 1 and 100000`),
  ],
);

/** A subscription's life: paid and renewing, renewal unpaid (within the grace period), cancelled (runs to paid_until), over. */
export const SUBSCRIPTION_STATUSES = ['active', 'past_due', 'cancelled', 'ended'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/**
 * Users' subscriptions to the network's traffic provider plans (network-configs' providerPlans, by id). A user has
 * at most one that is not ended. `charges` counts the ledger entries it made (the subscription, each renewal and
 * each change), and names the next one's key (`provider-plan:<id>:<n>`), so a repeat charges nothing twice.
 */
export const providerSubscriptions = pgTable(
  'traffic_provider_subscriptions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: integer('plan_id').notNull(),
    status: varchar('status', { length: 16 }).$type<SubscriptionStatus>().notNull().default('active'),
    /** The end of the paid period: 00:00 UTC of the day after its last day. */
    paidUntil: timestamp('paid_until', { withTimezone: true }).notNull(),
    charges: integer('charges').notNull().default(0),
    /** When the renewal first failed (past_due). */
    pastDueSince: timestamp('past_due_since', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('traffic_provider_subscriptions_live_unique').on(t.userId).where(sql`${t.status} <> 'ended'`),
    index('traffic_provider_subscriptions_due_idx').on(t.status, t.paidUntil),
    check('traffic_provider_subscriptions_status_check', sql`${t.status} in ('active', 'past_due', 'cancelled', 'ended')`),
  ],
);
