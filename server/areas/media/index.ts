import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { MEDIA_LIMITS } from '../../settings/globalSettings';
import files from './files';
import { maxUploadBytes } from './limits';
import media from './media';
import uploadFile from './upload-file';

/** Media: uploads (creatives, documents) under the API prefix. */
export default async function mediaArea(app: FastifyInstance) {
  // Uploads are this area's alone: one file per request, a few short fields; each call lowers fileSize to its own limit.
  await app.register(multipart, { limits: { fileSize: maxUploadBytes(MEDIA_LIMITS), files: 1, fields: 4, fieldSize: 1024, fieldNameSize: 100, parts: 6, headerPairs: 100 } });
  await app.register(media);
  await app.register(uploadFile);
}

/** The uploaded files themselves, at the site's root (`/media-files/...`): <img>, <video> and iframes send no token. */
export const root = files;
