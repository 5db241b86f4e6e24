/**
 * `npm run seed:stats -- [--events N] [--days D] [--traffic]`: regenerates the demo simulator's data in the
 * database `npm start` uses (DATABASE_URL, else PGlite in DATA_DIR, default .data/pglite), deterministically.
 * `--events N` (default 1,000,000) replaces the demo advertisers' statistics with N event lines over the last D
 * days (default 90) and rebuilds the rollups; `--traffic` replaces the network's traffic (the campaign form's
 * estimate) after server/demo/formatProfiles.json changed, and alone it leaves the statistics as they are.
 * Stop the server first when it runs on PGlite, which one process opens at a time.
 */
import { isAbsolute, join } from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { connect } from '../server/db/connect';
import { users } from '../server/db/schema';
import { reseedTraffic } from '../server/demo/generateTraffic';
import { demoUsers } from '../server/demo/seedData';
import { seedStatistics } from '../server/demo/seedStatistics';
import { repoRoot } from '../server/paths';

const given = (name: string) => process.argv.some((a) => a === `--${name}` || a.startsWith(`--${name}=`));
const arg = (name: string, fallback: number) => {
  const at = process.argv.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (at < 0) return fallback;
  const value = process.argv[at].includes('=') ? process.argv[at].split('=')[1] : process.argv[at + 1];
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) {
    console.error(`--${name} must be a whole number, not "${value}"`);
    process.exit(1);
  }
  return n;
};

const traffic = given('traffic');
const statistics = !traffic || given('events');
const events = arg('events', 1_000_000);
const days = arg('days', 90);
const dataDir = process.env.DATA_DIR ?? '.data/pglite';
const database = await connect({ databaseUrl: process.env.DATABASE_URL, dataDir: dataDir === 'memory://' || isAbsolute(dataDir) ? dataDir : join(repoRoot, dataDir) });
await database.migrate();

if (traffic) {
  const started = performance.now();
  const result = await reseedTraffic(database.db);
  console.log(`${result.rows.toLocaleString('en')} traffic rows over ${result.days} days in ${((performance.now() - started) / 1000).toFixed(1)} s (${database.description})`);
}

if (statistics) {
  const demo = demoUsers.filter((u) => u.demoAds);
  const found = await database.db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(inArray(users.email, demo.map((u) => u.email)), eq(users.role, 'advertiser')));
  if (!found.length) {
    console.error('No demo advertisers in this database: run npm start once first.');
    process.exit(1);
  }
  const started = performance.now();
  const result = await seedStatistics(database.db, { events, days, userIds: found.map((u) => u.id) });
  console.log(`${result.events.toLocaleString('en')} event lines for ${result.campaigns} campaigns of ${found.map((u) => u.email).join(', ')} over ${days} days, rolled up in ${((performance.now() - started) / 1000).toFixed(1)} s (${database.description})`);
}
await database.close();
