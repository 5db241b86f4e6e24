/**
 * Campaigns, their groups, moderation history, updating rules and daily figures (the campaigns area).
 * Tables are the database contract areas share: another area may import this file (foreign keys, joins).
 */
import { sql } from 'drizzle-orm';
import type { Approval, CampaignState } from '../../../generated/types';
import { bigint, boolean, check, date, index, integer, jsonb, numeric, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from '../../db/schema';
import { ads, rejectCauses } from '../ads/tables';

/** An advertiser's folders for campaigns (the spec's campaign group: id, name). */
export const campaignGroups = pgTable(
  'campaign_groups',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 120 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('campaign_groups_user_name_unique').on(t.userId, sql`lower(${t.name})`)],
);

/**
 * Campaigns. `model` is the whole campaign form (schemas/campaigns/campaign.schema.json) as last saved; the
 * columns beside it are what the table filters, sorts and bills by. Status is the advertiser's switch
 * (active, paused, archived = deleted); `next_status` is what the campaign becomes once moderation approves it.
 * Money is NUMERIC: prices to 4 decimals, limits and reserved balance to 2.
 */
export const campaigns = pgTable(
  'campaigns',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    networkId: varchar('network_id', { length: 40 }).notNull(),
    adId: integer('ad_id')
      .notNull()
      .references(() => ads.id, { onDelete: 'restrict' }),
    adFormat: varchar('ad_format', { length: 40 }).notNull(),
    groupId: integer('group_id').references(() => campaignGroups.id, { onDelete: 'set null' }),
    name: varchar('name', { length: 120 }).notNull(),
    status: varchar('status', { length: 16 }).$type<CampaignState['status']>().notNull().default('paused'),
    nextStatus: varchar('next_status', { length: 16 }).$type<CampaignState['next_status']>(),
    pricingModel: varchar('pricing_model', { length: 16 }).notNull(),
    price: numeric('price', { precision: 14, scale: 4 }).notNull(),
    limitType: varchar('limit_type', { length: 16 }).notNull().default('money'),
    hourlyLimit: numeric('hourly_limit', { precision: 16, scale: 2 }),
    dailyLimit: numeric('daily_limit', { precision: 16, scale: 2 }),
    totalLimit: numeric('total_limit', { precision: 16, scale: 2 }),
    reservedBalance: numeric('reserved_balance', { precision: 18, scale: 2 }).notNull().default('0'),
    /** The lowest price that wins most of the traffic the campaign matches (the traffic estimate's), when last saved or checked (priceAdjust.ts). */
    recommendedPrice: numeric('recommended_price', { precision: 14, scale: 4 }),
    cpaStatus: varchar('cpa_status', { length: 24 }).notNull().default('disabled'),
    statisticGatheringDone: boolean('statistic_gathering_done').notNull().default(false),
    /** A CPA campaign's current test counts the statistics from this moment on (cpaTest.ts); null outside CPA. */
    cpaTestStartedAt: timestamp('cpa_test_started_at', { withTimezone: true }),
    /** Set when a limit stopped the campaign: which one (hourly, daily, total) of which type. */
    limitExceededName: varchar('limit_exceeded_name', { length: 16 }),
    limitExceededType: varchar('limit_exceeded_type', { length: 16 }),
    flatDealApplicationId: integer('flat_deal_application_id'),
    /** The campaign this one was created from as an offer (create-offer-campaign), if any. */
    offerOfId: integer('offer_of_id'),
    model: jsonb('model').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('campaigns_user_idx').on(t.userId, t.status, t.createdAt),
    index('campaigns_ad_idx').on(t.adId),
    check('campaigns_status_check', sql`${t.status} in ('active', 'paused', 'archived')`),
    check('campaigns_next_status_check', sql`${t.nextStatus} is null or ${t.nextStatus} in ('active', 'paused')`),
    check('campaigns_limit_type_check', sql`${t.limitType} in ('money', 'impressions', 'clicks')`),
    check('campaigns_cpa_status_check', sql`${t.cpaStatus} in ('disabled', 'testing', 'test_unsuccessful', 'test_successful')`),
  ],
);

/** Moderation history of a campaign, newest last (same statuses as ads); the latest row is `latest_approval`. */
export const campaignApprovals = pgTable(
  'campaign_approvals',
  {
    id: serial('id').primaryKey(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    status: varchar('status', { length: 16 }).$type<Approval['status']>().notNull(),
    details: text('details'),
    rejectCauseId: integer('reject_cause_id').references(() => rejectCauses.id, { onDelete: 'set null' }),
    moderator: varchar('moderator', { length: 120 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('campaign_approvals_campaign_idx').on(t.campaignId, t.id),
    check('campaign_approvals_status_check', sql`${t.status} in ('pending', 'approved', 'rejected', 'needs_edits')`),
  ],
);

/**
 * Automatic rules of a campaign: when every condition holds over the last `period_days` of its statistics,
 * do `action` (pause, activate, change the price, blacklist the worst site or spot). The hourly job
 * (ruleRuns.ts) writes what it did on the rule's own row, in the transaction of the effect: `last_applied_at` is
 * when the action last changed the campaign (the rule rests `period_days` after it), `last_result` what the last
 * check found (`applied`, `not_matched`, `nothing_to_do`) and `last_reason` why nothing was done.
 */
export const campaignUpdatingRules = pgTable(
  'campaign_updating_rules',
  {
    id: serial('id').primaryKey(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    action: varchar('action', { length: 32 }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
    periodDays: integer('period_days').notNull(),
    conditions: jsonb('conditions').$type<{ field: string; operation: 'greater' | 'equal' | 'less'; value: string }[]>().notNull().default([]),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
    lastAppliedAt: timestamp('last_applied_at', { withTimezone: true }),
    lastResult: varchar('last_result', { length: 16 }).$type<'applied' | 'not_matched' | 'nothing_to_do'>(),
    lastReason: varchar('last_reason', { length: 32 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('campaign_updating_rules_campaign_idx').on(t.campaignId),
    check('campaign_updating_rules_last_result_check', sql`${t.lastResult} is null or ${t.lastResult} in ('applied', 'not_matched', 'nothing_to_do')`),
  ],
);

/**
 * A campaign's statistics per day (a rollup of the ad server's events): what updating rules, the campaign
 * table's spend and the campaign view read. Money to 4 decimals (costs are fractions of a cent).
 */
export const campaignStatsDaily = pgTable(
  'campaign_stats_daily',
  {
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    impressions: bigint('impressions', { mode: 'number' }).notNull().default(0),
    clicks: bigint('clicks', { mode: 'number' }).notNull().default(0),
    conversions: bigint('conversions', { mode: 'number' }).notNull().default(0),
    spend: numeric('spend', { precision: 18, scale: 4 }).notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.day] })],
);
