import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../paths';

const server = join(repoRoot, 'server');

/** Every .ts file under `dir`, tests left out. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/**
 * Production code that may read demo data, and why: the process seeds the demo at start, and the site and
 * mobile-app lookups have no publisher database behind them (see server/demo/README.md).
 */
const READERS = ['server/main.ts', 'server/reference/sites.ts', 'server/reference/mobileApps.ts'];

describe('server/demo/', () => {
  it('is imported by production code only where that code reads demo data', () => {
    const importsDemo = /from '(\.\.?\/)+(.*\/)?demo\//;
    const found = sources(server)
      .filter((file) => !file.startsWith(join(server, 'demo')))
      .filter((file) => importsDemo.test(readFileSync(file, 'utf8')))
      .map((file) => relative(repoRoot, file));
    expect(found.sort()).toEqual([...READERS].sort());
  });
});
