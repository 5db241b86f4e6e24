import type { SwaggerOptions } from '@fastify/swagger';
import type { SchemaCatalog } from '../../engine/schema/SchemaCatalog';
import { DEFAULT_API_TOKEN_RATE_LIMIT } from '../repositories/apiTokensRepository';
import { messageAnswer } from './responses';

type Json = Record<string, unknown>;

/** Where a catalog schema (schemas/<path>, by `$id`) is published in the document. */
const componentRef = (id: string) => `#/components/schemas/${id}`;

/**
 * A catalog schema as an OpenAPI 3.1 component: the document is JSON Schema 2020-12, of which the draft-07 files
 * under schemas/ use only the common part, so the copy only loses `$schema` and `$id` (the component's key names it)
 * and has its document-local `$ref`s (`#/definitions/money`) re-rooted at the component.
 */
function asComponent(schema: Json, id: string): Json {
  const root = componentRef(id);
  const rewrite = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(rewrite);
    if (!node || typeof node !== 'object') return node;
    const out: Json = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string' && value.startsWith('#')) out.$ref = root + value.slice(1);
      else out[key] = rewrite(value);
    }
    return out;
  };
  const { $schema: _dialect, $id: _id, ...rest } = schema;
  return rewrite(rest) as Json;
}

/**
 * A route schema part with every catalog schema in it (a request body or an answer Fastify got by `$id`) replaced
 * by a `$ref` to its component. The swagger plugin would otherwise inline the schema and drop its `definitions`,
 * leaving `#/definitions/money` dangling.
 */
function referenceCatalogSchemas(node: unknown, catalog: SchemaCatalog): unknown {
  if (Array.isArray(node)) return node.map((item) => referenceCatalogSchemas(item, catalog));
  if (!node || typeof node !== 'object') return node;
  const id = (node as Json).$id;
  if (typeof id === 'string' && catalog.has(id)) return { $ref: componentRef(id) };
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, referenceCatalogSchemas(value, catalog)]));
}

/** Publishes each catalog schema the operations reference as one component, once. */
function addReferencedComponents(doc: Json, catalog: SchemaCatalog): void {
  const components = ((doc.components as Json).schemas ??= {}) as Json;
  const pending = [...JSON.stringify(doc.paths).matchAll(/"#\/components\/schemas\/([A-Za-z0-9_]+)"/g)].map((m) => m[1]);
  for (const id of pending) {
    if (!components[id] && catalog.has(id)) components[id] = asComponent(catalog.get(id).schema as Json, id);
  }
}

/** `getCampaignsById`-style ids for operations that do not name their own: unique and stable, from method and path. */
function operationIdFor(method: string, url: string): string {
  const words = url
    .replace(/^\/api\/private\/v1/, '')
    .split('/')
    .filter(Boolean)
    .map((part) => (part.startsWith(':') ? `by-${part.slice(1)}` : part === '*' ? 'path' : part))
    .flatMap((part) => part.split(/[^A-Za-z0-9]+/))
    .filter(Boolean);
  return method.toLowerCase() + words.map((w) => w[0].toUpperCase() + w.slice(1)).join('');
}

/** What the document says of a call an API token may not make (route config `sessionOnly`). */
const SESSION_ONLY = 'Session only: a signed-in session may make this call, a personal API token gets 403.';

/**
 * The options of @fastify/swagger that make `GET docs/api.json` an OpenAPI 3.1 document real tools accept
 * (tests/api/openapi.test.ts lints it with Redocly's recommended rules): every operation has an id and a declared
 * security (a route that does not declare bearer auth is public, `security: []`, and the test checks each against
 * what the server does without a token), Fastify's wildcard `*` is a named `{path}` parameter, the servers are the
 * network's own origin, and catalog schemas are components referenced by `$ref`.
 */
export function openApiOptions(catalog: SchemaCatalog): SwaggerOptions {
  return {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Ad network panel API',
        version: '1.0.0',
        description:
          'Private API of the self-serve advertising panel. Each network serves it on its own host. Answers wrap payloads in `data`; field errors are 422 `{ message, errors: { field: [messages] } }`.',
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      },
      servers: [{ url: '/', description: 'The network this document was read from (relative to its host)' }],
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            description:
              `A signed-in session’s token (from POST auth/login, refreshed by GET auth/refresh), or a personal API token (\`apt_…\`, made on the /api page or by POST api-token). A read-only API token may only GET; no API token may make the calls marked session only. API tokens are limited to ${DEFAULT_API_TOKEN_RATE_LIMIT.max} calls a minute each by default (429 with Retry-After beyond).`,
          },
        },
      },
    },
    transform: ({ schema, url, route }) => {
      const method = String(Array.isArray(route.method) ? route.method[0] : route.method);
      const own = (schema ?? {}) as Json;
      const transformed: Json = {
        ...own,
        ...(own.body ? { body: referenceCatalogSchemas(own.body, catalog) } : {}),
        ...(own.response ? { response: referenceCatalogSchemas(own.response, catalog) } : {}),
        operationId: own.operationId ?? operationIdFor(method, url),
        security: own.security ?? [],
        ...(route.config?.sessionOnly ? { description: SESSION_ONLY, 'x-session-only': true } : {}),
      };
      // A session-only call answers 403 to an API token: said once here for all of them, unless the route says more.
      const responses = transformed.response as Json | undefined;
      if (route.config?.sessionOnly && responses && !responses['403']) transformed.response = { ...responses, 403: messageAnswer('Called with a personal API token') };
      // Fastify's wildcard `*` is no valid parameter name: it is published as `{path}`.
      return { schema: transformed as typeof schema, url: url.replace(/\/\*$/, '/:path') };
    },
    transformObject: (documentObject) => {
      const doc = structuredClone(('openapiObject' in documentObject ? documentObject.openapiObject : documentObject.swaggerObject) as Json);
      addReferencedComponents(doc, catalog);
      return doc;
    },
  };
}
