import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { staticFiles } from '../../server/plugins/staticFiles';

/**
 * A stand-in for the built panel (vite's dist/): the given files (path → text) in a temporary folder, served by the
 * static files plugin alone. `prepare` runs on the folder before the server reads it (compressing, for instance).
 */
export async function servePanel(files: Record<string, string>, prepare?: (dist: string) => Promise<void>) {
  const dist = mkdtempSync(join(tmpdir(), 'adpanel-dist-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dist, path)), { recursive: true });
    writeFileSync(join(dist, path), text);
  }
  await prepare?.(dist);
  const app: FastifyInstance = Fastify();
  await app.register(staticFiles, { distDir: dist, assetsDir: join(dist, 'no-network-assets') });
  await app.ready();
  const close = async () => {
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  };
  return { dist, app, close };
}
