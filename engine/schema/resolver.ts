import { retrieveSchema, type RJSFSchema } from '@rjsf/utils';
import type { SchemaEntry } from './SchemaCatalog';
import { validatorFor } from './precompiledValidator';
import type { SchemaResolver } from './resolution';

/**
 * RJSF's resolution of a catalog schema for its data, with the entry's precompiled validator. The catalog loads
 * this module only for a schema that needs it (`needsResolution`), which keeps RJSF's resolver, its schema merger
 * and its validator wrapper off a page whose forms are all plain fields.
 */
export function schemaResolver(entry: SchemaEntry): SchemaResolver {
  const validator = validatorFor(entry);
  const root = entry.schema as RJSFSchema;
  return (schema, data) => retrieveSchema(validator, schema, root, data as never);
}
