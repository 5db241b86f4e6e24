import type { FastifyInstance } from 'fastify';
import type { NetworkConfig } from '../../config/networkConfig';
import { PreparedAnswer, sendPrepared } from '../../http/preparedAnswer';
import { wrapped } from '../../openapi/responses';
import { catalogSchema } from '../../plugins/validation';
import { globalSettings } from '../../settings/globalSettings';

/** The time the prepared answer is serialized with, to find where the changing server time goes. */
const STAMP = new Date(0);
const STAMPED = `"server_time":"${STAMP.toISOString()}"`;

/** `GET settings` (no token): product-wide constants and lists (pricing models, limits, server time...). */
export default async function settingsRoutes(app: FastifyInstance) {
  // Everything but server_time depends only on the network and the formats, both read once at start: each network's
  // answer is serialized once (with the route's schema, as Fastify would) and its start, everything before the time
  // (which the schema puts last), compressed once; every call appends the time. Serializing the 17 KB on every call
  // was half of the route's time, and compressing it most of the rest (npm run bench -- --only=api).
  const answers = new WeakMap<NetworkConfig, { start: PreparedAnswer; end: string }>();
  app.get('/settings', {
      schema: {
        tags: ['shell'],
        summary: 'Global settings of the panel for this network',
        response: { 200: wrapped(catalogSchema(app.platform.catalog, 'shell_global_settings_answer'), 'Global settings') },
      },
    }, (request, reply) => {
    let answer = answers.get(request.network);
    if (answer === undefined) {
      const body = reply.serialize({ data: globalSettings(request.network, app.platform.adFormats, STAMP) }) as string;
      const at = body.indexOf(STAMPED);
      if (at < 0) throw new Error('GET settings: server_time is missing from the serialized answer');
      answer = { start: new PreparedAnswer(body.slice(0, at)), end: body.slice(at + STAMPED.length) };
      answers.set(request.network, answer);
    }
    sendPrepared(request, reply, answer.start, `"server_time":"${new Date().toISOString()}"${answer.end}`);
  });
}
