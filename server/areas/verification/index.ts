import type { FastifyInstance } from 'fastify';
import verificationAdminRoutes from './admin';
import { cardVerificationOf } from './cardVerified';
import { createVerificationRepository } from './repository';
import verificationRoutes from './verifications';
import './public';

/**
 * Card verification: the user sends the documents of each kind (photo of the card, passport, selfie with the
 * passport and a paper, another ID; uploaded with POST media/documents), support staff approve or reject them, and
 * the card counts as verified by the rule in cardVerified.ts. The network's `payments.cardVerificationRequired`
 * (GET settings: `card_verification_required`) says whether payments need it.
 */
export default async function verificationArea(app: FastifyInstance) {
  const repo = createVerificationRepository(app.platform.db);
  await app.register(verificationRoutes, { repo });
  await app.register(verificationAdminRoutes, { repo });
}

/** `app.verification`: each kind's status and whether the card is verified, for other areas (payments, the profile). */
export function provide(app: FastifyInstance) {
  app.decorate('verification', cardVerificationOf(app.platform.db));
}
