/**
 * What the verification area offers the other areas: the card verification service (decorated on the app as
 * `app.verification` by this area's `provide`; `cardVerificationOf(db)` makes the same service where only the
 * platform is at hand, as the profile is) and the rule of a verified card. Anything else in this folder is internal.
 */
import type { CardVerificationService } from './cardVerified';

export { cardVerificationOf, isVerifiedCard, IDENTITY_KINDS, type CardVerificationService, type VerificationStatuses } from './cardVerified';

declare module 'fastify' {
  interface FastifyInstance {
    /** Card verification statuses and the verified-card rule (server/areas/verification/cardVerified.ts). */
    verification: CardVerificationService;
  }
}
