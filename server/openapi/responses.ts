/**
 * Answer schemas of the routes, for the OpenAPI document and as the serializer's contract: Fastify serializes
 * with them, so an answer never carries a field that is not declared here (no accidental leaks of columns).
 */

const str = { type: 'string' } as const;
const int = { type: 'integer' } as const;
const nullable = <T extends object>(schema: T) => ({ ...schema, nullable: true });
const obj = (properties: Record<string, object>, extra = false) => ({
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

export const currentUserSchema = obj({
  id: int,
  name: str,
  contact_name: str,
  email: str,
  status: { type: 'string', enum: ['confirmed', 'unconfirmed'] },
  role: { type: 'string', enum: ['advertiser', 'support'] },
  account_type: { type: 'string', enum: ['personal', 'company'] },
  locale: str,
  balance: { type: 'string', description: 'Decimal string, 4 places' },
  is_impersonating: { type: 'boolean' },
  impersonator: nullable(obj({ id: int, name: str, email: str })),
  account_manager: nullable(obj({ name: str, avatar_url: nullable(str), email: str, telegram: nullable(str) })),
  hash_values: obj({ user_id: str, email: str }),
});

const tokenInfo = {
  token_type: { type: 'string', enum: ['Bearer'] },
  expires_in: { type: 'integer', description: 'Seconds' },
  expires_at: { type: 'string', format: 'date-time' },
};

export const loginAnswer = wrapped(
  obj({
    ...tokenInfo,
    authentication_method: nullable({ type: 'string', enum: ['email', 'google'] }),
    code_expiration_time: nullable(str),
    application_time: { type: 'string', format: 'date-time' },
    user: currentUserSchema,
  }),
  'Signed in; the token is in the Authorization header',
);

export const refreshAnswer = wrapped(obj(tokenInfo), 'New token in the Authorization header');

export const networkAnswer = wrapped(
  obj({
    id: str,
    name: str,
    adFormats: { type: 'array', items: str },
    guardSections: { type: 'array', items: str },
    targetTypes: { type: 'array', items: str },
    showSiteDomains: { type: 'boolean' },
    messengerBotName: nullable(str),
    settings: { type: 'object', additionalProperties: true, description: 'The config settings object (schemas/meta/network-config.schema.json)' },
  }),
  'The network of the requesting host',
);

export const regionSchema = obj({ id: int, name: str, code: str, country_id: int, country_iso2: str, country_name: str });

export const citySchema = obj({
  id: int,
  name: str,
  region_id: nullable(int),
  region_name: nullable(str),
  country_id: int,
  country_iso2: str,
  country_name: str,
});

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
