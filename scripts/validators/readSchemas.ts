import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { schemaIdForPath } from '../../engine/schema/SchemaCatalog';
import type { SchemaSource } from './compileSchemaModule';
import { assembleParts } from './assembleParts';
import { inlineFileRefs } from './inlineRefs';

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? walk(join(dir, d.name)) : d.name.endsWith('.schema.json') ? [join(dir, d.name)] : [],
  );
}

function readJson(file: string, root: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new Error(`${relative(root, file)}: not valid JSON: ${(e as Error).message}`, { cause: e });
  }
}

/**
 * Every `*.schema.json` below `root`, with its id (from the path) and the sibling `*.ui.json`; references to other
 * files are inlined in `schema` and kept in `unresolved`.
 * @throws when a file is not JSON, or declares a `$id` other than the one its path gives.
 */
export function readSchemas(root: string): SchemaSource[] {
  return walk(root)
    .sort()
    .map((file) => {
      const path = relative(root, file).split(sep).join('/');
      const id = schemaIdForPath(path);
      const schema = readJson(file, root) as SchemaSource['schema'];
      if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
        throw new Error(`schemas/${path}: a schema must be a JSON object`);
      }
      if (schema.$id !== undefined && schema.$id !== id) {
        throw new Error(`schemas/${path}: $id must be "${id}" (derived from the path) or left out, not "${schema.$id}"`);
      }
      const uiFile = file.replace(/\.schema\.json$/, '.ui.json');
      const ui = existsSync(uiFile) ? (readJson(uiFile, root) as Record<string, unknown>) : {};
      // Object schemas may take their properties from a folder of part files (the campaign's targets).
      const assembled = assembleParts(schema, ui, file, root);
      // Other files it refers to are inlined here; the type generator keeps them as named types (compile-types.ts).
      const inlined = inlineFileRefs(assembled.schema as Record<string, unknown>, file, root);
      return { id, path, file, schema: { ...(inlined as SchemaSource['schema']), $id: id }, unresolved: assembled.schema, uiSchema: assembled.uiSchema };
    });
}
