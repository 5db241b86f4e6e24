/**
 * The referral program (the referral area): each user's referral code, the `?ref=` of their link. A user who signs
 * up after following it carries the code in `users.affiliate_code`, which makes them the code owner's referral.
 * Tables are the database contract areas share: another area may import this file (foreign keys, joins).
 */
import { integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from '../../db/schema';

/** A user's referral code (10 characters of [a-z0-9], made on first use); unique across networks. */
export const referralCodes = pgTable('referral_codes', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  code: varchar('code', { length: 16 }).notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
