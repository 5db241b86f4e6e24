import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { paths } from '../paths';
import { lockDataFolder } from './dataFolderLock';

export { DataFolderLockedError } from './dataFolderLock';

/** The Drizzle database both drivers give: route and repository code is written against this only. */
export type Db = PgDatabase<PgQueryResultHKT>;

/** An open database with its own migrate and close. */
export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Where it lives, for the start-up banner (never includes a password). */
  description: string;
  /** Applies the SQL migrations of server/db/migrations with drizzle's own migrator, so errors surface. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export interface ConnectOptions {
  /** postgres://... for a PostgreSQL server; wins over dataDir. */
  databaseUrl?: string;
  /**
   * PGlite data folder; `memory://` for an in-memory database. A folder is held by one process at a time (a lock
   * file `<folder>.lock` beside it, removed on close or exit): a second open throws DataFolderLockedError.
   */
  dataDir?: string;
  /** An in-memory PGlite that starts from this dump (`dumpDataDir`) instead of an empty cluster: the tests' seeded template. */
  loadDataDir?: Blob;
}

/** Opens PostgreSQL (DATABASE_URL) or embedded PGlite (a data folder, or in memory). */
export async function connect({ databaseUrl, dataDir = '.data/pglite', loadDataDir }: ConnectOptions = {}): Promise<Database> {
  if (databaseUrl) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
    // An idle connection the server ends (a restart, a failover, a dropped test database) is an event on the pool;
    // unheard, it would crash the process. The pool opens a new connection for the next query.
    let closing = false;
    pool.on('error', (error) => {
      if (!closing) console.warn(`PostgreSQL closed an idle connection: ${error.message}`);
    });
    // Fail at start with the server's own message (bad password, no database) rather than on the first request.
    await pool.query('select 1');
    const db = drizzlePg({ client: pool }) as Db;
    const url = new URL(databaseUrl);
    return {
      db,
      kind: 'postgres',
      description: `PostgreSQL ${url.hostname}:${url.port || 5432}${url.pathname}`,
      migrate: () => migratePg(drizzlePg({ client: pool }), { migrationsFolder: paths.migrations }),
      close: () => {
        closing = true;
        return pool.end();
      },
    };
  }
  const inMemory = dataDir === 'memory://' || loadDataDir !== undefined;
  // One process per data folder: a second one would hand out the same ids and lose writes (probe finding F6).
  // Throws DataFolderLockedError (the folder and the holder's pid) when another live process has it.
  if (!inMemory) mkdirSync(dataDir, { recursive: true });
  const lock = inMemory ? null : lockDataFolder(dataDir);
  let client: PGlite;
  try {
    client = loadDataDir ? new PGlite({ loadDataDir }) : inMemory ? new PGlite() : new PGlite(dataDir);
    await client.waitReady;
  } catch (error) {
    lock?.release();
    throw error;
  }
  const db = drizzlePglite({ client }) as Db;
  return {
    db,
    kind: 'pglite',
    description: inMemory ? 'PGlite in memory' : `PGlite in ${dataDir}`,
    migrate: () => migratePglite(drizzlePglite({ client }), { migrationsFolder: paths.migrations }),
    close: async () => {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}
