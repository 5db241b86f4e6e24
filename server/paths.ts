import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, whatever the working directory the server was started from. */
export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Folders the server reads at start. */
export const paths = {
  networkConfigs: join(repoRoot, 'network-configs'),
  networkAssets: join(repoRoot, 'network-configs', 'assets'),
  schemas: join(repoRoot, 'schemas'),
  migrations: join(repoRoot, 'server', 'db', 'migrations'),
  /** One folder per product area, each a plugin (areas/loadAreas.ts). */
  areas: join(repoRoot, 'server', 'areas'),
  /** The built panel; DIST_DIR points elsewhere (parallel end-to-end runs build into their own folders). */
  dist: process.env.DIST_DIR ?? join(repoRoot, 'dist'),
};

/** Where every API call lives. */
export const API_PREFIX = '/api/private/v1';
