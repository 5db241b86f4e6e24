import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

type Json = Record<string, unknown>;

/** One part file (e.g. schemas/targets/country.target.json): a property's schema and UI schema under its id. */
interface Part {
  id: string;
  order: number;
  schema: Json;
  ui: Json;
}

/** Where an object schema takes its properties from: every `<id><suffix>` file of `dir` (relative to the schema file). */
interface AssembleRule {
  dir: string;
  suffix: string;
}

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

function readParts(folder: string, suffix: string, shown: string): Part[] {
  if (!existsSync(folder)) throw new Error(`${shown}: x-assemble folder ${folder} does not exist`);
  return readdirSync(folder)
    .filter((name) => name.endsWith(suffix))
    .map((name) => {
      const file = join(folder, name);
      let part: Partial<Part>;
      try {
        part = JSON.parse(readFileSync(file, 'utf8')) as Partial<Part>;
      } catch (e) {
        throw new Error(`${shown}: ${name} is not valid JSON: ${(e as Error).message}`, { cause: e });
      }
      const id = name.slice(0, -suffix.length);
      if (part.id !== id) throw new Error(`${shown}: ${name} must have "id": "${id}" (its file name), got ${JSON.stringify(part.id)}`);
      if (!isObject(part.schema) || !isObject(part.ui)) throw new Error(`${shown}: ${name} needs a "schema" and a "ui" object`);
      return { id, order: typeof part.order === 'number' ? part.order : Number.MAX_SAFE_INTEGER, schema: part.schema, ui: part.ui };
    })
    .sort((a, b) => a.order - b.order || a.id.localeCompare(b.id));
}

/**
 * Fills every object schema that says `"x-assemble": { "dir", "suffix" }` with the parts of that folder: the part's
 * `schema` becomes `properties.<id>`, its `ui` goes to the same place in the UI schema, and `ui:order` follows the
 * parts' `order`. The keyword is removed, so the result is plain draft-07. Returns new objects; inputs are untouched.
 * @throws naming the schema file when a folder is missing or a part is malformed.
 */
export function assembleParts(schema: Json, uiSchema: Json, schemaFile: string, root: string): { schema: Json; uiSchema: Json } {
  const shown = relative(root, schemaFile);
  const ui = structuredClone(uiSchema);
  const visit = (node: Json, uiNode: Json): Json => {
    const out: Json = { ...node };
    const rule = out['x-assemble'] as AssembleRule | undefined;
    delete out['x-assemble'];
    const properties: Json = isObject(out.properties) ? { ...out.properties } : {};
    if (rule) {
      const parts = readParts(join(schemaFile, '..', rule.dir), rule.suffix, shown);
      for (const part of parts) {
        properties[part.id] = part.schema;
        const own = uiNode[part.id];
        uiNode[part.id] = { ...part.ui, ...(isObject(own) ? own : {}) };
      }
      uiNode['ui:order'] = [...parts.map((p) => p.id), '*'];
    }
    for (const [key, child] of Object.entries(properties)) {
      if (!isObject(child)) continue;
      const childUi = isObject(uiNode[key]) ? (uiNode[key] as Json) : {};
      properties[key] = visit(child, childUi);
      if (Object.keys(childUi).length && !isObject(uiNode[key])) uiNode[key] = childUi;
    }
    if (isObject(out.properties) || rule) out.properties = properties;
    return out;
  };
  return { schema: visit(schema, ui), uiSchema: ui };
}
