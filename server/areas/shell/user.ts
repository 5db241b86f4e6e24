import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../auth/currentUser';
import { HttpError } from '../../httpError';
import { unauthenticated, wrapped } from '../../openapi/responses';
import { catalogSchema } from '../../plugins/validation';

/** `GET user`: the signed-in user (the spec's Current user entity). */
export default async function userRoutes(app: FastifyInstance) {
  app.get(
    '/user',
    {
      schema: {
        tags: ['user'],
        summary: 'The current user',
        security: [{ bearerAuth: [] }],
        response: { 200: wrapped(catalogSchema(app.platform.catalog, 'accounts_current_user_answer'), 'The current user'), 401: unauthenticated },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      const auth = request.auth!;
      const user = await app.platform.users.findById(request.network.id, auth.userId);
      // A session can outlive its user only if the account was deleted in between.
      if (!user) throw new HttpError(401, 'Unauthenticated.');
      return { data: await currentUser(app.platform, user, auth) };
    },
  );

  app.post(
    '/user/welcome-seen',
    {
      schema: {
        tags: ['user'],
        summary: 'The user finished or skipped the welcome screen: it does not show again',
        security: [{ bearerAuth: [] }],
        response: { 204: { type: 'null', description: 'Noted' }, 401: unauthenticated },
      },
      onRequest: app.authenticate,
    },
    async (request, reply) => {
      const auth = request.auth!;
      // Support staff looking through an advertiser's eyes do not use up the advertiser's welcome.
      if (!auth.impersonatorId) await app.platform.users.update(auth.userId, { welcomeSeenAt: new Date() });
      return reply.status(204).send();
    },
  );
}
