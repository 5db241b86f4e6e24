/**
 * Answer schemas of the routes, for the OpenAPI document and as the serializer's contract: Fastify serializes
 * with them, so an answer never carries a field that is not declared here (no accidental leaks of columns).
 */
import type { SchemaCatalog } from '../../engine/schema/SchemaCatalog';
import { catalogSchema } from '../plugins/validation';

export const str = { type: 'string' } as const;
export const int = { type: 'integer' } as const;
/** The schema, or null (an enum must list null itself: OpenAPI 3.0.3 and Ajv read `nullable` that way). */
export const nullable = <T extends object>(schema: T) => ({ ...schema, ...('enum' in schema ? { enum: [...(schema.enum as unknown[]), null] } : {}), nullable: true });
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

const tokenInfo = {
  token_type: { type: 'string', enum: ['Bearer'] },
  expires_in: { type: 'integer', description: 'Seconds' },
  expires_at: { type: 'string', format: 'date-time' },
};

/**
 * `POST auth/login` and `POST auth/impersonate`: the token fields and the current user
 * (schemas/auth/current-user.answer.schema.json, from the catalog), or a second step started.
 */
export const loginAnswer = (catalog: SchemaCatalog) => wrapped(
  {
    type: 'object',
    additionalProperties: false,
    description: 'Signed in (token fields and user; the token is in the Authorization header), or a second step started (no token)',
    required: ['authentication_method', 'code_expiration_time', 'application_time'],
    properties: {
      ...tokenInfo,
      authentication_method: nullable({ type: 'string', enum: ['email', 'google'] }),
      code_expiration_time: nullable({ type: 'string', format: 'date-time' }),
      code_sent_at: nullable({ type: 'string', format: 'date-time' }),
      application_time: { type: 'string', format: 'date-time' },
      user: catalogSchema(catalog, 'auth_current_user_answer'),
    },
  },
  'Signed in, or the second step started',
);

export const totpInfoAnswer = wrapped(
  obj({ issuer: str, algorithm: str, digits: int, period: int, application_time: { type: 'string', format: 'date-time' } }),
  'Authenticator parameters of this network',
);

/** `{ data: { message } }` for calls whose outcome is a sentence for the user. */
export const messageData = (description: string) => wrapped(obj({ message: str }), description);

export const outboxAnswer = wrapped(
  {
    type: 'array',
    items: obj({ id: int, to: str, subject: str, text: str, kind: str, links: { type: 'array', items: str }, created_at: { type: 'string', format: 'date-time' }, sent_at: nullable({ type: 'string', format: 'date-time' }) }),
  },
  'Mails, newest first',
);

export const refreshAnswer = wrapped(obj(tokenInfo), 'New token in the Authorization header');

/** `{ data: [...], recordsFiltered }` */
export const pageAnswer = (item: object, description: string) => ({
  description,
  ...obj({ data: { type: 'array', items: item }, recordsFiltered: { type: 'integer', description: 'All matches' } }),
});

export const ipRangesAnswer = wrapped(
  {
    type: 'array',
    items: obj({ ip_range: str, version: { type: 'integer', enum: [4, 6] }, type: { type: 'string', enum: ['address', 'cidr', 'range'] }, start: str, end: str }),
  },
  'The ranges, normalized',
);

export const collectionAnswer = wrapped(
  { type: 'array', items: { type: 'object', required: ['id', 'name'], additionalProperties: true, properties: { id: int, name: str } } },
  'The list',
);

export const unauthenticated = messageAnswer('Missing, invalid, expired or revoked token');
