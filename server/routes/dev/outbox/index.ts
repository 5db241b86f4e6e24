import type { FastifyInstance } from 'fastify';
import { outboxAnswer } from '../../../openapi/responses';
import { catalogSchema } from '../../../plugins/validation';

/**
 * `GET dev/outbox`: the mails the server sent, newest first, for development and end-to-end tests (read
 * confirmation links, reset tokens, sign-in codes). Registered only when `services.devOutbox` is on: never in
 * production unless DEV_OUTBOX=1.
 */
export default async function devOutboxRoutes(app: FastifyInstance) {
  app.get<{ Querystring: { to?: string; limit: number } }>(
    '/dev/outbox',
    {
      schema: {
        tags: ['development'],
        summary: 'Mails sent (development only)',
        querystring: catalogSchema(app.services.catalog, 'api_dev_outbox_query'),
        response: { 200: outboxAnswer },
      },
    },
    async (request) => {
      const rows = await app.services.mailer.list({ networkId: request.network.id, to: request.query.to, limit: request.query.limit ?? 50 });
      return {
        data: rows.map((r) => ({ id: r.id, to: r.to, subject: r.subject, text: r.text, kind: r.kind, links: r.links, created_at: r.createdAt.toISOString(), sent_at: r.sentAt?.toISOString() ?? null })),
      };
    },
  );
}
