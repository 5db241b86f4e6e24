import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { VerificationStatus, VerificationType } from '../../../generated/types';
import type { Db } from '../../db/connect';
import { users } from '../../db/schema';
import { mediaFiles } from '../media/tables';
import { cardVerifications } from './tables';

export type VerificationRecord = typeof cardVerifications.$inferSelect;
/** A pending verification with the advertiser who sent it (the staff's queue). */
export type QueuedRecord = VerificationRecord & { userEmail: string; userName: string };
/** What a decision records. */
export interface Decision {
  status: Exclude<VerificationStatus, 'pending'>;
  reason: string | null;
  staffId: number;
}

/** The card verifications of users. Every user call is scoped to the owner; staff calls to the network. */
export function createVerificationRepository(db: Db) {
  return {
    /** The user's verifications, newest first. */
    async list(userId: number): Promise<VerificationRecord[]> {
      return db.select().from(cardVerifications).where(eq(cardVerifications.userId, userId)).orderBy(desc(cardVerifications.createdAt), desc(cardVerifications.id));
    },

    /** Kind → the status of the user's latest verification of it (kinds never sent are absent). */
    async statuses(userId: number): Promise<Partial<Record<VerificationType, VerificationStatus>>> {
      const rows = await db
        .selectDistinctOn([cardVerifications.type], { type: cardVerifications.type, status: cardVerifications.status })
        .from(cardVerifications)
        .where(eq(cardVerifications.userId, userId))
        .orderBy(cardVerifications.type, desc(cardVerifications.createdAt), desc(cardVerifications.id));
      return Object.fromEntries(rows.map((r) => [r.type, r.status]));
    },

    /** Which of `ids` are files the user uploaded on this network, with their kind (`document`, `image`, ...). */
    async ownFiles(userId: number, networkId: string, ids: readonly number[]): Promise<Map<number, string>> {
      if (!ids.length) return new Map();
      const rows = await db
        .select({ id: mediaFiles.id, kind: mediaFiles.kind })
        .from(mediaFiles)
        .where(and(inArray(mediaFiles.id, [...ids]), eq(mediaFiles.userId, userId), eq(mediaFiles.networkId, networkId)));
      return new Map(rows.map((r) => [r.id, r.kind]));
    },

    /** File names of documents by id (a file that no longer exists is absent). */
    async documentNames(ids: readonly number[]): Promise<Map<number, string>> {
      const unique = [...new Set(ids)];
      if (!unique.length) return new Map();
      const rows = await db.select({ id: mediaFiles.id, name: mediaFiles.name }).from(mediaFiles).where(inArray(mediaFiles.id, unique));
      return new Map(rows.map((r) => [r.id, r.name]));
    },

    /** A new pending verification; undefined when one of that kind is already pending or approved (the partial unique index). */
    async create(userId: number, type: VerificationType, documents: readonly number[]): Promise<VerificationRecord | undefined> {
      const [row] = await db
        .insert(cardVerifications)
        .values({ userId, type, documents: [...documents] })
        .onConflictDoNothing()
        .returning();
      return row;
    },

    /** Deletes the user's pending verification of a kind; undefined when there is none. */
    async withdraw(userId: number, type: VerificationType): Promise<VerificationRecord | undefined> {
      const [row] = await db
        .delete(cardVerifications)
        .where(and(eq(cardVerifications.userId, userId), eq(cardVerifications.type, type), eq(cardVerifications.status, 'pending')))
        .returning();
      return row;
    },

    /** The network's pending verifications, oldest first, with who sent them. */
    async queue(networkId: string): Promise<QueuedRecord[]> {
      const rows = await db
        .select({ verification: cardVerifications, userEmail: users.email, userName: users.name })
        .from(cardVerifications)
        .innerJoin(users, eq(users.id, cardVerifications.userId))
        .where(and(eq(users.networkId, networkId), eq(cardVerifications.status, 'pending')))
        .orderBy(asc(cardVerifications.createdAt), asc(cardVerifications.id));
      return rows.map((r) => ({ ...r.verification, userEmail: r.userEmail, userName: r.userName }));
    },

    /** A pending verification of a user of this network, or undefined (another network's, decided or missing). */
    async findPendingInNetwork(networkId: string, id: number): Promise<VerificationRecord | undefined> {
      const [row] = await db
        .select({ verification: cardVerifications })
        .from(cardVerifications)
        .innerJoin(users, eq(users.id, cardVerifications.userId))
        .where(and(eq(cardVerifications.id, id), eq(users.networkId, networkId), eq(cardVerifications.status, 'pending')));
      return row?.verification;
    },

    /** Records a decision on a pending verification; undefined when it is no longer pending (decided or withdrawn meanwhile). */
    async decide(id: number, decision: Decision): Promise<VerificationRecord | undefined> {
      const [row] = await db
        .update(cardVerifications)
        .set({ status: decision.status, rejectReason: decision.reason, decidedBy: decision.staffId, decidedAt: sql`now()`, updatedAt: sql`now()` })
        .where(and(eq(cardVerifications.id, id), eq(cardVerifications.status, 'pending')))
        .returning();
      return row;
    },
  };
}

export type VerificationRepository = ReturnType<typeof createVerificationRepository>;
