import type { FastifyRequest } from 'fastify';
import { urlPath } from './names';
import type { MediaRow } from './repository';

/** Where uploads are served, outside the API prefix and without a bearer token. */
export const MEDIA_FILES_PREFIX = '/media-files';

/** The MediaFile entity as the API answers it. */
export interface MediaFileJson {
  id: number;
  kind: string;
  src: string;
  mime_type: string;
  name: string;
  size: number;
  custom_properties: Record<string, unknown>;
  document_url: string | null;
  created_at: string;
}

/** The path a file is served at: its name, or for a package its start page. */
export function servedPath(row: MediaRow): string {
  const entry = row.customProperties.entry;
  return row.kind === 'package' && typeof entry === 'string' ? entry : row.name;
}

/** The absolute public address of a file, on the host the request came to. */
export function mediaUrl(request: FastifyRequest, row: MediaRow): string {
  return `${request.protocol}://${request.host}${MEDIA_FILES_PREFIX}/${row.token}/${urlPath(servedPath(row))}`;
}

/**
 * A media_files row as the MediaFile entity. A document has no public address: `src` and `document_url` are the
 * short-lived signed link given (services/media/documentLinks.ts), or '' and null when none is.
 */
export function mediaFileJson(request: FastifyRequest, row: MediaRow, documentLink?: string): MediaFileJson {
  const document = row.kind === 'document';
  const src = document ? (documentLink ?? '') : mediaUrl(request, row);
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

const str = { type: 'string' } as const;

/** Answer schema of the MediaFile entity. */
export const mediaFileSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'kind', 'src', 'mime_type', 'name', 'size', 'custom_properties', 'document_url', 'created_at'],
  properties: {
    id: { type: 'integer' },
    kind: { type: 'string', enum: ['image', 'video', 'package', 'document'] },
    src: {
      type: 'string',
      description:
        'Public address: /media-files/<token>/<name> (a package: its start page). A document: the same signed link as document_url',
    },
    mime_type: { type: 'string', description: 'From the bytes, not the name (a package: application/zip)' },
    name: { type: 'string', description: 'The uploaded name, cleaned, with the extension of its real type' },
    size: { type: 'integer', description: 'Bytes as uploaded' },
    custom_properties: {
      type: 'object',
      additionalProperties: true,
      description: 'width, height (images); entry, files, uncompressed_size (packages); type (documents)',
    },
    document_url: {
      ...str,
      nullable: true,
      description:
        'A document: a download link for the signed-in user, valid 5 minutes (GET media/{id}/download-url makes a new one); null for other kinds',
    },
    created_at: { type: 'string', format: 'date-time' },
  },
} as const;
