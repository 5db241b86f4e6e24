import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { MediaKind } from '../../../engine/media/types';
import type { Db } from '../../db/connect';
import { mediaBlobs, mediaFiles } from './tables';

/** A media_files row. */
export type MediaRow = typeof mediaFiles.$inferSelect;
/** The kinds of media the table allows: the engine's, which the upload widgets use too. */
export type { MediaKind };

/** What an upload stores: the file's row and its bytes (one blob with path '' or one per package file). */
export interface NewMedia {
  userId: number;
  networkId: string;
  kind: MediaKind;
  mimeType: string;
  name: string;
  /** The uploaded bytes (the zip itself for a package): size and sha256 come from them. */
  original: Buffer;
  customProperties: Record<string, unknown>;
  blobs: { path: string; mimeType: string; bytes: Buffer }[];
}

/** A blob without its bytes. */
export interface BlobInfo {
  id: number;
  mimeType: string;
  size: number;
}

/** The public-address token: 32 random bytes, base64url (43 characters). */
export const newMediaToken = () => randomBytes(32).toString('base64url');
/** What a token looks like; anything else is not looked up. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Media files and their bytes. Reads by id are always scoped to a user and network. */
export function createMediaRepository(db: Db) {
  return {
    /** Stores the row and every blob in one transaction; answers the row. */
    async create(media: NewMedia): Promise<MediaRow> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(mediaFiles)
          .values({
            userId: media.userId,
            networkId: media.networkId,
            token: newMediaToken(),
            kind: media.kind,
            mimeType: media.mimeType,
            name: media.name,
            size: media.original.length,
            sha256: createHash('sha256').update(media.original).digest('hex'),
            customProperties: media.customProperties,
          })
          .returning();
        // A few rows at a time: a package's blobs together can be megabytes.
        for (const blob of media.blobs) await tx.insert(mediaBlobs).values({ mediaId: row.id, path: blob.path, mimeType: blob.mimeType, bytes: blob.bytes });
        return row;
      });
    },

    /** One of the user's files on this network, or undefined. */
    async findOwned(userId: number, networkId: string, id: number): Promise<MediaRow | undefined> {
      const [row] = await db
        .select()
        .from(mediaFiles)
        .where(and(eq(mediaFiles.id, id), eq(mediaFiles.userId, userId), eq(mediaFiles.networkId, networkId)));
      return row;
    },

    /** A file of this network whoever uploaded it (support staff, signed links), or undefined. */
    async findInNetwork(networkId: string, id: number): Promise<MediaRow | undefined> {
      const [row] = await db.select().from(mediaFiles).where(and(eq(mediaFiles.id, id), eq(mediaFiles.networkId, networkId)));
      return row;
    },

    /** The user's files on this network, newest first, optionally of one kind. */
    async list(userId: number, networkId: string, kind?: MediaKind): Promise<MediaRow[]> {
      const where = and(eq(mediaFiles.userId, userId), eq(mediaFiles.networkId, networkId), kind ? eq(mediaFiles.kind, kind) : undefined);
      return db.select().from(mediaFiles).where(where).orderBy(desc(mediaFiles.createdAt), desc(mediaFiles.id));
    },

    /** Replaces a file's custom properties; answers the updated row. */
    async setCustomProperties(id: number, customProperties: Record<string, unknown>): Promise<MediaRow> {
      const [row] = await db.update(mediaFiles).set({ customProperties }).where(eq(mediaFiles.id, id)).returning();
      return row;
    },

    /** The file behind a public token, or undefined. */
    async findByToken(token: string): Promise<MediaRow | undefined> {
      if (!TOKEN_PATTERN.test(token)) return undefined;
      const [row] = await db.select().from(mediaFiles).where(eq(mediaFiles.token, token));
      return row;
    },

    /** Type and size of one blob of a file, without loading its bytes. */
    async blobInfo(mediaId: number, path: string): Promise<BlobInfo | undefined> {
      const [row] = await db
        .select({ id: mediaBlobs.id, mimeType: mediaBlobs.mimeType, size: sql<number>`octet_length(${mediaBlobs.bytes})`.mapWith(Number) })
        .from(mediaBlobs)
        .where(and(eq(mediaBlobs.mediaId, mediaId), eq(mediaBlobs.path, path)));
      return row;
    },

    /** `length` bytes of a blob from `start` (0-based), read by the database (a range request loads only its part). */
    async blobBytes(blobId: number, start: number, length: number): Promise<Buffer> {
      const [row] = await db
        .select({ bytes: sql<Buffer>`substring(${mediaBlobs.bytes} from ${start + 1} for ${length})`.mapWith(mediaBlobs.bytes) })
        .from(mediaBlobs)
        .where(eq(mediaBlobs.id, blobId));
      return row?.bytes ?? Buffer.alloc(0);
    },
  };
}

/** The media repository's interface. */
export type MediaRepository = ReturnType<typeof createMediaRepository>;
