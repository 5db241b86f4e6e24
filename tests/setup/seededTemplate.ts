import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { connect } from '../../server/db/connect';
import { adminQuery, migrateAndSeed, pgliteClient, testDatabase } from '../api/testDatabase';

/**
 * Migrates and seeds one database before the server project's files run; each file's `build()` starts from a copy
 * (tests/api/testDatabase.ts › seededTestDatabase). On PostgreSQL (DATABASE_URL) the template is a database of
 * its own, dropped at the end; on PGlite it is a dump in the temp folder.
 */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `adpanel_template_${process.pid}_${randomBytes(4).toString('hex')}`;
    await adminQuery(url, `create database "${name}"`);
    const target = new URL(url);
    target.pathname = `/${name}`;
    const database = await connect({ databaseUrl: target.toString() });
    await migrateAndSeed(database);
    await database.close();
    project.provide('seededTemplate', { postgresDatabase: name });
    return () => adminQuery(url, `drop database if exists "${name}" with (force)`);
  }
  const database = await testDatabase();
  await migrateAndSeed(database);
  const dump = join(tmpdir(), `adpanel-template-${process.pid}-${randomBytes(4).toString('hex')}.tar`);
  await writeFile(dump, Buffer.from(await (await pgliteClient(database).dumpDataDir('none')).arrayBuffer()));
  await database.close();
  project.provide('seededTemplate', { pgliteDump: dump });
  return () => rm(dump, { force: true });
}
