import type { FastifyInstance } from 'fastify';
import files from './files';
import media from './media';
import uploadFile from './upload-file';

/** Media: uploads (creatives, documents) under the API prefix. */
export default async function mediaArea(app: FastifyInstance) {
  await app.register(media);
  await app.register(uploadFile);
}

/** The uploaded files themselves, at the site's root (`/media-files/...`): <img>, <video> and iframes send no token. */
export const root = files;
