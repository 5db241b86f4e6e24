/**
 * Content feeds (the feeds area): addresses of the advertiser's feeds that the network loads content from.
 * Tables are the database contract areas share: another area may import this file (foreign keys, joins).
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { FeedsFeedAnswer } from '../../../generated/types';
import { users } from '../../db/schema';

/** A user's feeds. Names are unique per user in any case, endpoints exactly; new feeds are active. */
export const feeds = pgTable(
  'feeds',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 100 }).notNull(),
    endpoint: varchar('endpoint', { length: 2048 }).notNull(),
    status: varchar('status', { length: 16 }).$type<FeedsFeedAnswer['status']>().notNull().default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('feeds_user_name_unique').on(t.userId, sql`lower(${t.name})`),
    uniqueIndex('feeds_user_endpoint_unique').on(t.userId, t.endpoint),
    index('feeds_user_idx').on(t.userId, t.createdAt),
    check('feeds_status_check', sql`${t.status} in ('active', 'paused')`),
  ],
);
