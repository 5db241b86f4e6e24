/**
 * Card verifications (the verification area): the documents a user sends to prove they own the card they pay with,
 * one row per document kind sent, and the support staff's decision on it.
 * Tables are the database contract areas share: another area may import this file (foreign keys, joins).
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { VerificationStatus, VerificationType } from '../../../generated/types';
import { users } from '../../db/schema';

/**
 * A user's card verifications. `documents` holds ids of the user's own uploads (media_files of kind document).
 * At most one pending or approved row per user and kind (a partial unique index); rejected ones stay as history,
 * a withdrawn one (only a pending one can be) is deleted.
 */
export const cardVerifications = pgTable(
  'card_verifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: varchar('type', { length: 32 }).$type<VerificationType>().notNull(),
    status: varchar('status', { length: 16 }).$type<VerificationStatus>().notNull().default('pending'),
    documents: jsonb('documents').$type<number[]>().notNull(),
    rejectReason: text('reject_reason'),
    /** The staff member who decided (users.id); null while pending. */
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('card_verifications_user_type_live_unique').on(t.userId, t.type).where(sql`${t.status} in ('pending', 'approved')`),
    index('card_verifications_user_idx').on(t.userId, t.createdAt),
    index('card_verifications_pending_idx').on(t.status, t.createdAt),
    check('card_verifications_type_check', sql`${t.type} in ('photo_of_card', 'passport', 'passport_and_paper', 'io')`),
    check('card_verifications_status_check', sql`${t.status} in ('pending', 'approved', 'rejected')`),
  ],
);
