import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { authSessions } from '../db/schema';

/** Most live sessions one user may hold; older ones are revoked when a new one starts (the spec's session cap). */
export const MAX_SESSIONS = 50;

/**
 * How long a token replaced by a refresh keeps working: a request sent just before the panel stored the new
 * token (a navigation mid-refresh, a second tab) must not sign the user out. Logout and password resets end a
 * session at once (they leave no replacement).
 */
export const REFRESH_GRACE_SECONDS = 30;

export type SessionRow = typeof authSessions.$inferSelect;

/** A session whose token still gets in: not revoked, or replaced by a refresh less than REFRESH_GRACE_SECONDS ago. */
const letsIn = () =>
  or(
    isNull(authSessions.revokedAt),
    and(isNotNull(authSessions.replacedBy), gt(authSessions.revokedAt, sql`now() - make_interval(secs => ${REFRESH_GRACE_SECONDS})`)),
  );

/** Issued tokens (by `jti`): created at login and refresh, revoked at logout and refresh, checked on every call. */
export function createSessionsRepository(db: Db) {
  /** Ends a session now; `replacedBy` records the session a refresh moved it to. Returns whether it was live. */
  async function revoke(id: string, replacedBy: string | null = null): Promise<boolean> {
    const rows = await db
      .update(authSessions)
      .set({ revokedAt: sql`now()`, replacedBy })
      .where(and(eq(authSessions.id, id), isNull(authSessions.revokedAt)))
      .returning({ id: authSessions.id });
    return rows.length > 0;
  }

  /** Ends the sessions of `which` that still let a token in (see `letsIn`); a replaced one keeps the time it was replaced. */
  async function revokeWorking(which: SQL): Promise<number> {
    const rows = await db
      .update(authSessions)
      .set({ revokedAt: sql`coalesce(${authSessions.revokedAt}, now())`, replacedBy: null })
      .where(and(which, letsIn()))
      .returning({ id: authSessions.id });
    return rows.length;
  }

  return {
    revoke,

    /**
     * Starts a session and revokes the user's oldest live ones beyond the cap. A sign-in starts a family; a refresh
     * passes the family of the session it replaces.
     */
    async create(input: { userId: number; networkId: string; ttlSeconds: number; impersonatorId?: number | null; familyId?: string; ip?: string; userAgent?: string }) {
      const id = randomUUID();
      const expiresAt = new Date(Date.now() + input.ttlSeconds * 1000);
      await db.insert(authSessions).values({
        id,
        familyId: input.familyId ?? id,
        userId: input.userId,
        networkId: input.networkId,
        impersonatorId: input.impersonatorId ?? null,
        expiresAt,
        ip: input.ip?.slice(0, 64) ?? null,
        userAgent: input.userAgent?.slice(0, 512) ?? null,
      });
      const live = await db
        .select({ id: authSessions.id })
        .from(authSessions)
        .where(and(eq(authSessions.userId, input.userId), isNull(authSessions.revokedAt), gt(authSessions.expiresAt, sql`now()`)))
        .orderBy(desc(authSessions.createdAt), desc(authSessions.id))
        .offset(MAX_SESSIONS);
      for (const old of live) {
        if (old.id !== id) await revoke(old.id);
      }
      return { id, expiresAt, familyId: input.familyId ?? id };
    },

    /** A session by id (the replacement a refresh of a replaced token answers with). */
    async findById(id: string): Promise<SessionRow | undefined> {
      const [row] = await db.select().from(authSessions).where(eq(authSessions.id, id));
      return row;
    },

    /** Ends every session of one sign-in (logout): the session, the ones it was refreshed into, and those in their grace. */
    revokeFamily: (familyId: string): Promise<number> => revokeWorking(eq(authSessions.familyId, familyId)),

    /** Ends every session of a user (password reset), replaced tokens in their grace too; returns how many. */
    revokeAllForUser: (userId: number): Promise<number> => revokeWorking(eq(authSessions.userId, userId)),

    /** Ends every session of a user but those of one sign-in (a password change keeps the device it was made on). */
    revokeOthers: (userId: number, keepFamilyId: string): Promise<number> => revokeWorking(and(eq(authSessions.userId, userId), ne(authSessions.familyId, keepFamilyId))!),

    /**
     * The session if it exists, belongs to this user and network, has not expired, and is not revoked — or was
     * replaced by a refresh less than REFRESH_GRACE_SECONDS ago.
     */
    async findLive(id: string, userId: number, networkId: string): Promise<SessionRow | undefined> {
      const [row] = await db
        .select()
        .from(authSessions)
        .where(
          and(
            eq(authSessions.id, id),
            eq(authSessions.userId, userId),
            eq(authSessions.networkId, networkId),
            letsIn(),
            gt(authSessions.expiresAt, sql`now()`),
          ),
        );
      return row;
    },
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
