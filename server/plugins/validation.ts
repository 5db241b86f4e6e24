import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { SchemaCatalog } from '../../engine/schema/SchemaCatalog';

// ajv-formats is CommonJS: under Node ESM its default export arrives wrapped.
const addFormats = (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule;

/**
 * Validates every request part against its route schema. A schema whose `$id` is in the catalog runs the
 * validator precompiled from schemas/ (the same code the browser's form runs); inline route schemas (URL params)
 * are compiled here. Unknown fields are rejected, never stripped, and nothing is coerced in bodies.
 */
export const validation = fp(async (app: FastifyInstance, { catalog }: { catalog: SchemaCatalog }) => {
  const strict = new Ajv({ allErrors: true, strict: false });
  const coercing = new Ajv({ allErrors: true, strict: false, coerceTypes: 'array' });
  addFormats(strict);
  addFormats(coercing);

  app.setValidatorCompiler(({ schema, httpPart }) => {
    const id = (schema as { $id?: unknown }).$id;
    if (typeof id === 'string' && catalog.has(id)) return catalog.get(id).validate;
    const ajv = httpPart === 'body' ? strict : coercing;
    return ajv.compile(schema as object) as ValidateFunction;
  });
});

/**
 * A route schema part that uses a catalog schema by id: a request part (validated by the precompiled validator) or
 * an answer (Fastify serializes with it). In the OpenAPI document it is one component, referenced.
 */
export function catalogSchema(catalog: SchemaCatalog, id: string): Record<string, unknown> {
  return catalog.get(id).schema as Record<string, unknown>;
}
