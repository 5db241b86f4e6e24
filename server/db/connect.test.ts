import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { repoRoot } from '../paths';
import { connect, type Database } from './connect';

const folders: string[] = [];
const open: Database[] = [];
afterEach(async () => {
  for (const database of open.splice(0)) await database.close().catch(() => undefined);
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A fresh parent folder; the data folder inside it does not exist yet (connect creates it). */
function tempDataDir(): string {
  const parent = mkdtempSync(join(tmpdir(), 'adpanel-lock-'));
  folders.push(parent);
  return join(parent, 'pglite');
}

async function opened(dataDir: string): Promise<Database> {
  const database = await connect({ dataDir });
  open.push(database);
  return database;
}

/** The pid of a process that has already ended. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '']);
  return child.pid!;
}

/** The lock file beside a data folder. */
const lockOf = (dataDir: string) => `${dataDir}.lock`;

/** Runs `server/main.ts` on `dataDir` (port 0), answering its exit code and output; killed after `ms`. */
function startServer(dataDir: string, ms: number): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(repoRoot, 'server/main.ts')], {
      cwd: repoRoot,
      env: { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', DATABASE_URL: '', DEMO_EVENTS: '0', LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), ms);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe('the PGlite data folder lock (probe finding F6)', () => {
  it('refuses a second open of the same folder with the folder and the holding pid', async () => {
    const dataDir = tempDataDir();
    const first = await opened(dataDir);
    await first.db.execute('select 1');
    const second = connect({ dataDir });
    await expect(second).rejects.toThrow(`The PGlite data folder ${dataDir} is in use by another server (pid ${process.pid}). Stop it first, or set DATA_DIR to another folder.`);
    await expect(second).rejects.toMatchObject({ name: 'DataFolderLockedError', dataDir, pid: process.pid });
    // The first one is untouched by the refused attempt.
    await first.db.execute('select 1');
    expect(existsSync(lockOf(dataDir))).toBe(true);
  });

  it('releases the folder on close, so the next open succeeds', async () => {
    const dataDir = tempDataDir();
    const first = await connect({ dataDir });
    expect(readFileSync(lockOf(dataDir), 'utf8')).toContain(`"pid":${process.pid}`);
    await first.close();
    expect(existsSync(lockOf(dataDir))).toBe(false);
    const again = await opened(dataDir);
    await again.db.execute('select 1');
  });

  it('takes over a stale lock left by a process that no longer runs', async () => {
    const dataDir = tempDataDir();
    const dead = deadPid();
    writeFileSync(lockOf(dataDir), JSON.stringify({ pid: dead, host: hostname(), started: new Date().toISOString() }));
    await opened(dataDir);
    expect(JSON.parse(readFileSync(lockOf(dataDir), 'utf8')).pid).toBe(process.pid);
  });

  it('takes over a lock file left empty or garbled by a crash', async () => {
    const dataDir = tempDataDir();
    writeFileSync(lockOf(dataDir), '');
    await opened(dataDir);
    expect(JSON.parse(readFileSync(lockOf(dataDir), 'utf8')).pid).toBe(process.pid);
  });

  it('refuses a lock held from another machine (a shared drive), whose pid cannot be checked here', async () => {
    const dataDir = tempDataDir();
    writeFileSync(lockOf(dataDir), JSON.stringify({ pid: deadPid(), host: 'other-box', started: new Date().toISOString() }));
    await expect(connect({ dataDir })).rejects.toThrow(/is in use by another server \(pid \d+ on other-box\)/);
  });

  it('a second server process on the same folder stops at once with a clear message', { timeout: 40_000 }, async () => {
    const dataDir = tempDataDir();
    await opened(dataDir);
    const { code, output } = await startServer(dataDir, 20_000);
    expect(output).toContain(`The PGlite data folder ${dataDir} is in use by another server (pid ${process.pid}). Stop it first, or set DATA_DIR to another folder.`);
    // One line, no stack trace: the message is the whole story.
    expect(output).not.toMatch(/\n\s+at /);
    expect(code).toBe(1);
  });

  it('a killed holder leaves a stale lock that does not block the next start', { timeout: 40_000 }, async () => {
    const dataDir = tempDataDir();
    const connectUrl = new URL('./connect.ts', import.meta.url).href;
    // A process that opens the folder, says so, and waits to be killed (no chance to clean up).
    const holder = spawn(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', `const { connect } = await import(${JSON.stringify(connectUrl)}); await connect({ dataDir: ${JSON.stringify(dataDir)} }); console.log('holding'); setInterval(() => {}, 1000);`],
      { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const ended = new Promise((resolve) => holder.on('exit', resolve));
    try {
      await new Promise<void>((resolve, reject) => {
        holder.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('holding') && resolve());
        holder.on('exit', (code) => reject(new Error(`holder exited with ${code}`)));
      });
      await expect(connect({ dataDir })).rejects.toThrow(`(pid ${holder.pid})`);
    } finally {
      holder.kill('SIGKILL');
      await ended;
    }
    expect(existsSync(lockOf(dataDir))).toBe(true);
    await opened(dataDir);
    expect(JSON.parse(readFileSync(lockOf(dataDir), 'utf8')).pid).toBe(process.pid);
  });
});
