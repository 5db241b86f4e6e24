import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { paths } from '../paths';
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
  /** The catalog id of its form schema (`ad_formats_<id>_creative`). */
  schema_id: string;
  order: number;
}

/** Thrown when a format folder is unusable; names the file and the problem. */
export class AdFormatError extends Error {
  override name = 'AdFormatError';
}

/** The catalog id of a format's form schema, as scripts/generate.ts derives it from the path. */
export const creativeSchemaId = (formatId: string) => schemaIdForPath(`ad-formats/${formatId}/creative.schema.json`);

/**
 * Every ad format found under `dir` (default schemas/ad-formats/): one folder per format with format.json,
 * creative.schema.json and creative.ui.json. Nothing is registered in code, so a new folder is a new format
 * (the manifest itself is checked against schemas/meta/ad-format.schema.json by the data tests and at start).
 * Ordered by the manifest's `order`, then name.
 * @throws {AdFormatError} for a folder without its files or a manifest whose id is not the folder name.
 */
export function loadAdFormats(dir = join(paths.schemas, 'ad-formats')): Map<string, AdFormatInfo> {
  const found: AdFormatInfo[] = [];
  if (existsSync(dir)) {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      const folder = join(dir, entry.name);
      for (const file of ['format.json', 'creative.schema.json', 'creative.ui.json']) {
        if (!existsSync(join(folder, file))) throw new AdFormatError(`schemas/ad-formats/${entry.name}/${file} is missing`);
      }
      const m = JSON.parse(readFileSync(join(folder, 'format.json'), 'utf8')) as Record<string, unknown>;
      if (m.id !== entry.name) throw new AdFormatError(`schemas/ad-formats/${entry.name}/format.json: id must be "${entry.name}" (the folder name), got ${JSON.stringify(m.id)}`);
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
      });
    }
  }
  found.sort((a, b) => a.order - b.order || a.name.localeCompare(b.name));
  return new Map(found.map((f) => [f.id, f]));
}
