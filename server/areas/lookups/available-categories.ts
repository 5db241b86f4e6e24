import type { FastifyInstance } from 'fastify';
import { fieldError } from '../../httpError';
import { fieldErrorsAnswer, unauthenticated, wrapped } from '../../openapi/responses';
import { catalogSchema } from '../../plugins/validation';
import { availableCategories } from '../../reference/siteSearch';

/** One serialized answer per format and set of placement types (at most formats × 64): the sites never change. */
const bodies = new Map<string, string>();

/** `GET available-categories`: the IAB categories the network's sites offer for an ad format (and placement types). */
export default async function availableCategoriesRoutes(app: FastifyInstance) {
  app.get<{ Querystring: { ad_format_id: string; placement_type_ids?: number[] } }>(
    '/available-categories',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['lookups'],
        summary: 'IAB categories of the sites that sell an ad format (and use any of the placement types), by name',
        security: [{ bearerAuth: [] }],
        querystring: catalogSchema(app.platform.catalog, 'lookups_available_categories_query'),
        response: { 200: wrapped({ type: 'array', items: catalogSchema(app.platform.catalog, 'lookups_available_category_answer') }, 'Categories'), 401: unauthenticated, 422: fieldErrorsAnswer },
      },
    },
    async (request, reply) => {
      const { ad_format_id: format, placement_type_ids: placements = [] } = request.query;
      if (!app.platform.adFormats.has(format) || !request.network.adFormats.includes(format)) throw fieldError('ad_format_id', 'Choose an ad format this network offers.');
      const ids = [...new Set(placements)].sort((a, b) => a - b);
      const key = `${format}|${ids.join(',')}`;
      let body = bodies.get(key);
      if (body === undefined) {
        body = JSON.stringify({ data: availableCategories(format, ids) });
        bodies.set(key, body);
      }
      return reply.type('application/json; charset=utf-8').send(body);
    },
  );
}
