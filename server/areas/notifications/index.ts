import type { FastifyInstance } from 'fastify';
import notifications from './notifications';
import unsubscribe from './unsubscribe';

/** Notifications: the list, read one, read all, remove all; and the signed unsubscribe link of notification mails. */
export default async function notificationsArea(app: FastifyInstance) {
  await app.register(notifications);
  await app.register(unsubscribe);
}
