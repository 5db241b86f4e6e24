import type { ValidateFunction } from 'ajv';
import type { RJSFSchema } from '@rjsf/utils';
import { RegistryError } from '../registry/createRegistry';
import { needsResolution, type SchemaResolver } from './resolution';

/** A JSON Schema as the catalog hands it out: always with its identifier-safe `$id`. */
export type CatalogSchema = RJSFSchema & { $id: string };

/** A UI schema (RJSF `ui:*` keys), kept loose here because the engine only passes it through. */
export type UiSchemaJson = Record<string, unknown>;

/** What one generated validator module exports (see scripts/compile-validators.ts). */
export interface SchemaModule {
  id: string;
  path: string;
  schema: CatalogSchema;
  uiSchema: UiSchemaJson;
  /** Every precompiled validator of the schema, keyed by `$id` or RJSF's schema hash. */
  validateFns: Record<string, ValidateFunction>;
}

/** One data schema, ready for RJSF and for request validation. */
export interface SchemaEntry extends SchemaModule {
  /** The validator of the root schema. */
  validate: ValidateFunction;
  /**
   * Resolves a part of the schema for its data (see `needsResolution`); absent when the schema has nothing to
   * resolve, so that every part already is what applies.
   */
  resolve?: SchemaResolver;
}

export type SchemaLoaders = Record<string, () => Promise<SchemaModule | { default: SchemaModule }>>;

/**
 * Schema id for a file under `schemas/`: the path without `.schema.json`, every other character
 * than a letter or digit turned into `_` (`ad-formats/web-push/creative.schema.json` → `ad_formats_web_push_creative`).
 */
export function schemaIdForPath(path: string): string {
  return path.replace(/\.schema\.json$/, '').replace(/[^A-Za-z0-9]+/g, '_');
}

/**
 * The precompiled schemas of `schemas/`, loaded lazily by id. The browser and the server build it
 * over the same generated loaders, so both validate with the same code and no schema is compiled at runtime.
 */
export class SchemaCatalog {
  private readonly loaded = new Map<string, SchemaEntry>();
  private readonly pending = new Map<string, Promise<SchemaEntry>>();

  constructor(private readonly loaders: SchemaLoaders) {}

  /** Every schema id the catalog knows, sorted. */
  ids(): string[] {
    return Object.keys(this.loaders).sort();
  }

  /** Whether a schema with this id exists. */
  has(id: string): boolean {
    return Object.hasOwn(this.loaders, id);
  }

  /**
   * Loads one schema (once; later calls share the same objects, so schema identity stays stable).
   * @throws {RegistryError} when the id is unknown; the message lists the known ids.
   */
  load(id: string): Promise<SchemaEntry> {
    const ready = this.loaded.get(id);
    if (ready) return Promise.resolve(ready);
    let promise = this.pending.get(id);
    if (!promise) {
      if (!this.has(id)) return Promise.reject(this.unknown(id));
      promise = this.loaders[id]().then(async (mod) => {
        const m = 'default' in mod ? mod.default : mod;
        const entry: SchemaEntry = { ...m, validate: m.validateFns[m.schema.$id] };
        if (!entry.validate) throw new Error(`Schema "${id}" has no root validator; run npm run generate`);
        // RJSF's resolver comes with the first schema that needs it: a page of plain fields never loads it.
        if (needsResolution(entry.schema)) entry.resolve = (await import('./resolver')).schemaResolver(entry);
        this.loaded.set(id, entry);
        this.pending.delete(id);
        return entry;
      });
      this.pending.set(id, promise);
    }
    return promise;
  }

  /** Loads every schema; the server calls this once at start. */
  async loadAll(): Promise<void> {
    await Promise.all(this.ids().map((id) => this.load(id)));
  }

  /** A schema that was loaded before, or undefined (never throws). */
  peek(id: string): SchemaEntry | undefined {
    return this.loaded.get(id);
  }

  /**
   * A schema that was loaded before.
   * @throws {RegistryError} when the id is unknown, or {Error} when it was not loaded yet.
   */
  get(id: string): SchemaEntry {
    const entry = this.loaded.get(id);
    if (entry) return entry;
    if (!this.has(id)) throw this.unknown(id);
    throw new Error(`Schema "${id}" is not loaded yet: await catalog.load("${id}") first`);
  }

  private unknown(id: string) {
    return new RegistryError(`Unknown schema "${id}". Known: ${this.ids().join(', ') || '(none: run npm run generate)'}`);
  }
}
