import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../httpError';
import { int, messageAnswer, obj, unauthenticated, wrapped } from '../../openapi/responses';
import { catalogSchema } from '../../plugins/validation';
import { notificationItem } from '../../services/notifications';

const security = [{ bearerAuth: [] }];

/** `notifications`: the list, read one, read all, remove all. */
export default async function notificationsRoutes(app: FastifyInstance) {
  const { notifications, catalog } = app.platform;
  const guarded = { onRequest: app.authenticate };
  const counts = (description: string) => wrapped(catalogSchema(catalog, 'notifications_unread_count_answer'), description);
  const page = {
    description: 'A page of notifications',
    ...obj({ data: { type: 'array', items: catalogSchema(catalog, 'notifications_notification_item_answer') }, recordsFiltered: int, unread_notifications: int }),
  };

  app.get<{ Querystring: { page: number; per_page: number; status: 'unread' | 'all' } }>(
    '/notifications',
    {
      ...guarded,
      schema: {
        tags: ['notifications'],
        summary: 'A page of notifications, newest first, with the unread count',
        security,
        querystring: catalogSchema(catalog, 'notifications_notifications_query'),
        response: { 200: page, 401: unauthenticated },
      },
    },
    async (request) => {
      const userId = request.auth!.userId;
      const { page = 1, per_page: perPage = 15, status = 'unread' } = request.query;
      const { rows, total } = await notifications.list(userId, { page, perPage, status });
      return { data: rows.map(notificationItem), recordsFiltered: total, unread_notifications: await notifications.unread(userId) };
    },
  );

  app.post<{ Params: { id: number } }>(
    '/notifications/:id/read',
    {
      ...guarded,
      schema: {
        tags: ['notifications'],
        summary: 'Mark one notification read',
        security,
        params: { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 } } },
        response: { 200: counts('Read; the unread count after it'), 401: unauthenticated, 404: messageAnswer('No such notification') },
      },
    },
    async (request) => {
      const userId = request.auth!.userId;
      if (!(await notifications.read(userId, request.params.id))) throw new HttpError(404, `Notification ${request.params.id} not found`);
      return { data: { unread_notifications: await notifications.unread(userId) } };
    },
  );

  app.post(
    '/notifications/read-all',
    { ...guarded, schema: { tags: ['notifications'], summary: 'Mark every notification read', security, response: { 200: counts('All read'), 401: unauthenticated } } },
    async (request) => {
      await notifications.readAll(request.auth!.userId);
      return { data: { unread_notifications: 0 } };
    },
  );

  app.delete(
    '/notifications',
    { ...guarded, schema: { tags: ['notifications'], summary: 'Remove every notification', security, response: { 200: counts('All removed'), 401: unauthenticated } } },
    async (request) => {
      await notifications.removeAll(request.auth!.userId);
      return { data: { unread_notifications: 0 } };
    },
  );
}
