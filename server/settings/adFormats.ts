import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { isAbsolute, join, relative } from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import { formatSchemaError } from '../config/formatSchemaError';
import { paths, repoRoot } from '../paths';
import type { AdFormat, AdFormatInfo } from '../../generated/types';
import { creativeSchemaId, formatInfo } from './formatInfo';

/** A way to buy a format as a flat deal: with one marketplace site, or as a country tier's package. */
export type FlatDealWay = NonNullable<AdFormatInfo['flat_deal']>[number];

/** Thrown when a format folder is unusable; names the file and the problem. */
export class AdFormatError extends Error {
  override name = 'AdFormatError';
}

export { creativeSchemaId };

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
function readManifest(file: string, folderName: string): AdFormat {
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
  const m = manifest as AdFormat;
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
      found.push(formatInfo(entry.name, m));
    }
  }
  found.sort((a, b) => a.order - b.order || a.name.localeCompare(b.name));
  return new Map(found.map((f) => [f.id, f]));
}
