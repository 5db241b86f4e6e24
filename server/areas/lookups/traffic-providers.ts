import type { FastifyInstance } from 'fastify';
import { unauthenticated, wrapped } from '../../openapi/responses';
import { catalogSchema } from '../../plugins/validation';
import { trafficProviders } from '../../reference/trafficProviders';

/** Traffic providers: `GET traffic-providers/collection`, the supply partners a campaign may buy from. */
export default async function trafficProvidersRoutes(app: FastifyInstance) {
  app.get(
    '/traffic-providers/collection',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['lookups'],
        summary: 'Supply partners for the traffic providers target; id 1 is the main provider (the network itself)',
        security: [{ bearerAuth: [] }],
        response: {
          200: wrapped({ type: 'array', items: catalogSchema(app.platform.catalog, 'lookups_traffic_provider_answer') }, 'Traffic providers'),
          401: unauthenticated,
        },
      },
    },
    async () => ({ data: trafficProviders }),
  );
}
