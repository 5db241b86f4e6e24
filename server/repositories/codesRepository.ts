import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { userCodes, users } from '../db/schema';

export type CodePurpose = 'email_confirm' | 'login_email' | 'login_google' | 'password_reset' | 'impersonate' | 'telegram_link';
export type CodeRow = typeof userCodes.$inferSelect;

/** How long each kind of secret lives. */
export const CODE_TTL_MS: Record<CodePurpose, number> = {
  email_confirm: 7 * 24 * 60 * 60 * 1000,
  login_email: 10 * 60 * 1000,
  login_google: 10 * 60 * 1000,
  password_reset: 60 * 60 * 1000,
  impersonate: 2 * 60 * 1000,
  telegram_link: 60 * 60 * 1000,
};

/** A new secret to store (the caller sends it); `now` only in tests. */
export interface IssueInput {
  userId: number;
  networkId: string;
  purpose: CodePurpose;
  secret: string;
  impersonatorId?: number | null;
  now?: Date;
}

/** Wrong guesses one sign-in code takes before it is dead. */
export const MAX_CODE_ATTEMPTS = 5;

/** A 6-digit code (sign-in by e-mail). */
export const sixDigits = () => String(randomInt(0, 1_000_000)).padStart(6, '0');
/** A 256-bit URL-safe token (links). */
export const urlToken = () => randomBytes(32).toString('base64url');

/**
 * Single-use secrets of users. Only an HMAC (keyed by a server pepper, bound to purpose and user) is stored, so a
 * leaked table neither reveals a code nor lets anyone test 6-digit guesses offline; checks compare in constant time.
 */
export function createCodesRepository(db: Db, pepper: string) {
  const digest = (purpose: CodePurpose, userId: number, secret: string) =>
    createHmac('sha256', pepper).update(`${purpose}:${userId}:${secret}`).digest('base64url');
  /** The row of a new secret: its digest, and the lifetime of its purpose from now. */
  const newRow = (input: IssueInput) => {
    const now = input.now ?? new Date();
    return {
      userId: input.userId,
      networkId: input.networkId,
      purpose: input.purpose,
      codeHash: digest(input.purpose, input.userId, input.secret),
      impersonatorId: input.impersonatorId ?? null,
      createdAt: now,
      expiresAt: new Date(now.getTime() + CODE_TTL_MS[input.purpose]),
    };
  };
  const same = (a: string, b: string) => {
    const x = Buffer.from(a);
    const y = Buffer.from(b);
    return x.length === y.length && timingSafeEqual(x, y);
  };

  return {
    /** Stores a new secret for a user (the caller sends it); returns the row. */
    async issue(input: IssueInput): Promise<CodeRow> {
      const [row] = await db.insert(userCodes).values(newRow(input)).returning();
      return row;
    },

    /**
     * Stores a new secret unless one of the same purpose was issued within `cooldownMs`; null when it was. The user's
     * row is locked for the check, so two requests at once (or two servers) never both pass it.
     */
    async issueUnlessRecent(input: IssueInput, cooldownMs: number): Promise<CodeRow | null> {
      return db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, input.userId)).for('update');
        const [recent] = await tx
          .select({ id: userCodes.id })
          .from(userCodes)
          .where(and(eq(userCodes.userId, input.userId), eq(userCodes.purpose, input.purpose), gt(userCodes.createdAt, new Date(Date.now() - cooldownMs))))
          .limit(1);
        if (recent) return null;
        const [row] = await tx.insert(userCodes).values(newRow(input)).returning();
        return row;
      });
    },

    /** The newest unused secret of a purpose (expired or not), to tell "expired" from "wrong". */
    async latest(userId: number, purpose: CodePurpose): Promise<CodeRow | undefined> {
      const [row] = await db
        .select()
        .from(userCodes)
        .where(and(eq(userCodes.userId, userId), eq(userCodes.purpose, purpose), isNull(userCodes.usedAt)))
        .orderBy(desc(userCodes.createdAt), desc(userCodes.id))
        .limit(1);
      return row;
    },

    /** One row by id, if it has this purpose. */
    async byId(id: number, purpose: CodePurpose): Promise<CodeRow | undefined> {
      const [row] = await db.select().from(userCodes).where(and(eq(userCodes.id, id), eq(userCodes.purpose, purpose)));
      return row;
    },

    /** Whether a secret is the one stored in this row (constant time). */
    matches(row: CodeRow, secret: string): boolean {
      return same(row.codeHash, digest(row.purpose as CodePurpose, row.userId, secret));
    },

    /**
     * The live (unused, unexpired) row of a user and purpose this secret belongs to, checked against every live
     * row in constant time; a hit is marked used in the same statement that checks it is still unused.
     */
    async consume(userId: number, purpose: CodePurpose, secret: string): Promise<CodeRow | undefined> {
      const live = await db
        .select()
        .from(userCodes)
        .where(and(eq(userCodes.userId, userId), eq(userCodes.purpose, purpose), isNull(userCodes.usedAt), gt(userCodes.expiresAt, sql`now()`)));
      const hit = live.find((row) => same(row.codeHash, digest(purpose, userId, secret)));
      return hit && (await this.markUsed(hit.id)) ? hit : undefined;
    },

    /** Marks a row used; false when another request used it first. */
    async markUsed(id: number): Promise<boolean> {
      const rows = await db
        .update(userCodes)
        .set({ usedAt: sql`now()` })
        .where(and(eq(userCodes.id, id), isNull(userCodes.usedAt)))
        .returning({ id: userCodes.id });
      return rows.length > 0;
    },

    /** Counts a wrong guess; returns the attempts so far. */
    async countAttempt(id: number): Promise<number> {
      const [row] = await db
        .update(userCodes)
        .set({ attempts: sql`${userCodes.attempts} + 1` })
        .where(eq(userCodes.id, id))
        .returning({ attempts: userCodes.attempts });
      return row?.attempts ?? MAX_CODE_ATTEMPTS;
    },

    /** Ends every unused secret of a user and purpose (a new code replaces the old ones). */
    async revokeAll(userId: number, purpose: CodePurpose): Promise<void> {
      await db
        .update(userCodes)
        .set({ usedAt: sql`now()` })
        .where(and(eq(userCodes.userId, userId), eq(userCodes.purpose, purpose), isNull(userCodes.usedAt)));
    },

    /** When the newest secret of a purpose was issued (rate limits of mails). */
    async lastIssuedAt(userId: number, purpose: CodePurpose): Promise<Date | null> {
      const [row] = await db
        .select({ createdAt: userCodes.createdAt })
        .from(userCodes)
        .where(and(eq(userCodes.userId, userId), eq(userCodes.purpose, purpose)))
        .orderBy(desc(userCodes.createdAt))
        .limit(1);
      return row?.createdAt ?? null;
    },
  };
}

export type CodesRepository = ReturnType<typeof createCodesRepository>;
