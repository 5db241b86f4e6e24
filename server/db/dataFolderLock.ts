/**
 * One process per PGlite data folder. PGlite is PostgreSQL compiled to WebAssembly without the postmaster: two
 * processes on one folder both open it, hand out the same ids and overwrite each other's pages, so acknowledged
 * writes vanish (probe finding F6). The holder keeps `<folder>.lock` (beside the folder, so PGlite never sees it)
 * holding its pid and host for as long as it runs; the next process refuses to start while that pid is alive.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { linkSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';

/** Thrown by connect() when another live process holds the data folder; its message is for the person starting it. */
export class DataFolderLockedError extends Error {
  override name = 'DataFolderLockedError';
  constructor(
    /** The data folder as it was given. */
    readonly dataDir: string,
    /** The process holding it. */
    readonly pid: number,
    /** The holder's host when it is not this machine (a folder on a shared drive). */
    readonly host: string | null,
    /** The lock file, to delete by hand only when no server runs. */
    readonly lockFile: string,
  ) {
    super(
      `The PGlite data folder ${dataDir} is in use by another server (pid ${pid}${host ? ` on ${host}` : ''}). ` +
        'Stop it first, or set DATA_DIR to another folder.',
    );
  }

  /** Printed as the message alone (`console.error('...', error)` in main.ts): a stack trace adds nothing here. */
  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return `${this.message}\n(If no server uses it, delete ${this.lockFile}.)`;
  }
}

/** What a lock file holds. */
interface LockInfo {
  pid: number;
  host: string;
  started: string;
}

/** A held lock: release() removes the file if it is still ours (idempotent). */
export interface DataFolderLock {
  file: string;
  release(): void;
}

/** The lock file of a data folder: `<folder>.lock` beside it (`.data/pglite` → `.data/pglite.lock`). */
export function lockFileOf(dataDir: string): string {
  const folder = resolve(dataDir);
  return join(dirname(folder), `${basename(folder)}.lock`);
}

function readLock(file: string): { raw: string; info: LockInfo | null } | null {
  let raw: string;
  try {
    raw = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    const info = JSON.parse(raw) as Partial<LockInfo>;
    return Number.isInteger(info.pid) && (info.pid as number) > 0 && typeof info.host === 'string' ? { raw, info: info as LockInfo } : { raw, info: null };
  } catch {
    return { raw, info: null };
  }
}

/** Whether a process with this pid runs on this machine (EPERM: it runs under another user). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the data folder's lock or throws DataFolderLockedError naming the live holder. The file is created
 * complete and atomically (written under a private name, then hard-linked to the lock name, which fails if it
 * exists), so no reader ever sees a half-written lock. A lock whose pid no longer runs on this host, or that does
 * not parse (a crash in an older version), is stale: it is moved aside under a private name and the claim retried,
 * so two processes taking over the same stale lock cannot both win. The lock goes away on release() and, should
 * the process end without closing the database, on exit; a killed process leaves a stale lock, which the next
 * start takes over.
 */
export function lockDataFolder(dataDir: string): DataFolderLock {
  const file = lockFileOf(dataDir);
  const host = hostname();
  const own = JSON.stringify({ pid: process.pid, host, started: new Date().toISOString() } satisfies LockInfo);
  const draft = `${file}.${randomUUID()}.tmp`;
  writeFileSync(draft, own, { flag: 'wx' });
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        linkSync(draft, file);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 5) throw error;
      }
      const held = readLock(file);
      if (!held) continue;
      const { info } = held;
      if (info && (info.host !== host || alive(info.pid))) throw new DataFolderLockedError(dataDir, info.pid, info.host !== host ? info.host : null, file);
      // Stale: move it aside (rename is atomic, so only one taker gets it) and make sure it was the stale one.
      const aside = `${file}.${randomUUID()}.stale`;
      try {
        renameSync(file, aside);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw error;
      }
      const moved = readLock(aside);
      if (moved && moved.raw !== held.raw) {
        // Another process took the stale lock over between our read and the rename: give its lock back.
        try {
          linkSync(aside, file);
        } catch {
          // It already has a new lock file in place; ours to drop.
        }
        unlinkSync(aside);
        if (moved.info) throw new DataFolderLockedError(dataDir, moved.info.pid, moved.info.host !== host ? moved.info.host : null, file);
        continue;
      }
      unlinkSync(aside);
    }
  } finally {
    unlinkSync(draft);
  }

  let held = true;
  const release = () => {
    if (!held) return;
    held = false;
    process.removeListener('exit', release);
    // Remove it only while it is still ours (someone may have deleted a lock by hand and started another server).
    if (readLock(file)?.raw === own) {
      try {
        unlinkSync(file);
      } catch {
        // Gone already.
      }
    }
  };
  process.on('exit', release);
  return { file, release };
}
