import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { isAbsolute, join, relative } from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import { formatSchemaError } from '../config/formatSchemaError';
import { paths, repoRoot } from '../paths';
import { schemaIdForPath } from '../../engine/schema/SchemaCatalog';

/** What the server tells the panel about one ad format: its manifest (schemas/ad-formats/<id>/format.json). */
export interface AdFormatInfo {
  id: string;
  name: string;
  description?: string;
  pricing_models: string[];
  /** Target ids a campaign of this format may use (before the network's own list narrows them). */
  targets: string[];
  /** How the panel draws a preview of an ad of this format. */
  preview: string;
  /** The statistics grouping of its creatives, if any. */
  statistics?: string;
  text_limits: Record<string, number>;
  /** How it can be bought as a flat deal (`flatDeal` of the manifest); absent when it is sold by auction only. */
  flat_deal?: FlatDealWay[];
  /** The catalog id of its form schema (`ad_formats_<id>_creative`). */
  schema_id: string;
  order: number;
}

/** A way to buy a format as a flat deal: with one marketplace site, or as a country tier's package. */
export type FlatDealWay = 'site' | 'country-group';

/** Thrown when a format folder is unusable; names the file and the problem. */
export class AdFormatError extends Error {
  override name = 'AdFormatError';
}

/** The catalog id of a format's form schema, as scripts/generate.ts derives it from the path. */
export const creativeSchemaId = (formatId: string) => schemaIdForPath(`ad-formats/${formatId}/creative.schema.json`);

/** A path as an operator reads it: relative to the repository when inside it (schemas/ad-formats/x/format.json). */
function displayPath(path: string): string {
  const rel = relative(repoRoot, path);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : path;
}

let manifestValidator: ValidateFunction | undefined;

/** schemas/meta/ad-format.schema.json, compiled once: the contract of every manifest, wherever its folder is. */
function validateManifest(): ValidateFunction {
  if (!manifestValidator) {
    const ajv = new Ajv({ allErrors: true, verbose: true, strict: false });
    manifestValidator = ajv.compile(JSON.parse(readFileSync(join(paths.schemas, 'meta', 'ad-format.schema.json'), 'utf8')));
  }
  return manifestValidator;
}

/**
 * A folder's format.json, parsed and checked against schemas/meta/ad-format.schema.json.
 * @throws {AdFormatError} naming the file and, per problem, its JSON path and what is wrong.
 */
function readManifest(file: string, folderName: string): Record<string, unknown> {
  const shown = displayPath(file);
  let manifest: unknown;
  try {
    manifest = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new AdFormatError(`${shown} is not valid JSON: ${(e as Error).message}`);
  }
  const validate = validateManifest();
  if (!validate(manifest)) {
    // One line per problem, each naming the file, like the network config check.
    throw new AdFormatError((validate.errors ?? []).map((e) => `${shown}: ${formatSchemaError(e)}`).join('\n'));
  }
  const m = manifest as Record<string, unknown>;
  if (m.id !== folderName) throw new AdFormatError(`${shown}: id must be "${folderName}" (the folder name), got ${JSON.stringify(m.id)}`);
  return m;
}

/**
 * Every ad format found under `dir` (default schemas/ad-formats/): one folder per format with format.json,
 * creative.schema.json and creative.ui.json. Nothing is registered in code, so a new folder is a new format;
 * each manifest is checked against schemas/meta/ad-format.schema.json here, so a bad one stops the server at start.
 * Ordered by the manifest's `order`, then name.
 * @throws {AdFormatError} for a folder without its files, a manifest that is not valid JSON or breaks the
 *   meta-schema (file, JSON path and problem), or whose id is not the folder name.
 */
export function loadAdFormats(dir = join(paths.schemas, 'ad-formats')): Map<string, AdFormatInfo> {
  const found: AdFormatInfo[] = [];
  if (existsSync(dir)) {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      const folder = join(dir, entry.name);
      for (const file of ['format.json', 'creative.schema.json', 'creative.ui.json']) {
        if (!existsSync(join(folder, file))) throw new AdFormatError(`${displayPath(join(folder, file))} is missing`);
      }
      const m = readManifest(join(folder, 'format.json'), entry.name);
      found.push({
        id: entry.name,
        name: String(m.name ?? entry.name),
        ...(typeof m.description === 'string' ? { description: m.description } : {}),
        pricing_models: Array.isArray(m.pricingModels) ? (m.pricingModels as string[]) : [],
        targets: Array.isArray(m.targets) ? (m.targets as string[]) : [],
        preview: String(m.preview ?? ''),
        ...(typeof m.statistics === 'string' ? { statistics: m.statistics } : {}),
        text_limits: (m.textLimits as Record<string, number> | undefined) ?? {},
        schema_id: creativeSchemaId(entry.name),
        order: typeof m.order === 'number' ? m.order : Number.MAX_SAFE_INTEGER,
        ...(Array.isArray(m.flatDeal) ? { flat_deal: m.flatDeal as FlatDealWay[] } : {}),
      });
    }
  }
  found.sort((a, b) => a.order - b.order || a.name.localeCompare(b.name));
  return new Map(found.map((f) => [f.id, f]));
}
