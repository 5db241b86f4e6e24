import type { SchemaCatalog } from '../../../engine/schema/SchemaCatalog';
import { catalogSchema } from '../../plugins/validation';
import type { MediaFile } from '../../../generated/types';
import { urlPath } from './names';
import type { MediaRow } from './repository';

/** Where uploads are served, outside the API prefix and without a bearer token. */
export const MEDIA_FILES_PREFIX = '/media-files';

/** The path a file is served at: its name, or for a package its start page. */
export function servedPath(row: MediaRow): string {
  const entry = row.customProperties.entry;
  return row.kind === 'package' && typeof entry === 'string' ? entry : row.name;
}

/** The absolute public address of a file at `origin` (the host the caller asked: see http/origins.ts). */
export function mediaUrl(origin: string, row: MediaRow): string {
  return `${origin}${MEDIA_FILES_PREFIX}/${row.token}/${urlPath(servedPath(row))}`;
}

/**
 * A media_files row as the MediaFile entity. A document has no public address: `src` and `document_url` are the
 * short-lived signed link given (documentLinks.ts), or '' and null when none is.
 */
export function mediaFileJson(origin: string, row: MediaRow, documentLink?: string): MediaFile {
  const document = row.kind === 'document';
  const src = document ? (documentLink ?? '') : mediaUrl(origin, row);
  return {
    id: row.id,
    kind: row.kind,
    src,
    mime_type: row.mimeType,
    name: row.name,
    size: row.size,
    custom_properties: row.customProperties,
    document_url: document ? (documentLink ?? null) : null,
    created_at: row.createdAt.toISOString(),
  };
}

/** Answer schema of the MediaFile entity (schemas/media/media-file.answer.schema.json). */
export const mediaFileSchema = (catalog: SchemaCatalog) => catalogSchema(catalog, 'media_media_file_answer');

