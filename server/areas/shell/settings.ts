import type { FastifyInstance } from 'fastify';
import { wrapped } from '../../openapi/responses';
import { globalSettings } from '../../settings/globalSettings';

/** `GET settings` (no token): product-wide constants and lists (pricing models, limits, server time...). */
export default async function settingsRoutes(app: FastifyInstance) {
  app.get('/settings', {
      schema: {
        tags: ['shell'],
        summary: 'Global settings of the panel for this network',
        response: { 200: wrapped({ type: 'object', additionalProperties: true, description: 'See server/README.md' }, 'Global settings') },
      },
    }, async (request) => ({
    data: globalSettings(request.network, app.platform.adFormats),
  }));
}
