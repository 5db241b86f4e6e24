/**
 * Uploaded files and their bytes (the media area).
 * Tables are the database contract areas share: another area may import this file (foreign keys, joins).
 */
import { sql } from 'drizzle-orm';
import { check, customType, index, integer, jsonb, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { MediaKind } from '../../../engine/media/types';
import type { MediaFile } from '../../../generated/types';
import { users } from '../../db/schema';

/** Raw bytes (PostgreSQL bytea) as a Node Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Uploaded files (images, videos, HTML5 packages, documents). Bytes live in `media_blobs`, so any API process
 * behind a load balancer can serve them; `token` is the unguessable part of the public address
 * (`/media-files/<token>/<name>`), because an <img> or <video> cannot send a bearer token.
 */
export const mediaFiles = pgTable(
  'media_files',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    networkId: varchar('network_id', { length: 40 }).notNull(),
    token: varchar('token', { length: 64 }).notNull(),
    /** image, video, package (zipped HTML5 banner), document (verification papers). */
    kind: varchar('kind', { length: 16 }).$type<MediaKind>().notNull(),
    mimeType: varchar('mime_type', { length: 80 }).notNull(),
    /** The file name as uploaded, cleaned to a safe base name. */
    name: varchar('name', { length: 200 }).notNull(),
    size: integer('size').notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    /** width, height (images), entry (a package's start page), document kind, … */
    customProperties: jsonb('custom_properties').$type<MediaFile['custom_properties']>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('media_files_token_unique').on(t.token),
    index('media_files_user_idx').on(t.userId, t.createdAt),
    check('media_files_kind_check', sql`${t.kind} in ('image', 'video', 'package', 'document')`),
  ],
);

/** The bytes of a media file; a package has one row per file inside it (`path` relative to its root), '' otherwise. */
export const mediaBlobs = pgTable(
  'media_blobs',
  {
    id: serial('id').primaryKey(),
    mediaId: integer('media_id')
      .notNull()
      .references(() => mediaFiles.id, { onDelete: 'cascade' }),
    path: varchar('path', { length: 300 }).notNull().default(''),
    mimeType: varchar('mime_type', { length: 80 }).notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (t) => [uniqueIndex('media_blobs_media_path_unique').on(t.mediaId, t.path)],
);
