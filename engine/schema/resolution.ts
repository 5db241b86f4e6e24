import type { RJSFSchema } from '@rjsf/utils';

/** The schema that applies to one piece of data: its conditionals (`if`, `oneOf`, …) and references resolved for it. */
export type SchemaResolver = (schema: RJSFSchema, data: unknown) => RJSFSchema;

/** Keywords whose meaning depends on the data or on another part of the schema. */
const RESOLVED = ['if', 'then', 'else', 'allOf', 'anyOf', 'oneOf', 'dependencies', 'dependentSchemas', '$ref'];

/**
 * Whether a schema needs resolving before its properties can be read: it has a conditional, a combination or a
 * reference somewhere. A schema without any (the sign-in form) is its own resolution, so reading it needs neither
 * RJSF's resolver nor its validator.
 */
export function needsResolution(schema: unknown): boolean {
  if (!schema || typeof schema !== 'object') return false;
  if (Array.isArray(schema)) return schema.some(needsResolution);
  return Object.entries(schema).some(([key, value]) => RESOLVED.includes(key) || needsResolution(value));
}
