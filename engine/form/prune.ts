import type { RJSFSchema } from '@rjsf/utils';
import type { SchemaResolver } from '../schema/resolution';

type Json = unknown;

function isPlainObject(value: Json): value is Record<string, Json> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Drops the parts of form data that no visible branch of the schema holds: properties a resolved
 * conditional sets to `false` (our convention for "not in this branch"), and properties the resolved schema
 * does not declare when it forbids additional ones. Resolution follows the data, so a field hidden after the
 * user switched a selector loses its stale value instead of being sent.
 */
export function pruneHidden(resolve: SchemaResolver, schema: RJSFSchema, data: Json): Json {
  if (Array.isArray(data)) {
    const items = schema.items;
    if (!items || typeof items !== 'object' || Array.isArray(items)) return data;
    return data.map((item) => pruneHidden(resolve, items as RJSFSchema, item));
  }
  if (!isPlainObject(data)) return data;
  const resolved = resolve(schema, data);
  const properties = resolved.properties ?? {};
  const closed = resolved.additionalProperties === false;
  const out: Record<string, Json> = {};
  for (const [key, value] of Object.entries(data)) {
    const sub = properties[key];
    if (sub === false || (sub === undefined && closed)) continue;
    out[key] = typeof sub === 'object' ? pruneHidden(resolve, sub as RJSFSchema, value) : value;
  }
  return out;
}
