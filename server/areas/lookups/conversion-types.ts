import type { FastifyInstance } from 'fastify';
import { unauthenticated, wrapped } from '../../openapi/responses';
import { catalogSchema } from '../../plugins/validation';
import { conversionTypes } from '../../reference/conversionTypes';

/** `GET conversion-types`: what a CPA campaign may count as a conversion. */
export default async function conversionTypesRoutes(app: FastifyInstance) {
  app.get(
    '/conversion-types',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['lookups'],
        summary: 'Conversion types of CPA campaigns (stable string ids)',
        security: [{ bearerAuth: [] }],
        response: { 200: wrapped({ type: 'array', items: catalogSchema(app.platform.catalog, 'lookups_conversion_type_answer') }, 'Conversion types'), 401: unauthenticated },
      },
    },
    async () => ({ data: conversionTypes }),
  );
}
