import type { FastifyInstance } from 'fastify';
import { signedInAnswer } from '../../auth/issueToken';
import { HttpError } from '../../httpError';
import { fieldErrorsAnswer, loginAnswer } from '../../openapi/responses';
import { catalogSchema } from '../../plugins/validation';
import { splitToken } from './impersonation';

/** `POST auth/impersonate` (no token): trades the one-time link token for a session marked as impersonated. */
export default async function authImpersonateRoutes(app: FastifyInstance) {
  const { platform } = app;
  app.post<{ Body: { token: string } }>(
    '/auth/impersonate',
    {
      schema: {
        tags: ['impersonation'],
        summary: 'Enter an impersonation link: the token comes back in the Authorization header, GET user shows is_impersonating',
        body: catalogSchema(platform.catalog, 'impersonation_impersonate'),
        response: { 200: loginAnswer(platform.catalog), 422: fieldErrorsAnswer },
      },
    },
    async (request, reply) => {
      const rejected = new HttpError(422, 'The given data was invalid.', { errors: { token: ['This impersonation link is invalid or has expired.'] } });
      const parts = splitToken(request.body.token);
      const row = parts ? await platform.codes.byId(parts.id, 'impersonate') : undefined;
      if (!parts || !row || row.networkId !== request.network.id || row.usedAt || row.expiresAt.getTime() <= Date.now() || !platform.codes.matches(row, parts.secret)) throw rejected;
      if (!(await platform.codes.markUsed(row.id))) throw rejected;
      const user = await platform.users.findById(request.network.id, row.userId);
      const support = row.impersonatorId ? await platform.users.findById(request.network.id, row.impersonatorId) : undefined;
      if (!user || !support || support.role !== 'support') throw rejected;
      request.log.info({ supportId: support.id, userId: user.id }, 'impersonation started');
      return signedInAnswer(request, reply, user, support.id);
    },
  );
}
