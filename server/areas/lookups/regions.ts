import type { FastifyInstance } from 'fastify';
import { searchRegions, type RegionQuery } from '../../reference/geo';
import { fieldErrorsAnswer, pageAnswer } from '../../openapi/responses';
import { catalogSchema } from '../../plugins/validation';
import type { Region } from '../../../generated/types';

/** `POST regions`: regions by name prefix and id filters; `data` holds at most `limit` rows, `recordsFiltered` all matches. */
export default async function regionsRoutes(app: FastifyInstance) {
  app.post<{ Body: RegionQuery }>(
    '/regions',
    {
      schema: {
        tags: ['lookups'],
        summary: 'Search regions',
        body: catalogSchema(app.platform.catalog, 'lookups_regions'),
        response: { 200: pageAnswer(catalogSchema(app.platform.catalog, 'lookups_region_answer'), 'Matching regions'), 422: fieldErrorsAnswer },
      },
    },
    async (request): Promise<{ data: Region[]; recordsFiltered: number }> => searchRegions(request.body),
  );
}
