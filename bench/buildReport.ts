/**
 * Build report: gzip bytes of every chunk of the production build, and of the JavaScript the login route
 * loads (the entry, the login page chunk and everything they import statically).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'dist');

interface ManifestChunk {
  file: string;
  /** The chunk's name (vite.config.ts names chunk files by their hash alone). */
  name?: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const gzipBytes = (file: string) => gzipSync(readFileSync(join(dist, file))).length;
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

/** Every JS file a manifest key loads before it can run: itself and its static imports, transitively. */
function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const dep of chunk.imports ?? []) staticClosure(manifest, dep, seen);
  return seen;
}

/** A string from the path data of an icon the panel never uses: if it is in a first-route file, icon data leaked in. */
function iconDataIn(files: Iterable<string>): string[] {
  const probe = readFileSync(join(root, 'node_modules/@blueprintjs/icons/lib/esm/generated/16px/paths/airplane.js'), 'utf8').match(/"(M[^"]{20,40})/)?.[1];
  if (!probe) return [];
  return [...files].filter((f) => readFileSync(join(dist, f), 'utf8').includes(probe));
}

export function buildReport() {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  // What each file holds: the source of an entry or a lazy module, else the name of a shared chunk.
  const labels = new Map(Object.values(manifest).map((c) => [c.file, c.src ?? c.name ?? '']));
  const chunks = readdirSync(join(dist, 'assets'))
    .filter((f) => f.endsWith('.js') || f.endsWith('.css'))
    .map((f) => ({ file: `assets/${f}`, label: labels.get(`assets/${f}`) ?? '', gzip: gzipBytes(`assets/${f}`) }))
    .sort((a, b) => b.gzip - a.gzip);
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry) as string;
  const loginKey = Object.keys(manifest).find((k) => k.endsWith('areas/accounts/LoginPage.tsx')) as string;
  const loginFiles = staticClosure(manifest, loginKey, staticClosure(manifest, entryKey));
  const loginJs = [...loginFiles].reduce((n, f) => n + gzipBytes(f), 0);
  return { chunks, loginFiles: [...loginFiles], loginJs, iconLeaks: iconDataIn(loginFiles) };
}

export function printBuildReport(report: ReturnType<typeof buildReport>) {
  console.log('\nBuild report (gzip):');
  for (const c of report.chunks) console.log(`  ${kib(c.gzip).padStart(10)}  ${c.file}${c.label ? `  (${c.label})` : ''}`);
  console.log(`  login route JavaScript: ${kib(report.loginJs)} in ${report.loginFiles.length} files (target ≤ 170 KiB)`);
  console.log(`  icon path data in the login route: ${report.iconLeaks.length ? `YES in ${report.iconLeaks.join(', ')}` : 'no'}`);
}
