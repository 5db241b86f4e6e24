import type { FastifyInstance } from 'fastify';
import type { NetworkConfig } from '../../config/networkConfig';
import { wrapped } from '../../openapi/responses';
import { catalogSchema } from '../../plugins/validation';
import { globalSettings } from '../../settings/globalSettings';

/** The time the cached answer is serialized with, and the text it leaves there for each call to replace. */
const STAMP = new Date(0);
const STAMPED = `"server_time":"${STAMP.toISOString()}"`;

/** `GET settings` (no token): product-wide constants and lists (pricing models, limits, server time...). */
export default async function settingsRoutes(app: FastifyInstance) {
  // Everything but server_time depends only on the network and the formats, both read once at start: each network's
  // answer is serialized once (with the route's schema, as Fastify would) around a stamp, and every call puts the time
  // in its place. Serializing the 17 KB on every call was half of the route's time (npm run bench -- --only=api).
  const bodies = new WeakMap<NetworkConfig, [string, string]>();
  app.get('/settings', {
      schema: {
        tags: ['shell'],
        summary: 'Global settings of the panel for this network',
        response: { 200: wrapped(catalogSchema(app.platform.catalog, 'shell_global_settings_answer'), 'Global settings') },
      },
    }, async (request, reply) => {
    let halves = bodies.get(request.network);
    if (halves === undefined) {
      const body = reply.serialize({ data: globalSettings(request.network, app.platform.adFormats, STAMP) }) as string;
      const at = body.indexOf(STAMPED);
      if (at < 0) throw new Error('GET settings: server_time is missing from the serialized answer');
      halves = [body.slice(0, at), body.slice(at + STAMPED.length)];
      bodies.set(request.network, halves);
    }
    return reply.type('application/json; charset=utf-8').send(`${halves[0]}"server_time":"${new Date().toISOString()}"${halves[1]}`);
  });
}
