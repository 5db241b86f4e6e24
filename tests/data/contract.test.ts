/**
 * One contract between server and panel: a shape both sides use is declared once, as a schema under schemas/, and
 * both import its generated type (generated/types.ts). A type name exported from both server/ and src/ is a second,
 * hand-written copy of a shape that will drift (the panel's ad row had already lost two fields before this test).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');

function exportedTypes(dir: string): Map<string, string> {
  const found = new Map<string, string>();
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        for (const m of readFileSync(path, 'utf8').matchAll(/^export (?:interface|type) ([A-Z]\w*)/gm)) found.set(m[1], path.slice(root.length + 1));
      }
    }
  };
  walk(join(root, dir));
  return found;
}

describe('the server–panel contract', () => {
  it('declares no type twice: a shape both sides use comes from generated/types.ts', () => {
    const server = exportedTypes('server');
    const panel = exportedTypes('src');
    const twins = [...server.keys()].filter((name) => panel.has(name)).map((name) => `${name}: ${server.get(name)} and ${panel.get(name)}`);
    expect(twins).toEqual([]);
  });
});
