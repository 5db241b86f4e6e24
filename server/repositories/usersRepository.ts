import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { accountManagers, userMessengers, users } from '../db/schema';

export type UserRow = typeof users.$inferSelect;
export type AccountManagerRow = typeof accountManagers.$inferSelect;
export type UserMessengerRow = typeof userMessengers.$inferSelect;
export type NewUser = typeof users.$inferInsert;

/** Users of one database; every lookup is scoped to a network, so accounts never leak between networks. */
export function createUsersRepository(db: Db) {
  return {
    /** The user with this e-mail on this network (e-mails are stored lower-case). */
    async findByEmail(networkId: string, email: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(and(eq(users.networkId, networkId), eq(users.email, email.trim().toLowerCase())));
      return row;
    },

    /** The user with this id on this network. */
    async findById(networkId: string, id: number): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(and(eq(users.networkId, networkId), eq(users.id, id)));
      return row;
    },

    /** Creates a user; undefined when the e-mail is already taken on that network (the unique index decides). */
    async create(values: NewUser): Promise<UserRow | undefined> {
      const [row] = await db
        .insert(users)
        .values({ ...values, email: values.email.trim().toLowerCase() })
        .onConflictDoNothing()
        .returning();
      return row;
    },

    /** Changes some columns of a user (and `updated_at`); returns the new row. */
    async update(id: number, values: Partial<NewUser>): Promise<UserRow> {
      const [row] = await db.update(users).set({ ...values, updatedAt: sql`now()` }).where(eq(users.id, id)).returning();
      return row;
    },

    /** The messengers a user listed, in the order given. */
    messengers(userId: number): Promise<UserMessengerRow[]> {
      return db.select().from(userMessengers).where(eq(userMessengers.userId, userId)).orderBy(asc(userMessengers.id));
    },

    /**
     * Replaces a user's messenger list. A messenger that stays keeps its linked chat (`messenger_user_id`) unless
     * its nickname changed.
     */
    /**
     * Counts a wrong second-step code, across codes: the `max`-th locks the second step for `lockMinutes` (and starts
     * the count again). Returns the lock's end when this failure set one.
     */
    async recordSecondStepFailure(id: number, max: number, lockMinutes: number): Promise<Date | null> {
      const [row] = await db
        .update(users)
        .set({
          secondStepFailures: sql`case when ${users.secondStepFailures} + 1 >= ${max} then 0 else ${users.secondStepFailures} + 1 end`,
          secondStepLockedUntil: sql`case when ${users.secondStepFailures} + 1 >= ${max} then now() + make_interval(mins => ${lockMinutes}) else ${users.secondStepLockedUntil} end`,
        })
        .where(eq(users.id, id))
        .returning({ lockedUntil: users.secondStepLockedUntil });
      return row?.lockedUntil && row.lockedUntil.getTime() > Date.now() ? row.lockedUntil : null;
    },

    async setMessengers(userId: number, list: { messenger_id: number; nickname: string }[]): Promise<void> {
      const before = new Map((await this.messengers(userId)).map((m) => [m.messengerId, m]));
      await db.transaction(async (tx) => {
        await tx.delete(userMessengers).where(eq(userMessengers.userId, userId));
        if (list.length) {
          await tx.insert(userMessengers).values(
            list.map((m) => {
              const old = before.get(m.messenger_id);
              const nickname = m.nickname.trim();
              return { userId, messengerId: m.messenger_id, nickname, messengerUserId: old && old.nickname === nickname ? old.messengerUserId : null };
            }),
          );
        }
      });
    },

    /** Sets or clears the linked chat of one messenger; creates the messenger entry when linking. */
    async linkMessenger(userId: number, messengerId: number, messengerUserId: string | null, nickname: string): Promise<void> {
      if (messengerUserId === null) {
        await db.update(userMessengers).set({ messengerUserId: null }).where(and(eq(userMessengers.userId, userId), eq(userMessengers.messengerId, messengerId)));
        return;
      }
      await db
        .insert(userMessengers)
        .values({ userId, messengerId, nickname, messengerUserId })
        .onConflictDoUpdate({ target: [userMessengers.userId, userMessengers.messengerId], set: { messengerUserId } });
    },

    /** The account manager assigned to a user, if any. */
    async accountManager(id: number | null): Promise<AccountManagerRow | undefined> {
      if (id === null) return undefined;
      const [row] = await db.select().from(accountManagers).where(eq(accountManagers.id, id));
      return row;
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
