import type { VerificationStatus, VerificationType } from '../../../generated/types';
import type { Db } from '../../db/connect';
import { createVerificationRepository } from './repository';

/** Kind → the status of its latest verification, as the profile's `verificationStatuses` shows it. */
export type VerificationStatuses = Partial<Record<VerificationType, VerificationStatus>>;

/** The identity documents: any one of them, approved, says who the card's owner is. */
export const IDENTITY_KINDS = ['passport', 'passport_and_paper', 'io'] as const satisfies readonly VerificationType[];

/**
 * The rule of a verified card: the photo of the card is approved (the card exists and its name is readable) and
 * so is one identity document of its owner (a passport, a selfie with the passport, or another ID), which ties the
 * card to a person. One identity document is enough; a rejected or pending one does not count.
 */
export function isVerifiedCard(statuses: VerificationStatuses): boolean {
  return statuses.photo_of_card === 'approved' && IDENTITY_KINDS.some((kind) => statuses[kind] === 'approved');
}

/** What other areas ask about a user's card verification (`app.verification`). */
export interface CardVerificationService {
  /** Kind → the status of the user's latest verification of it; kinds never sent are absent. */
  statuses(userId: number): Promise<VerificationStatuses>;
  /** Whether the user's card counts as verified (see `isVerifiedCard`), e.g. before a payment that needs it. */
  isCardVerified(userId: number): Promise<boolean>;
}

/** The card verification service over a database (stateless: one may be made per call). */
export function cardVerificationOf(db: Db): CardVerificationService {
  const repo = createVerificationRepository(db);
  return {
    statuses: (userId) => repo.statuses(userId),
    isCardVerified: async (userId) => isVerifiedCard(await repo.statuses(userId)),
  };
}
