import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../../server/demo/seed';
import { demoUsers } from '../../server/demo/seedData';
import { users } from '../../server/db/schema';
import { verifyPassword } from '../../server/db/passwords';
import { build, DEMO_PASSWORD, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t?.close());

describe('database', () => {
  it('runs on the driver the environment asks for', () => {
    expect(t.database.kind).toBe(process.env.DATABASE_URL ? 'postgres' : 'pglite');
  });

  it('seeds idempotently: a second run adds nothing', async () => {
    const count = async () => (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(users))[0].n;
    expect(await count()).toBe(demoUsers.length);
    await seed(t.database.db, ['adnet', 'pushhub']);
    expect(await count()).toBe(demoUsers.length);
  });

  it('stores salted scrypt hashes, never passwords, and money as exact decimals', async () => {
    const rows = await t.database.db.select().from(users);
    const hashes = rows.map((r) => r.passwordHash);
    expect(hashes.every((h) => h.startsWith('scrypt$') && !h.includes(DEMO_PASSWORD))).toBe(true);
    expect(new Set(hashes).size).toBe(hashes.length);
    expect(await verifyPassword(DEMO_PASSWORD, hashes[0])).toBe(true);
    expect(await verifyPassword('demo12345', hashes[0])).toBe(false);
    expect(rows.find((r) => r.email === 'company@adnet.test')?.balance).toBe('15420.750000');
  });

  it('keeps the same e-mail apart per network and exactly one role per user', async () => {
    const rows = await t.database.db.select().from(users);
    expect(new Set(rows.map((r) => r.networkId))).toEqual(new Set(['adnet', 'pushhub']));
    expect(rows.filter((r) => r.role === 'support')).toHaveLength(2);
    expect(rows.filter((r) => r.accountType === 'company')).toHaveLength(2);
  });
});
