import type { FastifyInstance } from 'fastify';

/** `GET docs/api.json` (no token): the OpenAPI document generated from the route schemas. */
export default async function docsRoutes(app: FastifyInstance) {
  app.get('/docs/api.json', { schema: { hide: true } }, async () => app.swagger());
}
