import type { FastifyInstance } from 'fastify';
import { wrapped } from '../../openapi/responses';
import { catalogSchema } from '../../plugins/validation';
import { globalSettings } from '../../settings/globalSettings';

/** `GET settings` (no token): product-wide constants and lists (pricing models, limits, server time...). */
export default async function settingsRoutes(app: FastifyInstance) {
  app.get('/settings', {
      schema: {
        tags: ['shell'],
        summary: 'Global settings of the panel for this network',
        response: { 200: wrapped(catalogSchema(app.platform.catalog, 'shell_global_settings_answer'), 'Global settings') },
      },
    }, async (request) => ({
    data: globalSettings(request.network, app.platform.adFormats),
  }));
}
