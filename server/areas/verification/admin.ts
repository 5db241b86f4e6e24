import type { FastifyInstance } from 'fastify';
import { staffOnly } from '../../http/staffOnly';
import type { VerificationDecision } from '../../../generated/types';
import { HttpError } from '../../httpError';
import { fieldErrorsAnswer, messageAnswer, unauthenticated, wrapped } from '../../openapi/responses';
import { catalogSchema } from '../../plugins/validation';
import { mailContext } from '../../services/accountMails';
import { queuedJson, verificationJson, withNames } from './answers';
import type { VerificationRepository } from './repository';

const security = [{ bearerAuth: [] }];
const tags = ['verification'];
const NOTIFICATION = { approved: 'verification_approved', rejected: 'verification_rejected' } as const;

/**
 * The operator's side of card verification, for support staff of the network (role support, not while
 * impersonating, as for moderation): the queue of pending verifications and the decision, which notifies the
 * advertiser. The documents themselves are read with `GET media/{id}/download-url`, which lets such staff in.
 */
export default async function verificationAdminRoutes(app: FastifyInstance, { repo }: { repo: VerificationRepository }) {
  const { platform } = app;
  const { onRequest: staffGuard, staffOf } = staffOnly(app, 'Only support staff may review card verifications.');
  const forbidden = messageAnswer('Not support staff of this network');

  app.get(
    '/admin/verifications',
    {
      onRequest: staffGuard,
      schema: {
        tags,
        summary: "Card verifications of this network's users waiting for a decision, oldest first",
        security,
        response: {
          200: wrapped({ type: 'array', items: catalogSchema(platform.catalog, 'verification_queued_verification_answer') }, 'The queue'),
          401: unauthenticated,
          403: forbidden,
        },
      },
    },
    async (request) => ({ data: await withNames(repo, await repo.queue(request.network.id), queuedJson) }),
  );

  app.post<{ Params: { id: number }; Body: VerificationDecision }>(
    '/admin/verifications/:id/decision',
    {
      onRequest: staffGuard,
      schema: {
        tags,
        summary: 'Approve or reject (with the reason the user reads) a pending card verification; notifies its owner',
        security,
        params: { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 } } },
        body: catalogSchema(platform.catalog, 'verification_verification_decision'),
        response: {
          200: wrapped(catalogSchema(platform.catalog, 'verification_card_verification_answer'), 'Decided'),
          401: unauthenticated,
          403: forbidden,
          404: messageAnswer('No pending verification with this id on this network (decided, withdrawn, or another network\'s)'),
          422: fieldErrorsAnswer,
        },
      },
    },
    async (request) => {
      const { status, reason } = request.body;
      const pending = await repo.findPendingInNetwork(request.network.id, request.params.id);
      const decided = pending && (await repo.decide(pending.id, { status, reason: status === 'rejected' ? (reason?.trim() ?? null) : null, staffId: staffOf(request).id }));
      if (!decided) throw new HttpError(404, 'Not found.');
      const owner = await platform.users.findById(request.network.id, decided.userId);
      if (owner) {
        const params = { type: decided.type, ...(decided.rejectReason ? { reason: decided.rejectReason } : {}) };
        await platform.notifications.create(owner, NOTIFICATION[status], { entityId: decided.id, params, mail: mailContext(platform.networks, request.network) });
      }
      const [data] = await withNames(repo, [decided], verificationJson);
      return { data };
    },
  );
}
