import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { accountManagers, users } from '../db/schema';

export type UserRow = typeof users.$inferSelect;
export type AccountManagerRow = typeof accountManagers.$inferSelect;

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

    /** The account manager assigned to a user, if any. */
    async accountManager(id: number | null): Promise<AccountManagerRow | undefined> {
      if (id === null) return undefined;
      const [row] = await db.select().from(accountManagers).where(eq(accountManagers.id, id));
      return row;
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
