import type { ErrorObject } from 'ajv';

/** Server-side validation errors as the API sends them: a field path mapped to its messages. */
export type FieldErrors = Record<string, string[]>;

/** The field path of one Ajv error: `/a/0/b` becomes `a.0.b`; a missing or unknown property names that property. */
export function errorField(error: Pick<ErrorObject, 'instancePath' | 'keyword' | 'params'>): string {
  const base = error.instancePath
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  const params = error.params as Record<string, unknown>;
  const missing = error.keyword === 'required' || error.keyword === 'dependencies' || error.keyword === 'dependentRequired';
  if (missing && typeof params.missingProperty === 'string') base.push(params.missingProperty);
  if (error.keyword === 'additionalProperties' && typeof params.additionalProperty === 'string') {
    base.push(params.additionalProperty);
  }
  return base.join('.');
}

/** Turns one Ajv error into the text shown under its field. */
export type ErrorMessage = (error: Pick<ErrorObject, 'keyword' | 'message' | 'params'>) => string;

/**
 * The English message of one Ajv error, phrased for a person rather than for a schema author where it matters
 * (translated messages: engine/i18n `translatedErrorMessage`).
 */
export const errorMessage: ErrorMessage = (error) => {
  if (error.keyword === 'required' || error.keyword === 'dependencies' || error.keyword === 'dependentRequired') {
    return 'This field is required';
  }
  // `false schema`: a field a conditional branch leaves out (the `false` property convention).
  if (error.keyword === 'additionalProperties' || error.keyword === 'false schema') return 'This field is not allowed';
  return error.message ?? 'Invalid value';
};

/**
 * Groups Ajv errors by field path, in the `{ field: [messages] }` shape the API answers with.
 * Errors about the whole object (no field) are kept under the empty key. `message` phrases each error
 * (English by default; the browser passes the user's locale, see engine/i18n `translatedErrorMessage`).
 */
export function toFieldErrors(errors: readonly ErrorObject[] | null | undefined, message: ErrorMessage = errorMessage): FieldErrors {
  // A Map, not `{}`: a field named after an Object.prototype member (`constructor`, `toString`, `__proto__`, sent as an
  // unknown key) would find the inherited member instead of its list.
  const out = new Map<string, string[]>();
  for (const error of errors ?? []) {
    // "must match the then schema" only repeats the errors of the branch, which are reported on their own.
    if (error.keyword === 'if') continue;
    const field = errorField(error);
    const text = message(error);
    const list = out.get(field) ?? [];
    out.set(field, list);
    if (!list.includes(text)) list.push(text);
  }
  return Object.fromEntries(out);
}
