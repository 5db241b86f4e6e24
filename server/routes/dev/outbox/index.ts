import type { FastifyInstance } from 'fastify';
import { fieldErrorsAnswer, messageAnswer, wrapped } from '../../../openapi/responses';
import { catalogSchema } from '../../../plugins/validation';
import { devOnly } from '../devOnly';
import type { OutboxMail } from '../../../../generated/types';

/**
 * `GET dev/outbox`: the mails the server sent, newest first, for end-to-end tests and development (confirmation
 * links, reset tokens, sign-in codes: keys to every account). Registered only with `services.devOutbox`
 * (DEV_OUTBOX=1 on a loopback bind, never behind a proxy), behind the development guard (devOnly.ts).
 */
export default async function devOutboxRoutes(app: FastifyInstance) {
  app.get<{ Querystring: { to?: string; limit: number } }>(
    '/dev/outbox',
    {
      onRequest: devOnly(app),
      schema: {
        tags: ['development'],
        summary: 'Mails sent (development only)',
        querystring: catalogSchema(app.platform.catalog, 'dev_dev_outbox_query'),
        response: { 200: wrapped({ type: 'array', items: catalogSchema(app.platform.catalog, 'dev_outbox_mail_answer') }, 'Mails, newest first'), 404: messageAnswer('Not a loopback caller on a network host'), 422: fieldErrorsAnswer },
      },
    },
    async (request) => {
      const rows = await app.platform.mailer.list({ networkId: request.network.id, to: request.query.to, limit: request.query.limit ?? 50 });
      return {
        data: rows.map((r): OutboxMail => ({ id: r.id, to: r.to, subject: r.subject, text: r.text, kind: r.kind, links: r.links, created_at: r.createdAt.toISOString(), sent_at: r.sentAt?.toISOString() ?? null })),
      };
    },
  );
}
