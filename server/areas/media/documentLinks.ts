import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/connect';
import { getOrCreateSecret } from '../../repositories/secretsRepository';
import { MEDIA_FILES_PREFIX } from './mediaFile';
import { urlPath } from './names';
import type { MediaRow } from './repository';

/**
 * Download links of verification documents (passports, card photos). A document has no public address (probe
 * finding F15): its owner, or support staff of its network, asks `GET media/{id}/download-url` with their bearer
 * token and gets `/media-files/documents/{id}/{name}?user=&expires=&signature=`, an HMAC-SHA256 of network, file,
 * user and expiry under a server secret, valid for DOCUMENT_LINK_SECONDS. The file route checks the signature
 * before it reads anything, then the expiry, then that the user still may see the file.
 */
export const DOCUMENT_LINK_SECONDS = 5 * 60;
/** Where signed document links are served, beside the creatives' token links. */
export const DOCUMENT_FILES_PREFIX = `${MEDIA_FILES_PREFIX}/documents`;

/** What a signed link carries besides the file's id. */
export interface DocumentLinkParams {
  user: number;
  /** Unix seconds. */
  expires: number;
  signature: string;
}

/** Why a link is refused, or null when it stands. */
export type DocumentLinkCheck = 'invalid' | 'expired' | null;

const DIGITS = /^[1-9]\d{0,15}$/;
const SIGNATURE = /^[A-Za-z0-9_-]{43}$/;

/** The link parameters of a query string, or null when one is missing or malformed. */
export function documentLinkParams(query: Record<string, unknown>): DocumentLinkParams | null {
  const { user, expires, signature } = query;
  if (typeof user !== 'string' || typeof expires !== 'string' || typeof signature !== 'string') return null;
  if (!DIGITS.test(user) || !DIGITS.test(expires) || !SIGNATURE.test(signature)) return null;
  return { user: Number(user), expires: Number(expires), signature };
}

export function createDocumentLinks(secret: string) {
  const sign = (networkId: string, mediaId: number, userId: number, expires: number) =>
    createHmac('sha256', secret).update(`media-document:${networkId}:${mediaId}:${userId}:${expires}`).digest('base64url');
  return {
    /** A link for `userId` to download `row` from `origin` (the host the caller asked), and when it stops working. */
    link(origin: string, row: MediaRow, userId: number): { url: string; expiresAt: Date } {
      const expires = Math.floor(Date.now() / 1000) + DOCUMENT_LINK_SECONDS;
      const query = new URLSearchParams({ user: String(userId), expires: String(expires), signature: sign(row.networkId, row.id, userId, expires) });
      return {
        url: `${origin}${DOCUMENT_FILES_PREFIX}/${row.id}/${urlPath(row.name)}?${query}`,
        expiresAt: new Date(expires * 1000),
      };
    },
    /** Whether a link was signed here for this network and file (constant time), and is still within its time. */
    check(networkId: string, mediaId: number, params: DocumentLinkParams | null): DocumentLinkCheck {
      if (!params) return 'invalid';
      const expected = Buffer.from(sign(networkId, mediaId, params.user, params.expires));
      const given = Buffer.from(params.signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
      return params.expires * 1000 <= Date.now() ? 'expired' : null;
    },
  };
}

export type DocumentLinks = ReturnType<typeof createDocumentLinks>;

/** The signer of a database's app: one secret in app_secrets, shared by every process on that database. */
export async function documentLinksOf(db: Db): Promise<DocumentLinks> {
  return createDocumentLinks(await getOrCreateSecret(db, 'media_document_link_secret'));
}
