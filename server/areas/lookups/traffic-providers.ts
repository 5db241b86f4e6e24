import type { FastifyInstance } from 'fastify';
import { int, obj, str, unauthenticated, wrapped } from '../../openapi/responses';
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
          200: wrapped({ type: 'array', items: obj({ id: int, name: str, method_type: { type: 'string', enum: ['xml', 'rtb'] } }) }, 'Traffic providers'),
          401: unauthenticated,
        },
      },
    },
    async () => ({ data: trafficProviders }),
  );
}
