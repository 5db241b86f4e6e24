import type { FastifyInstance } from 'fastify';
import { searchRegions, type RegionQuery } from '../../reference/geo';
import { fieldErrorsAnswer, pageAnswer, regionSchema } from '../../openapi/responses';
import { catalogSchema } from '../../plugins/validation';

/** `POST regions`: regions by name prefix and id filters; `data` holds at most `limit` rows, `recordsFiltered` all matches. */
export default async function regionsRoutes(app: FastifyInstance) {
  app.post<{ Body: RegionQuery }>(
    '/regions',
    {
      schema: {
        tags: ['lookups'],
        summary: 'Search regions',
        body: catalogSchema(app.services.catalog, 'api_regions'),
        response: { 200: pageAnswer(regionSchema, 'Matching regions'), 422: fieldErrorsAnswer },
      },
    },
    async (request) => searchRegions(request.body),
  );
}
