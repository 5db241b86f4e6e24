import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { connect, type Database } from '../../server/db/connect';

/**
 * A fresh, empty database for one test file: in-memory PGlite, or, when DATABASE_URL is set (CI's second run),
 * a new database on that PostgreSQL server, dropped again on close.
 */
export async function testDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (!url) return connect({ dataDir: 'memory://' });

  const name = `adpanel_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();

  const testUrl = new URL(url);
  testUrl.pathname = `/${name}`;
  const database = await connect({ databaseUrl: testUrl.toString() });
  return {
    ...database,
    description: `${database.description} (dropped after the tests)`,
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`drop database if exists "${name}" with (force)`);
      await dropper.end();
    },
  };
}
