import type { FastifyInstance } from 'fastify';
import type { CardVerificationRequest, CardVerifications, CardVerificationWithdrawal } from '../../../generated/types';
import { mustOwnAll } from '../../auth/owner';
import { HttpError, invalidData, type FieldErrors } from '../../httpError';
import { deletedAnswer, fieldErrorsAnswer, messageAnswer, unauthenticated, wrapped } from '../../openapi/responses';
import { phrase } from '../../i18n/phrase';
import { catalogSchema } from '../../plugins/validation';
import { mailContext } from '../../services/accountMails';
import { verificationJson, withNames } from './answers';
import { isVerifiedCard } from './cardVerified';
import type { VerificationRepository } from './repository';

const security = [{ bearerAuth: [] }];
const tags = ['verification'];
/** A file of the user that is not a document (a creative); another user's file, like a missing one, answers 404. */
const NOT_YOUR_DOCUMENT = phrase('This file was not found. Upload it again.');
const ALREADY_SENT = phrase('You already have a verification of this kind pending or approved.');

/**
 * The user's card verifications: the list with the status of each kind, sending the documents of a kind, and
 * withdrawing a pending one. Errors of a sending are grouped by document kind (the spec): a kind already pending or
 * approved answers under the kind's key (`passport`, …); a file of the user that is not a document under `documents`;
 * an id that is not one of the user's files answers 404, before anything else.
 */
export default async function verificationRoutes(app: FastifyInstance, { repo }: { repo: VerificationRepository }) {
  const { platform } = app;
  const guarded = { onRequest: app.authenticate };
  const verificationAnswer = catalogSchema(platform.catalog, 'verification_card_verification_answer');

  app.get(
    '/verifications/card',
    {
      ...guarded,
      schema: {
        tags,
        summary: "The user's card verifications (newest first), the status of each kind, and whether the card counts as verified",
        security,
        response: { 200: wrapped(catalogSchema(platform.catalog, 'verification_card_verifications_answer'), 'The verifications'), 401: unauthenticated },
      },
    },
    async (request) => {
      const userId = request.auth!.userId;
      const [rows, statuses] = await Promise.all([repo.list(userId), repo.statuses(userId)]);
      const data: CardVerifications = { verifications: await withNames(repo, rows, verificationJson), statuses, card_verified: isVerifiedCard(statuses) };
      return { data };
    },
  );

  app.post<{ Body: CardVerificationRequest }>(
    '/verifications/card',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Send the documents of one kind for card verification (pending until support staff decide; the user is notified)',
        description:
          'Documents are ids from `POST media/documents`. Errors are grouped by document kind: under the kind (`io`, `passport_and_paper`, `passport`, `photo_of_card`) when a verification of that kind is already pending or approved (withdraw a pending one first); under `documents` when one of the user\'s files is not a document (a creative). An id that is not one of the user\'s files answers 404.',
        security,
        body: catalogSchema(platform.catalog, 'verification_card_verification_request'),
        response: { 201: wrapped(verificationAnswer, 'Sent, pending'), 401: unauthenticated, 404: messageAnswer('A document id that is not one of your files'), 422: fieldErrorsAnswer },
      },
    },
    async (request, reply) => {
      const userId = request.auth!.userId;
      const { type, documents } = request.body;
      const errors: FieldErrors = {};
      const own = await repo.ownFiles(userId, request.network.id, documents);
      mustOwnAll(documents, new Set(own.keys()), 'Document');
      if (documents.some((id) => own.get(id) !== 'document')) errors.documents = [NOT_YOUR_DOCUMENT];
      const current = (await repo.statuses(userId))[type];
      if (current === 'pending' || current === 'approved') errors[type] = [ALREADY_SENT];
      if (Object.keys(errors).length) throw invalidData(errors);
      // Another request may have sent the same kind in between: the partial unique index refuses it.
      const row = await repo.create(userId, type, documents);
      if (!row) throw invalidData({ [type]: [ALREADY_SENT] });
      const user = await platform.users.findById(request.network.id, userId);
      if (user) await platform.notifications.create(user, 'verification_created', { entityId: row.id, params: { type }, mail: mailContext(platform.networks, request.network) });
      const [data] = await withNames(repo, [row], verificationJson);
      return reply.status(201).send({ data });
    },
  );

  app.delete<{ Body: CardVerificationWithdrawal }>(
    '/verifications/card',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Withdraw the pending card verification of a kind (its documents stay uploaded)',
        description: 'The body names the kind (`type`); `documents`, when sent, change nothing, but an id that is not one of the user\'s files answers 404 (and nothing is withdrawn). An approved verification cannot be withdrawn.',
        security,
        body: catalogSchema(platform.catalog, 'verification_card_verification_withdrawal'),
        response: { 200: deletedAnswer, 401: unauthenticated, 404: messageAnswer('No pending verification of this kind, or a document id that is not one of your files'), 422: fieldErrorsAnswer },
      },
    },
    async (request) => {
      const userId = request.auth!.userId;
      const documents = request.body.documents ?? [];
      if (documents.length) mustOwnAll(documents, new Set((await repo.ownFiles(userId, request.network.id, documents)).keys()), 'Document');
      const row = await repo.withdraw(userId, request.body.type);
      if (!row) throw new HttpError(404, 'There is no pending verification of this kind to withdraw.');
      return { data: { id: row.id } };
    },
  );
}
