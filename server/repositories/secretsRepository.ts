import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { appSecrets } from '../db/schema';

/**
 * A secret stored in the database, generated on first use. Every API process on the same database reads the
 * same value, so tokens stay valid across restarts and behind a load balancer without configuration.
 */
export async function getOrCreateSecret(db: Db, name: string): Promise<string> {
  await db.insert(appSecrets).values({ name, value: randomBytes(48).toString('base64url') }).onConflictDoNothing();
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, name));
  if (!row) throw new Error(`Secret "${name}" could not be stored`);
  return row.value;
}
