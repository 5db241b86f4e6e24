import type { FastifyInstance } from 'fastify';
import type { LookupsTrafficProviderAnswer } from '../../../generated/types';
import { unauthenticated, wrapped } from '../../openapi/responses';
import { catalogSchema } from '../../plugins/validation';
import { MAIN_TRAFFIC_PROVIDER_ID, trafficProviders } from '../../reference/trafficProviders';
import '../providers/public';

/** The network's own inventory, first in every list (reference/trafficProviders.ts). */
const mainProvider = trafficProviders.find((p) => p.id === MAIN_TRAFFIC_PROVIDER_ID)!;

/** Traffic providers: `GET traffic-providers/collection`, the supply a campaign may buy from. */
export default async function trafficProvidersRoutes(app: FastifyInstance) {
  app.get(
    '/traffic-providers/collection',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['lookups'],
        summary: "The choices of the campaign form's traffic providers target: the main provider (id 1, the network itself), then the user's active traffic providers by name",
        description: 'A paused or deleted provider leaves the list; campaigns that chose it keep its id. User providers have ids from 1001.',
        security: [{ bearerAuth: [] }],
        response: {
          200: wrapped({ type: 'array', items: catalogSchema(app.platform.catalog, 'lookups_traffic_provider_answer') }, 'Traffic providers'),
          401: unauthenticated,
        },
      },
    },
    async (request) => {
      const own = await app.trafficProviders.active(request.auth!.userId);
      return { data: [mainProvider, ...own.map((p): LookupsTrafficProviderAnswer => ({ id: p.id, name: p.name, method_type: p.methodType }))] };
    },
  );
}
