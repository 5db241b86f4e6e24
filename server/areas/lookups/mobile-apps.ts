import type { FastifyInstance } from 'fastify';
import { fieldErrorsAnswer, pageAnswer, unauthenticated } from '../../openapi/responses';
import { catalogSchema } from '../../plugins/validation';
import { searchMobileApps, type MobileAppSearch } from '../../reference/siteSearch';
import type { MobileAppOption } from '../../../generated/types';

/** `GET mobile-apps`: the mobile app lookup of the campaign form (search by name or bundle id, or labels of saved ids). */
export default async function mobileAppsRoutes(app: FastifyInstance) {
  app.get<{ Querystring: MobileAppSearch }>(
    '/mobile-apps',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['lookups'],
        summary: 'Mobile apps by part of the name or bundle id (names starting with it first), or by ids',
        security: [{ bearerAuth: [] }],
        querystring: catalogSchema(app.platform.catalog, 'lookups_mobile_apps_query'),
        response: { 200: pageAnswer(catalogSchema(app.platform.catalog, 'lookups_mobile_app_option_answer'), 'Matching apps'), 401: unauthenticated, 422: fieldErrorsAnswer },
      },
    },
    async (request) => {
      const { rows, total } = searchMobileApps(request.query);
      return {
        data: rows.map((a): MobileAppOption => ({ id: a.id, name: `${a.name} (${a.bundle})`, app_name: a.name, bundle: a.bundle, platform: a.platform, category: a.category })),
        recordsFiltered: total,
      };
    },
  );
}
