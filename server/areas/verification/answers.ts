import type { CardVerification, QueuedVerification, VerificationDocument } from '../../../generated/types';
import type { QueuedRecord, VerificationRecord, VerificationRepository } from './repository';

/** The documents of a verification with their file names. */
const documentsOf = (row: VerificationRecord, names: Map<number, string>): VerificationDocument[] => row.documents.map((id) => ({ id, name: names.get(id) ?? null }));

/** A verification as the user's calls answer it (schemas/verification/card-verification.answer.schema.json). */
export const verificationJson = (row: VerificationRecord, names: Map<number, string>): CardVerification => ({
  id: row.id,
  type: row.type,
  status: row.status,
  documents: documentsOf(row, names),
  reject_reason: row.status === 'rejected' ? row.rejectReason : null,
  decided_at: row.decidedAt ? row.decidedAt.toISOString() : null,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/** A pending verification in the staff's queue (schemas/verification/queued-verification.answer.schema.json). */
export const queuedJson = (row: QueuedRecord, names: Map<number, string>): QueuedVerification => ({
  id: row.id,
  type: row.type,
  user_id: row.userId,
  user_email: row.userEmail,
  user_name: row.userName,
  documents: documentsOf(row, names),
  created_at: row.createdAt.toISOString(),
});

/** Verifications with their documents' names looked up at once. */
export async function withNames<T extends VerificationRecord, R>(repo: VerificationRepository, rows: T[], json: (row: T, names: Map<number, string>) => R): Promise<R[]> {
  const names = await repo.documentNames(rows.flatMap((r) => r.documents));
  return rows.map((row) => json(row, names));
}
