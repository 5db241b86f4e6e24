import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** What is worth compressing: text the browser fetches. Source maps are never served (server/plugins/staticFiles.ts). */
const TEXT = /\.(js|mjs|css|html|svg|json|txt)$/;

/** Below this a compressed copy saves less than its own headers cost. */
const MIN_BYTES = 1024;

/** Writes `<file>.br` and `<file>.gz` beside one built file, at the strongest settings (done once per build). */
export async function precompressFile(path: string): Promise<{ raw: number; br: number; gz: number } | null> {
  const raw = await readFile(path);
  if (raw.length < MIN_BYTES) return null;
  const [br, gz] = await Promise.all([
    brotli(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
    gzipAsync(raw, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
  return { raw: raw.length, br: br.length, gz: gz.length };
}

/**
 * A build step: every text file of the build gets brotli and gzip copies beside it, which the server sends to a
 * browser that accepts them (`preCompressed` in server/plugins/staticFiles.ts). Compressing once at build time
 * costs nothing per request and allows the strongest settings: the panel's JavaScript travels at about a quarter
 * of its size, the largest cut of the first page's load time Lighthouse found.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async writeBundle(_options, bundle) {
      const files = Object.keys(bundle).filter((name) => TEXT.test(name) && !name.endsWith('.map'));
      await Promise.all(files.map((name) => precompressFile(join(outDir, name))));
    },
  };
}
