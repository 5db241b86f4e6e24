import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Indexer } from 'storybook/internal/types';
import type { Plugin } from 'vite';

/** The stories file whose stories are built from the schema catalog. */
const FILE = /stories[\\/]forms[\\/]SchemaForms\.stories\.tsx$/;
const TITLE = 'Forms/Schema catalog';

/** Schema ids of the generated catalog (`npm run generate` writes it); none when it was not generated yet. */
export function catalogIds(root: string): string[] {
  const file = join(root, 'generated', 'catalog.ts');
  if (!existsSync(file)) return [];
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/^\s*"([A-Za-z0-9_]+)":\s*\(\)\s*=>/gm)].map((m) => m[1]).sort();
}

/** A valid, unique export name for a schema id (ids are identifier-safe already; a leading digit gets `_`). */
const exportNameOf = (id: string) => `schema_${id}`;

/** Indexes the schema-catalog stories file: its static "Catalog" story plus one story per schema id. */
export function schemaStoriesIndexer(root: string): Indexer {
  return {
    test: FILE,
    createIndex: async (fileName, { makeTitle }) => {
      const title = makeTitle(TITLE);
      return [
        { type: 'story', importPath: fileName, exportName: 'Catalog', name: 'Catalog', title },
        ...catalogIds(root).map((id) => ({ type: 'story' as const, importPath: fileName, exportName: exportNameOf(id), name: id, title })),
      ];
    },
  };
}

/** Appends the per-schema story exports to the schema-catalog stories file when Vite loads it. */
export function schemaStoriesPlugin(root: string): Plugin {
  return {
    name: 'storybook:schema-stories',
    enforce: 'pre',
    transform(code, id) {
      if (!FILE.test(id.split('?')[0])) return null;
      const exports = catalogIds(root)
        .map((schemaId) => `export const ${exportNameOf(schemaId)} = __schemaStory(${JSON.stringify(schemaId)});`)
        .join('\n');
      return { code: `${code}\nimport { schemaStory as __schemaStory } from './SchemaFormStory.tsx';\n${exports}\n`, map: null };
    },
  };
}
