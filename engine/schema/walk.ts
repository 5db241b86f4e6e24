/** Walking a JSON Schema as data: its subschemas and its local `$ref`s. */

export type Schema = Record<string, unknown>;

export const isSchema = (value: unknown): value is Schema => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The subschemas of a schema, under every keyword that holds one or a list or map of them. */
export function* subschemas(schema: Schema): Generator<unknown> {
  for (const key of ['items', 'additionalItems', 'contains', 'additionalProperties', 'propertyNames', 'if', 'then', 'else', 'not']) yield schema[key];
  for (const key of ['allOf', 'anyOf', 'oneOf', 'prefixItems']) if (Array.isArray(schema[key])) yield* schema[key] as unknown[];
  for (const key of ['properties', 'patternProperties', 'dependencies', 'dependentSchemas', 'definitions', '$defs']) {
    if (isSchema(schema[key])) yield* Object.values(schema[key]);
  }
}

/**
 * `schema` with its `$ref` (a local one, `#/…` in `root`) merged in, as RJSF reads it: the referring schema's own
 * keywords next to the target's. `null` when the `$ref` points outside `root` or at nothing.
 */
export function followRef(root: object, schema: Schema): Schema | null {
  const ref = schema.$ref;
  if (typeof ref !== 'string') return schema;
  if (!ref.startsWith('#/')) return null;
  let target: unknown = root;
  for (const token of ref.slice(2).split('/')) target = isSchema(target) ? target[token.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
  return isSchema(target) ? { ...schema, ...target, $ref: undefined } : null;
}
