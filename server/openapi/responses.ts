/**
 * The envelopes of the routes' answers, for the OpenAPI document and as the serializer's contract: Fastify serializes
 * with them, so an answer never carries a field that is not declared (no accidental leaks of columns). What goes in
 * an envelope, a domain shape, is a schema of its area (`schemas/<area>/<name>.answer.schema.json`, through
 * `catalogSchema`); only the shared wrappers (`data`, messages, field errors, deletion receipts, pages) are built here.
 */
import type { SchemaCatalog } from '../../engine/schema/SchemaCatalog';
import { catalogSchema } from '../plugins/validation';

export const str = { type: 'string' } as const;
export const int = { type: 'integer' } as const;
/** A closed object whose properties are all required (`extra` allows undeclared ones). */
export const obj = (properties: Record<string, object>, extra = false) => ({
  type: 'object',
  additionalProperties: extra,
  required: Object.keys(properties),
  properties,
});

/** `{ data: <schema> }` */
export const wrapped = (data: object, description: string) => ({ description, ...obj({ data }) });

/** A plain message answer (4xx). */
export const messageAnswer = (description: string) => ({ description, ...obj({ message: str }) });

/** 422 `{ message, errors: { field: [messages] } }`. */
export const fieldErrorsAnswer = {
  description: 'Field errors',
  ...obj({ message: str, errors: { type: 'object', additionalProperties: { type: 'array', items: str } } }, true),
};

/**
 * 422 of a call that refuses for a reason of its own (`{ message }`) and whose URL parameters or body may also fail
 * their schema (`{ message, errors }`, as fieldErrorsAnswer): `errors` comes only with the latter. Declaring the
 * message alone would have the serializer drop the field errors of a schema failure.
 */
export const refusalAnswer = (description: string) => ({
  description,
  type: 'object',
  additionalProperties: false,
  required: ['message'],
  properties: { message: str, errors: fieldErrorsAnswer.properties.errors },
});

/**
 * `POST auth/login` and `POST auth/impersonate` (two areas answer it): signed in, or a second step started
 * (schemas/accounts/sign-in.answer.schema.json).
 */
export const loginAnswer = (catalog: SchemaCatalog) => wrapped(catalogSchema(catalog, 'accounts_sign_in_answer'), 'Signed in, or the second step started');

/** `{ data: { id } }`: the receipt of a deletion, the same for every kind of object. */
export const deletedAnswer = wrapped(obj({ id: int }), 'Deleted');

/** `{ data: { message } }` for calls whose outcome is a sentence for the user. */
export const messageData = (description: string) => wrapped(obj({ message: str }), description);

/** `{ data: [...], recordsFiltered }` */
export const pageAnswer = (item: object, description: string) => ({
  description,
  ...obj({ data: { type: 'array', items: item }, recordsFiltered: { type: 'integer', description: 'All matches' } }),
});

export const unauthenticated = messageAnswer('Missing, invalid, expired or revoked token');
