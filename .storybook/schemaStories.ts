import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { GeneratedStories } from './generatedStories.ts';

/** Schema ids of the generated catalog (`npm run generate` writes it); none when it was not generated yet. */
export function catalogIds(root: string): string[] {
  const file = join(root, 'generated', 'catalog.ts');
  if (!existsSync(file)) return [];
  const text = readFileSync(file, 'utf8');
  // The catalog lists its form schemas twice (all schemas, then the browser's): one story per id.
  return [...new Set([...text.matchAll(/^\s*"([A-Za-z0-9_]+)":\s*\(\)\s*=>/gm)].map((m) => m[1]))].sort();
}

/** stories/forms/SchemaForms.stories.tsx: its written "Catalog" story, then one story per schema of the catalog. */
export function schemaCatalogStories(root: string): GeneratedStories {
  return {
    file: /stories[\\/]forms[\\/]SchemaForms\.stories\.tsx$/,
    title: 'Forms/Schema catalog',
    written: [{ exportName: 'Catalog', name: 'Catalog' }],
    ids: () => catalogIds(root),
    // Ids are identifier-safe already; the prefix keeps a leading digit out of the name.
    exportName: (id) => `schema_${id}`,
    factory: { from: './SchemaFormStory.tsx', name: 'schemaStory' },
  };
}
