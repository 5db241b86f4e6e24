import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { loadNetworkConfigs } from '../../server/config/loadNetworkConfigs';
import { connect, type Database } from '../../server/db/connect';
import { seed } from '../../server/demo/seed';
import { seedFlatDeals } from '../../server/demo/seedMarketplace';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the migrated, seeded template lives (tests/setup/seededTemplate.ts); absent outside vitest's server project. */
    seededTemplate?: { pgliteDump: string } | { postgresDatabase: string };
  }
}

/** A test's database; on PostgreSQL with its URL, so a test can open a second pool as another API process would. */
export type TestDatabase = Database & { url?: string };

/**
 * A fresh, empty database for one test file: in-memory PGlite, or, when DATABASE_URL is set (CI's second run),
 * a new database on that PostgreSQL server, dropped again on close.
 */
export function testDatabase(): Promise<TestDatabase> {
  return process.env.DATABASE_URL ? postgresDatabase(process.env.DATABASE_URL) : connect({ dataDir: 'memory://' });
}

/**
 * A fresh database with the migrations and the demo data, copied from the template the server project's global
 * setup built once (a PGlite dump, or a PostgreSQL `TEMPLATE`): booting, migrating and seeding took ~6 s a file.
 */
export async function seededTestDatabase(): Promise<TestDatabase> {
  const template = inject('seededTemplate');
  const url = process.env.DATABASE_URL;
  if (template && 'postgresDatabase' in template && url) return postgresDatabase(url, template.postgresDatabase);
  if (template && 'pgliteDump' in template && !url) return connect({ loadDataDir: new Blob([await readFile(template.pgliteDump)]) });
  const database = await testDatabase();
  await migrateAndSeed(database);
  return database;
}

/** What the template holds: every migration, the demo accounts of every network config and its flat deals. */
export async function migrateAndSeed(database: Database): Promise<void> {
  await database.migrate();
  const configs = loadNetworkConfigs();
  await seed(database.db, configs.map((c) => c.id));
  for (const network of configs) await seedFlatDeals(database.db, network);
}

/** The PGlite client under a Database (to dump it). */
export const pgliteClient = (database: Database) => (database.db as unknown as { $client: PGlite }).$client;

async function postgresDatabase(url: string, template?: string): Promise<TestDatabase> {
  const name = `adpanel_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(url, `create database "${name}"${template ? ` template "${template}"` : ''}`);
  const testUrl = new URL(url);
  testUrl.pathname = `/${name}`;
  const database = await connect({ databaseUrl: testUrl.toString() });
  return {
    ...database,
    url: testUrl.toString(),
    description: `${database.description} (dropped after the tests)`,
    async close() {
      await database.close();
      await adminQuery(url, `drop database if exists "${name}" with (force)`);
    },
  };
}

/** Runs one statement on the server's maintenance connection (create and drop database). */
export async function adminQuery(url: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}
