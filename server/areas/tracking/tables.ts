/**
 * Conversion tracking (the tracking area): each advertiser's tracking key and the conversions received.
 * Tables are the database contract areas share: another area may import this file (foreign keys, joins).
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, numeric, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from '../../db/schema';
import { campaigns } from '../campaigns/tables';

/**
 * The key in an advertiser's postback and pixel URLs (`trk_` and 24 hex digits): it names whose conversions a
 * request reports, so unknown and late ones can be shown to their owner. Made on the first GET tracking.
 */
export const trackingKeys = pgTable('tracking_keys', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  key: varchar('key', { length: 40 }).notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every conversion received by postback, pixel or test, and what became of it (`status`: accepted, duplicate,
 * unknown_click, too_late). An accepted one appended `event_id` to the event log. `dedupe_key` (click and type)
 * is set on an accepted conversion of a type that is not repeatable: its unique index makes a second one for the
 * same click a duplicate even when two arrive at once.
 */
export const trackingConversions = pgTable(
  'tracking_conversions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    status: varchar('status', { length: 16 }).notNull(),
    source: varchar('source', { length: 16 }).notNull(),
    conversionType: varchar('conversion_type', { length: 40 }).notNull(),
    payout: numeric('payout', { precision: 18, scale: 4 }).notNull(),
    clickId: varchar('click_id', { length: 64 }).notNull(),
    /** The click's event (stat_events.id) when the click is known. */
    clickEventId: bigint('click_event_id', { mode: 'number' }),
    campaignId: integer('campaign_id').references(() => campaigns.id, { onDelete: 'set null' }),
    /** The conversion line appended to stat_events (accepted only). */
    eventId: bigint('event_id', { mode: 'number' }),
    dedupeKey: varchar('dedupe_key', { length: 80 }),
    /** When the rollups took the appended event in (null: the tracking job's next pass does). */
    rolledUpAt: timestamp('rolled_up_at', { withTimezone: true }),
  },
  (t) => [
    index('tracking_conversions_user_idx').on(t.userId, t.receivedAt),
    uniqueIndex('tracking_conversions_dedupe_idx').on(t.dedupeKey),
    index('tracking_conversions_rollup_idx').on(t.id).where(sql`event_id is not null and rolled_up_at is null`),
  ],
);
