// The deep import keeps Ajv itself (and its schema compiler) out of the browser bundle.
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import type { ValidatorType } from '@rjsf/utils';
import type { SchemaEntry } from './SchemaCatalog';

const cache = new WeakMap<SchemaEntry, ValidatorType>();

/** The RJSF validator of a catalog entry, built once per entry from its precompiled functions (never compiled). */
export function validatorFor(entry: SchemaEntry): ValidatorType {
  let validator = cache.get(entry);
  if (!validator) {
    validator = createPrecompiledValidator(entry.validateFns, entry.schema) as ValidatorType;
    cache.set(entry, validator);
  }
  return validator;
}
