/**
 * `npm start`: builds the panel when its sources changed since the last build, then runs the server, which
 * serves the panel and the API on one port (PGlite in .data/ unless DATABASE_URL is set).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const inputs = ['src', 'widgets', 'engine', 'schemas', 'index.html', 'vite.config.ts', 'scripts/precompress.ts', 'package-lock.json'];

function newest(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newest(join(path, name))), stat.mtimeMs);
}

const built = join(root, 'dist', 'index.html');
const stale = !existsSync(built) || inputs.some((p) => existsSync(join(root, p)) && newest(join(root, p)) > statSync(built).mtimeMs);
if (stale) {
  console.log('Building the panel (first start or changed sources)…');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  if (result.status !== 0) process.exit(result.status ?? 1);
} else {
  spawnSync('npm', ['run', 'generate', '--silent'], { cwd: root, stdio: 'inherit' });
}

await import('../server/main');
