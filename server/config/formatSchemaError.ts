import type { ErrorObject } from 'ajv';

/** Ajv error as one line an operator can act on: the JSON path, then what is wrong and what is allowed. */
export function formatSchemaError(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  const at = error.instancePath || '/';
  switch (error.keyword) {
    case 'required':
      return `${at} is missing the required field "${String(params.missingProperty)}"`;
    case 'additionalProperties': {
      const allowed = Object.keys((error.parentSchema?.properties as object | undefined) ?? {});
      return `${at} has an unknown field "${String(params.additionalProperty)}"${allowed.length ? ` (allowed: ${allowed.join(', ')})` : ''}`;
    }
    case 'enum':
      return `${at} must be one of: ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'pattern': {
      const description = error.parentSchema?.description;
      return `${at} ${description ? `must be ${lowerFirst(description.replace(/\.$/, ''))}` : `must match ${String(params.pattern)}`} (got ${JSON.stringify(error.data)})`;
    }
    case 'uniqueItems': {
      const items = error.data as unknown[];
      const [first, second] = [Number(params.i), Number(params.j)].sort((a, b) => a - b);
      return `${at} lists ${JSON.stringify(items[first])} twice (items ${first} and ${second})`;
    }
    case 'type':
      return `${at} must be of type ${String(params.type)} (got ${JSON.stringify(error.data)})`;
    default:
      return `${at} ${error.message ?? 'is invalid'}`;
  }
}

function lowerFirst(s: string) {
  return s.charAt(0).toLowerCase() + s.slice(1);
}
