import type { FastifyInstance } from 'fastify';
import { PreparedAnswer, sendPrepared } from '../../http/preparedAnswer';
import { HttpError } from '../../httpError';
import { messageAnswer, wrapped } from '../../openapi/responses';
import { catalogSchema } from '../../plugins/validation';
import { collectionBody, collections } from '../../reference/collections';

/** `GET collections/{name}` (no token: sign-up needs messengers and countries): one lookup list in `data`. */
export default async function collectionsRoutes(app: FastifyInstance) {
  const answers = new Map<string, PreparedAnswer>();
  app.get<{ Params: { name: string } }>(
    '/collections/:name',
    {
      schema: {
        tags: ['lookups'],
        summary: `A lookup list: ${collections.ids().join(', ')}`,
        params: {
          type: 'object',
          additionalProperties: false,
          required: ['name'],
          properties: { name: { type: 'string', maxLength: 64 } },
        },
        response: { 200: wrapped({ type: 'array', items: catalogSchema(app.platform.catalog, 'lookups_collection_item_answer') }, 'The list'), 404: messageAnswer('Unknown collection; the message lists the valid names') },
      },
    },
    (request, reply) => {
      const { name } = request.params;
      if (!collections.has(name)) {
        throw new HttpError(404, `Unknown collection "${name}". Valid names: ${collections.ids().join(', ')}`);
      }
      // Reference data only changes with a deploy: let browsers and proxies keep it for an hour.
      reply.header('Cache-Control', 'public, max-age=3600');
      let answer = answers.get(name);
      if (answer === undefined) answers.set(name, (answer = new PreparedAnswer(collectionBody(name))));
      sendPrepared(request, reply, answer);
    },
  );
}
