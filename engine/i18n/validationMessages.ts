import type { ErrorObject } from 'ajv';
import { errorMessage, type ErrorMessage } from '../validation/fieldErrors';
import type { MessageValues, Translator } from './Translator';

type AjvError = Pick<ErrorObject, 'keyword' | 'message' | 'params'>;

/** Ajv format names with a message of their own (`validation.format.<name>`); others get `validation.format`. */
const FORMAT_IDS: Record<string, string> = {
  email: 'email',
  'idn-email': 'email',
  uri: 'uri',
  url: 'uri',
  'uri-reference': 'uri',
  iri: 'uri',
  hostname: 'hostname',
  ipv4: 'ipv4',
  ipv6: 'ipv6',
  date: 'date',
  'date-time': 'dateTime',
  time: 'time',
};

/** Keywords whose message takes the bound under `{limit}`. */
const LIMITED = new Set([
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minItems',
  'maxItems',
  'minProperties',
  'maxProperties',
]);

/** Keywords with a message of their own; anything else is `validation.invalid`. */
const KEYWORDS = new Set([
  ...LIMITED,
  'required',
  'additionalProperties',
  'false schema',
  'multipleOf',
  'pattern',
  'format',
  'type',
  'enum',
  'const',
  'uniqueItems',
  'oneOf',
  'anyOf',
  'not',
  'contains',
]);

/**
 * The message id and ICU values of one Ajv error: `validation.<keyword>` with the bound as `{limit}`
 * (`validation.maxLength`, `{ limit: 254 }`), formats as `validation.format.<name>`, number types as
 * `validation.type.number` / `validation.type.integer`. A missing dependency reads as `validation.required`.
 * @example validationMessageId({ keyword: 'maxLength', params: { limit: 5 } }) // { id: 'validation.maxLength', values: { limit: 5 } }
 */
export function validationMessageId(error: AjvError): { id: string; values: MessageValues } {
  const params = (error.params ?? {}) as Record<string, unknown>;
  const { keyword } = error;
  if (LIMITED.has(keyword)) return { id: `validation.${keyword}`, values: { limit: Number(params.limit) } };
  if (keyword === 'multipleOf') return { id: 'validation.multipleOf', values: { multipleOf: Number(params.multipleOf) } };
  if (keyword === 'dependencies' || keyword === 'dependentRequired') return { id: 'validation.required', values: {} };
  if (keyword === 'false schema') return { id: 'validation.additionalProperties', values: {} };
  if (keyword === 'format') {
    const name = FORMAT_IDS[String(params.format)];
    return { id: name ? `validation.format.${name}` : 'validation.format', values: {} };
  }
  if (keyword === 'type') {
    const types = Array.isArray(params.type) ? params.type : String(params.type).split(',');
    if (types.includes('integer')) return { id: 'validation.type.integer', values: {} };
    if (types.includes('number')) return { id: 'validation.type.number', values: {} };
    return { id: 'validation.type', values: {} };
  }
  return { id: KEYWORDS.has(keyword) ? `validation.${keyword}` : 'validation.invalid', values: {} };
}

/** Every message id `validationMessageId` can answer with; each must be in src/locales/en/validation.json. */
export function validationMessageIds(): string[] {
  const ids = new Set<string>(['validation.invalid', 'validation.format', 'validation.type', 'validation.type.number', 'validation.type.integer']);
  for (const keyword of KEYWORDS) if (keyword !== 'format' && keyword !== 'type' && keyword !== 'false schema') ids.add(`validation.${keyword}`);
  for (const name of Object.values(FORMAT_IDS)) ids.add(`validation.format.${name}`);
  return [...ids].sort();
}

/**
 * The validation message function (for `toFieldErrors` and `FormStore`) in the translator's locale; an error
 * whose message the locale lacks keeps the English of `errorMessage`.
 */
export function translatedErrorMessage(translator: Translator | null): ErrorMessage {
  if (!translator) return errorMessage;
  return (error) => {
    const { id, values } = validationMessageId(error);
    return translator.message(id, values) ?? errorMessage(error);
  };
}
