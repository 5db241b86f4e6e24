import { and, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { FeedsQuery } from '../../../generated/types';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/connect';
import { isUniqueViolation, lower, pageOrder, searchCondition, selectPage, type PageRequest } from '../../db/listing';
import { feeds } from './tables';

export type FeedRecord = typeof feeds.$inferSelect;
/** A page of the feed list: the generated query (schemas/feeds/feeds.query.schema.json) with its defaults filled in. */
export type FeedPageQuery = FeedsQuery & PageRequest<NonNullable<FeedsQuery['sort']>>;
/** What the feed form saves. */
export interface FeedInput {
  name: string;
  endpoint: string;
}
/** Which of a feed's unique fields another feed of the user already has. */
export type FeedClash = 'name' | 'endpoint';

const SORT: Record<FeedPageQuery['sort'], SQL | PgColumn> = {
  id: feeds.id,
  name: lower(feeds.name),
  endpoint: feeds.endpoint,
  status: feeds.status,
  created_at: feeds.createdAt,
  updated_at: feeds.updatedAt,
};

/** The user's content feeds. Every read and write is scoped to the owner. */
export function createFeedsRepository(db: Db) {
  return {
    /** A page of the user's feeds and how many match. */
    async page(userId: number, q: FeedPageQuery): Promise<{ rows: FeedRecord[]; filtered: number }> {
      const where = and(eq(feeds.userId, userId), q.status?.length ? inArray(feeds.status, q.status) : undefined, searchCondition(q.search, feeds.id, [feeds.name, feeds.endpoint]));
      return selectPage(db, feeds, where, pageOrder(q.order, SORT[q.sort], feeds.id), q);
    },

    /** The user's feed (undefined for another user's or a missing one). */
    async find(userId: number, id: number): Promise<FeedRecord | undefined> {
      const [row] = await db.select().from(feeds).where(and(eq(feeds.id, id), eq(feeds.userId, userId)));
      return row;
    },

    /** Which of `input`'s name (any case) and endpoint another feed of the user has (`exceptId`: the feed being edited). */
    async clashes(userId: number, input: FeedInput, exceptId = 0): Promise<FeedClash[]> {
      const found = await db
        .select({ name: feeds.name, endpoint: feeds.endpoint })
        .from(feeds)
        .where(and(eq(feeds.userId, userId), ne(feeds.id, exceptId), sql`(lower(${feeds.name}) = lower(${input.name}) or ${feeds.endpoint} = ${input.endpoint})`));
      const out: FeedClash[] = [];
      if (found.some((f) => f.name.toLowerCase() === input.name.toLowerCase())) out.push('name');
      if (found.some((f) => f.endpoint === input.endpoint)) out.push('endpoint');
      return out;
    },

    /** A new active feed; undefined when a feed of the user took the name or endpoint meanwhile. */
    async create(userId: number, input: FeedInput): Promise<FeedRecord | undefined> {
      const [row] = await db.insert(feeds).values({ userId, ...input }).onConflictDoNothing().returning();
      return row;
    },

    /** Saves an edit; undefined when another feed of the user took the name or endpoint meanwhile. */
    async update(feed: FeedRecord, input: FeedInput): Promise<FeedRecord | undefined> {
      try {
        const [row] = await db.update(feeds).set({ ...input, updatedAt: sql`now()` }).where(eq(feeds.id, feed.id)).returning();
        return row;
      } catch (error) {
        if (isUniqueViolation(error)) return undefined;
        throw error;
      }
    },

    /** Sets the status; a feed already in it is answered unchanged. */
    async setStatus(feed: FeedRecord, status: FeedRecord['status']): Promise<FeedRecord> {
      if (feed.status === status) return feed;
      const [row] = await db.update(feeds).set({ status, updatedAt: sql`now()` }).where(eq(feeds.id, feed.id)).returning();
      return row ?? feed;
    },

    async delete(feedId: number): Promise<void> {
      await db.delete(feeds).where(eq(feeds.id, feedId));
    },
  };
}

export type FeedsRepository = ReturnType<typeof createFeedsRepository>;
