import type { FastifyInstance } from 'fastify';
import { fieldErrorsAnswer, unauthenticated, wrapped } from '../../openapi/responses';
import { catalogSchema } from '../../plugins/validation';
import { MEDIA_LIMITS } from '../../settings/globalSettings';
import { imageReadLimit } from './limits';
import { mediaUrl } from './mediaFile';
import { requestOrigin } from '../../http/origins';
import { createMediaRepository } from './repository';
import { prepareMedia, readUploadForm } from './upload';

/** `POST upload-file`: a plain image (an icon, a logo), stored as media of kind image; answers its id and address. */
export default async function uploadFileRoutes(app: FastifyInstance) {
  const repo = createMediaRepository(app.platform.db);

  app.post(
    '/upload-file',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['media'],
        summary: 'Upload an image (JPEG, PNG, GIF or WebP) in the multipart field `file`',
        security: [{ bearerAuth: [] }],
        consumes: ['multipart/form-data'],
        response: {
          201: wrapped(catalogSchema(app.platform.catalog, 'media_uploaded_image_answer'), 'Stored'),
          401: unauthenticated,
          422: fieldErrorsAnswer,
        },
      },
    },
    async (request, reply) => {
      const form = await readUploadForm(request, [], imageReadLimit(MEDIA_LIMITS));
      const media = await prepareMedia(form, MEDIA_LIMITS, 'image');
      const row = await repo.create({ ...media, userId: request.auth!.userId, networkId: request.network.id });
      return reply.status(201).send({ data: { id: row.id, src: mediaUrl(requestOrigin(request), row) } });
    },
  );
}
