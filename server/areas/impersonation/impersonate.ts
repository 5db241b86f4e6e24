import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../httpError';
import { messageAnswer, refusalAnswer, unauthenticated, wrapped } from '../../openapi/responses';
import { catalogSchema } from '../../plugins/validation';
import { urlToken } from '../../repositories/codesRepository';
import { pageOrigin } from '../../http/origins';

const security = [{ bearerAuth: [] }];

/**
 * Support acting as a user: `POST impersonate/{userId}` (support only) gives a one-time link; opening it calls
 * `POST auth/impersonate`; `GET impersonate/leave` ends the impersonated session.
 */
export default async function impersonateRoutes(app: FastifyInstance) {
  const { platform } = app;

  app.post<{ Params: { userId: number } }>(
    '/impersonate/:userId',
    {
      onRequest: app.authenticate,
      config: { sessionOnly: true },
      schema: {
        tags: ['impersonation'],
        summary: 'Support: a one-time link (2 minutes) that signs in as an advertiser of this network',
        security,
        params: { type: 'object', required: ['userId'], properties: { userId: { type: 'integer', minimum: 1, maximum: 2147483647 } } },
        response: { 200: wrapped(catalogSchema(platform.catalog, 'impersonation_impersonation_link_answer'), 'Open this link (in a private window) to act as the user'), 401: unauthenticated, 403: messageAnswer('Not a support user'), 404: messageAnswer('No such user'), 422: refusalAnswer('That user cannot be impersonated') },
      },
    },
    async (request) => {
      const auth = request.auth!;
      const support = await platform.users.findById(request.network.id, auth.userId);
      if (!support || support.role !== 'support' || auth.impersonatorId !== null) throw new HttpError(403, 'Only support staff may impersonate users.');
      const target = await platform.users.findById(request.network.id, request.params.userId);
      if (!target) throw new HttpError(404, `User ${request.params.userId} not found`);
      if (target.role !== 'advertiser') throw new HttpError(422, 'Only advertisers can be impersonated.');
      const secret = urlToken();
      const row = await platform.codes.issue({ userId: target.id, networkId: target.networkId, purpose: 'impersonate', secret, impersonatorId: support.id });
      request.log.info({ supportId: support.id, userId: target.id }, 'impersonation link issued');
      return { data: { url: `${pageOrigin(request)}/impersonate?token=${row.id}_${secret}` } };
    },
  );

  app.get(
    '/impersonate/leave',
    {
      onRequest: app.authenticate,
      config: { sessionOnly: true },
      schema: {
        tags: ['impersonation'],
        summary: "End an impersonated session; answers where the support user goes back to (the network's main page)",
        security,
        response: { 200: wrapped(catalogSchema(platform.catalog, 'impersonation_impersonation_exit_answer'), 'Where to go now'), 401: unauthenticated, 403: messageAnswer('This session is not impersonated') },
      },
    },
    async (request) => {
      const auth = request.auth!;
      if (auth.impersonatorId === null) throw new HttpError(403, 'This session is not an impersonation.');
      await platform.sessions.revokeFamily(auth.familyId);
      request.log.info({ supportId: auth.impersonatorId, userId: auth.userId }, 'impersonation ended');
      return { data: { redirect_url: `${pageOrigin(request)}/` } };
    },
  );
}
