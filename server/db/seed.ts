import { and, eq } from 'drizzle-orm';
import type { Db } from './connect';
import { hashPassword } from './passwords';
import { accountManagers, users } from './schema';
import { DEMO_PASSWORD, demoManagers, demoUsers, type DemoUser } from './seedData';

/**
 * Inserts the demo networks' account managers and users when missing; running it again changes nothing
 * (existing rows, including edited ones, are left alone). Only networks in `networkIds` are seeded.
 * @returns the demo users that exist for those networks (for the start-up banner).
 */
export async function seed(db: Db, networkIds: readonly string[]): Promise<DemoUser[]> {
  const wanted = new Set(networkIds);
  const managers = demoManagers.filter((m) => wanted.has(m.networkId));
  if (managers.length) await db.insert(accountManagers).values(managers).onConflictDoNothing();

  const people = demoUsers.filter((u) => wanted.has(u.networkId));
  for (const user of people) {
    const existing = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.networkId, user.networkId), eq(users.email, user.email)));
    if (existing.length) continue; // skip hashing: the seed runs on every start
    let managerId: number | null = null;
    if (user.managerEmail) {
      const [manager] = await db
        .select({ id: accountManagers.id })
        .from(accountManagers)
        .where(and(eq(accountManagers.networkId, user.networkId), eq(accountManagers.email, user.managerEmail)));
      managerId = manager?.id ?? null;
    }
    await db
      .insert(users)
      .values({
        networkId: user.networkId,
        email: user.email,
        name: user.name,
        passwordHash: await hashPassword(DEMO_PASSWORD),
        role: user.role,
        status: user.status,
        accountType: user.accountType,
        companyName: user.companyName,
        locale: user.locale,
        balance: user.balance,
        accountManagerId: managerId,
        emailConfirmedAt: user.status === 'confirmed' ? new Date() : null,
      })
      .onConflictDoNothing();
  }
  return people;
}
