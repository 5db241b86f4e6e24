import type { FastifyInstance } from 'fastify';
import { searchCities, type CityQuery } from '../../reference/geo';
import { fieldErrorsAnswer, pageAnswer } from '../../openapi/responses';
import { catalogSchema } from '../../plugins/validation';
import type { City } from '../../../generated/types';

/** `POST cities`: cities by name prefix and id filters; `data` holds at most `limit` rows, `recordsFiltered` all matches. */
export default async function citiesRoutes(app: FastifyInstance) {
  app.post<{ Body: CityQuery }>(
    '/cities',
    {
      schema: {
        tags: ['lookups'],
        summary: 'Search cities',
        body: catalogSchema(app.platform.catalog, 'lookups_cities'),
        response: { 200: pageAnswer(catalogSchema(app.platform.catalog, 'lookups_city_answer'), 'Matching cities'), 422: fieldErrorsAnswer },
      },
    },
    async (request): Promise<{ data: City[]; recordsFiltered: number }> => searchCities(request.body),
  );
}
