/**
 * Ads, their creatives, moderation history and scan reports (the ads area).
 * Tables are the database contract areas share: another area may import this file (foreign keys, joins).
 */
import { sql } from 'drizzle-orm';
import type { Approval } from '../../../generated/types';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from '../../db/schema';

/**
 * Ads. `format` is the stable id of a folder under schemas/ad-formats/; `model` holds the ad-level fields of
 * that format's form (everything except `name` and `creatives`), validated by its schema on every save.
 * Status: creating (being set up), created (ready), archived (deleted by the advertiser; kept for campaigns
 * and statistics, hidden from the table).
 */
export const ads = pgTable(
  'ads',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    networkId: varchar('network_id', { length: 40 }).notNull(),
    format: varchar('format', { length: 40 }).notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    status: varchar('status', { length: 16 }).notNull().default('created'),
    size: varchar('size', { length: 20 }),
    model: jsonb('model').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ads_user_idx').on(t.userId, t.status, t.createdAt),
    check('ads_status_check', sql`${t.status} in ('created', 'creating', 'archived')`),
  ],
);

/** The creatives of an ad, in form order; each can be switched off on its own. */
export const adCreatives = pgTable(
  'ad_creatives',
  {
    id: serial('id').primaryKey(),
    adId: integer('ad_id')
      .notNull()
      .references(() => ads.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ad_creatives_ad_idx').on(t.adId, t.position)],
);

/** Why moderation turned an ad down (the spec's reject cause: id, name, details, is_system). */
export const rejectCauses = pgTable('reject_causes', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 120 }).notNull(),
  details: text('details').notNull().default(''),
  isSystem: boolean('is_system').notNull().default(false),
});

/**
 * Moderation history of an ad, newest last: pending on every create and edit, then approved, rejected (with a
 * cause) or needs_edits by an operator. The latest row is the ad's `latest_approval`.
 */
export const adApprovals = pgTable(
  'ad_approvals',
  {
    id: serial('id').primaryKey(),
    adId: integer('ad_id')
      .notNull()
      .references(() => ads.id, { onDelete: 'cascade' }),
    status: varchar('status', { length: 16 }).$type<Approval['status']>().notNull(),
    details: text('details'),
    rejectCauseId: integer('reject_cause_id').references(() => rejectCauses.id, { onDelete: 'set null' }),
    /** Who decided: an operator's name, or null for the panel's own step (pending on save). */
    moderator: varchar('moderator', { length: 120 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ad_approvals_ad_idx').on(t.adId, t.id),
    check('ad_approvals_status_check', sql`${t.status} in ('pending', 'approved', 'rejected', 'needs_edits')`),
  ],
);

/** What the content scanner found in an ad when it was saved (URLs, HTML, packages). */
export const adScanReports = pgTable(
  'ad_scan_reports',
  {
    id: serial('id').primaryKey(),
    adId: integer('ad_id')
      .notNull()
      .references(() => ads.id, { onDelete: 'cascade' }),
    /** clean, warning (a person should look) or blocked (refused automatically). */
    verdict: varchar('verdict', { length: 16 }).notNull(),
    findings: jsonb('findings').$type<{ field: string; rule: string; detail: string; text?: string; values?: Record<string, string>; severity?: 'warning' | 'blocked' }[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ad_scan_reports_ad_idx').on(t.adId, t.id)],
);
