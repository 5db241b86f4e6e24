import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fieldError, HttpError } from '../../httpError';
import { phrase } from '../../i18n/phrase';
import { fieldErrorsAnswer, messageAnswer, unauthenticated, wrapped } from '../../openapi/responses';
import { catalogSchema } from '../../plugins/validation';
import { MEDIA_LIMITS } from '../../settings/globalSettings';
import { documentLimit, mediaReadLimit } from './limits';
import { requestOrigin } from '../../http/origins';
import { DOCUMENT_LINK_SECONDS, documentLinksOf } from './documentLinks';
import { mediaFileJson, mediaFileSchema, mediaUrl } from './mediaFile';
import { createMediaRepository, type MediaKind, type MediaRow } from './repository';
import { prepareDocument, prepareMedia, type PreparedMedia, readUploadForm } from './upload';

/** Kinds of paper a verification document can be. */
export const DOCUMENT_TYPES = ['io', 'passport_and_paper', 'passport', 'photo_of_card'] as const;
const MEDIA_KINDS: MediaKind[] = ['image', 'video', 'package'];
const security = [{ bearerAuth: [] }];
const idParams = { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 } } };
const multipartNote = 'Body: multipart/form-data.';

/** A field's value must be one of `choices`. */
function oneOf<T extends string>(field: string, value: string | undefined, choices: readonly T[]): T {
  if (value === undefined || !choices.includes(value as T)) throw fieldError(field, phrase('Choose one of: {choices}', { choices: choices.join(', ') }));
  return value as T;
}

/**
 * Media of the signed-in user: `POST media` (creatives: image, video, HTML5 package), `POST media/documents`
 * (verification papers), `POST media/document-meta`, `GET media/{id}`, `GET media`, `GET media/{id}/download-url`.
 * Another user's file is a 404. Documents have no public address: their `src`/`document_url` and download-url
 * are links signed for the asking user that work for five minutes (probe finding F15).
 */
export default async function mediaRoutes(app: FastifyInstance) {
  const repo = createMediaRepository(app.platform.db);
  const links = await documentLinksOf(app.platform.db);
  const mediaAnswer = wrapped(mediaFileSchema(app.platform.catalog), 'The media file');
  /** The entity, a document with a fresh link for the signed-in user. */
  const json = (request: FastifyRequest, row: MediaRow) =>
    mediaFileJson(requestOrigin(request), row, row.kind === 'document' ? links.link(requestOrigin(request), row, request.auth!.userId).url : undefined);
  const guarded = { onRequest: app.authenticate };
  const schema = (summary: string, response: Record<number, object>, extra: object = {}) => ({
    tags: ['media'],
    summary,
    security,
    response: { 401: unauthenticated, ...response } as Record<number, object>,
    ...extra,
  });
  const store = (request: FastifyRequest, media: PreparedMedia) =>
    repo.create({ ...media, userId: request.auth!.userId, networkId: request.network.id });
  const owned = async (request: FastifyRequest, id: number): Promise<MediaRow> => {
    const row = await repo.findOwned(request.auth!.userId, request.network.id, id);
    if (!row) throw new HttpError(404, `Media file ${id} not found`);
    return row;
  };

  app.post(
    '/media',
    {
      ...guarded,
      schema: schema(
        `Upload a creative file: fields \`file\` and optional \`kind\` (image | video | package). The kind comes from the bytes. ${multipartNote}`,
        { 201: mediaAnswer, 422: fieldErrorsAnswer },
        { consumes: ['multipart/form-data'] },
      ),
    },
    async (request, reply) => {
      const form = await readUploadForm(request, ['kind'], mediaReadLimit(MEDIA_LIMITS));
      const kind = form.fields.kind === undefined ? undefined : oneOf('kind', form.fields.kind, MEDIA_KINDS);
      const row = await store(request, await prepareMedia(form, MEDIA_LIMITS, kind));
      return reply.status(201).send({ data: json(request, row) });
    },
  );

  app.post(
    '/media/documents',
    {
      ...guarded,
      schema: schema(
        `Upload a verification document (PDF, JPEG or PNG): fields \`file\` and \`type\` (${DOCUMENT_TYPES.join(' | ')}). ${multipartNote}`,
        { 201: mediaAnswer, 422: fieldErrorsAnswer },
        { consumes: ['multipart/form-data'] },
      ),
    },
    async (request, reply) => {
      const form = await readUploadForm(request, ['type'], documentLimit(MEDIA_LIMITS));
      const type = oneOf('type', form.fields.type, DOCUMENT_TYPES);
      const row = await store(request, prepareDocument(form, MEDIA_LIMITS, type));
      return reply.status(201).send({ data: json(request, row) });
    },
  );

  app.post<{ Body: { media_id: number; type: string } }>(
    '/media/document-meta',
    {
      ...guarded,
      schema: schema(
        'Change the kind of paper of an uploaded document',
        { 200: mediaAnswer, 404: messageAnswer('No such file of this user'), 422: fieldErrorsAnswer },
        {
          body: {
            type: 'object',
            additionalProperties: false,
            required: ['media_id', 'type'],
            properties: { media_id: { type: 'integer', minimum: 1, maximum: 2147483647 }, type: { type: 'string', enum: [...DOCUMENT_TYPES] } },
          },
        },
      ),
    },
    async (request) => {
      const row = await owned(request, request.body.media_id);
      if (row.kind !== 'document') throw fieldError('media_id', 'This file is not a document.');
      const updated = await repo.setCustomProperties(row.id, { ...row.customProperties, type: request.body.type });
      return { data: json(request, updated) };
    },
  );

  app.get<{ Params: { id: number } }>(
    '/media/:id',
    { ...guarded, schema: schema('One media file of the user', { 200: mediaAnswer, 404: messageAnswer('No such file of this user') }, { params: idParams }) },
    async (request) => ({ data: json(request, await owned(request, request.params.id)) }),
  );

  app.get<{ Params: { id: number } }>(
    '/media/:id/download-url',
    {
      ...guarded,
      schema: schema(
        `A download link of a file for the signed-in user. A document (owner, or support staff of the network not impersonating): a signed link valid ${DOCUMENT_LINK_SECONDS / 60} minutes; other kinds: their public address (expires_at null)`,
        {
          200: wrapped(catalogSchema(app.platform.catalog, 'media_download_link_answer'), 'The link'),
          404: messageAnswer('No such file this user may download'),
        },
        { params: idParams },
      ),
    },
    async (request) => {
      const { id } = request.params;
      const auth = request.auth!;
      let row = await repo.findOwned(auth.userId, request.network.id, id);
      if (!row && auth.impersonatorId === null) {
        // Support staff read the papers of their network's users (card verification); never while impersonating.
        const user = await app.platform.users.findById(request.network.id, auth.userId);
        const found = user?.role === 'support' ? await repo.findInNetwork(request.network.id, id) : undefined;
        row = found?.kind === 'document' ? found : undefined;
      }
      if (!row) throw new HttpError(404, `Media file ${id} not found`);
      if (row.kind !== 'document') return { data: { url: mediaUrl(requestOrigin(request), row), expires_at: null } };
      const link = links.link(requestOrigin(request), row, auth.userId);
      return { data: { url: link.url, expires_at: link.expiresAt.toISOString() } };
    },
  );

  app.get<{ Querystring: { kind?: MediaKind } }>(
    '/media',
    {
      ...guarded,
      schema: schema(
        "The user's media files, newest first",
        { 200: wrapped({ type: 'array', items: mediaFileSchema(app.platform.catalog) }, 'Media files') },
        {
          querystring: {
            type: 'object',
            additionalProperties: false,
            properties: { kind: { type: 'string', enum: ['image', 'video', 'package', 'document'] } },
          },
        },
      ),
    },
    async (request) => {
      const rows = await repo.list(request.auth!.userId, request.network.id, request.query.kind);
      return { data: rows.map((row) => json(request, row)) };
    },
  );
}
