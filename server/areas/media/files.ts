import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../httpError';
import { messageAnswer } from '../../openapi/responses';
import { DOCUMENT_FILES_PREFIX, documentLinkParams, documentLinksOf } from './documentLinks';
import { MEDIA_FILES_PREFIX } from './mediaFile';
import { unsafePathReason, urlPath } from './names';
import { createMediaRepository, type MediaRepository, type MediaRow } from './repository';
import { AD_TAG_FRAME_URL } from '../../../engine/media/adTagFrame';
import { AD_TAG_FRAME_CSP, AD_TAG_FRAME_HTML, BASE_HEADERS, blobHeaders, dispositionName, parseRange } from './serve';

// Bytes, never serialized: the declared content is for the OpenAPI document (the real type is the sniffed one).
const bytes = { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } };
const fileAnswer = { description: 'The file, with the media type sniffed from its bytes', content: bytes };
const partAnswer = { description: 'The requested byte range of the file (Range: bytes=start-end)', content: bytes };
const rangeAnswer = { description: 'The range lies outside the file (Content-Range: bytes */size)', type: 'null' };

type Served = FastifyRequest<{ Params: { '*': string } }>;

/** The blob path a request asks for: '' for a single file (its name must match), the checked path inside a package. */
function blobPath(row: MediaRow, rest: string): string {
  if (row.kind !== 'package') {
    if (rest !== row.name) throw new HttpError(404, 'File not found');
    return '';
  }
  if (unsafePathReason(rest)) throw new HttpError(400, 'Bad file path');
  return rest;
}

/** Answers a blob whole, one range of it (206), or 416 when the range lies outside it. */
async function sendBlob(repo: MediaRepository, request: Served, reply: FastifyReply, row: MediaRow, path: string) {
  const blob = await repo.blobInfo(row.id, path);
  if (!blob) throw new HttpError(404, 'File not found');
  reply.headers(blobHeaders(row.kind, blob.mimeType, dispositionName(path || row.name)));
  const range = parseRange(request.headers.range, blob.size);
  if (range === 'unsatisfiable') return reply.status(416).header('Content-Range', `bytes */${blob.size}`).send('');
  if (!range) return reply.send(await repo.blobBytes(blob.id, 0, blob.size));
  const length = range.end - range.start + 1;
  reply.status(206).header('Content-Range', `bytes ${range.start}-${range.end}/${blob.size}`);
  return reply.send(await repo.blobBytes(blob.id, range.start, length));
}

/**
 * `GET /media-files/{token}/{path}` (outside the API prefix, no bearer token: <img>, <video> and iframes cannot send
 * one; the 43-character token is the secret) serves creatives. Documents are never served by token (probe finding
 * F15): only by `GET /media-files/documents/{id}/{name}?user=&expires=&signature=`, a five-minute link signed for their
 * owner or support staff (documentLinks.ts). Helmet is off here and every header is set explicitly:
 * the sniffed type, nosniff, a sandboxing CSP, cross-origin embedding for creatives, attachment and no caching for
 * documents.
 */
export default async function mediaFilesRoutes(app: FastifyInstance) {
  const repo = createMediaRepository(app.platform.db);
  const links = await documentLinksOf(app.platform.db);
  // Errors answered here (404, 400) carry the same protective headers as files.
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(BASE_HEADERS);
  });

  app.get(
    AD_TAG_FRAME_URL,
    {
      helmet: false,
      schema: {
        tags: ['media'],
        summary: "The page the panel previews ad tags in (the tag comes in the frame's name): a CSP sandbox in which the tag's scripts run.",
        response: { 200: { description: 'The preview page', content: { 'text/html': { schema: { type: 'string' } } } } },
      },
    },
    async (_request, reply) =>
      reply
        .headers({
          'Content-Type': 'text/html; charset=utf-8',
          'Content-Security-Policy': AD_TAG_FRAME_CSP,
          'Cache-Control': 'no-cache',
          'Cross-Origin-Resource-Policy': 'same-origin',
        })
        .send(AD_TAG_FRAME_HTML),
  );

  app.get<{ Params: { token: string; '*': string } }>(
    `${MEDIA_FILES_PREFIX}/:token/*`,
    {
      helmet: false,
      schema: {
        tags: ['media'],
        summary: 'An uploaded file by its public token (a package: any file of it by its path). Supports single byte ranges.',
        response: { 200: fileAnswer, 206: partAnswer, 400: messageAnswer('Unsafe path'), 404: messageAnswer('No such file'), 416: rangeAnswer },
      },
    },
    async (request, reply) => {
      const row = await repo.findByToken(request.params.token);
      // A document's token opens nothing: identity papers are served by signed link only.
      if (!row || row.networkId !== request.network.id || row.kind === 'document') throw new HttpError(404, 'File not found');
      const rest = request.params['*'];
      if (row.kind === 'package' && rest === '') {
        return reply.redirect(`${MEDIA_FILES_PREFIX}/${row.token}/${urlPath(String(row.customProperties.entry))}`);
      }
      return sendBlob(repo, request, reply, row, blobPath(row, rest));
    },
  );

  app.get<{ Params: { id: string; '*': string }; Querystring: Record<string, unknown> }>(
    `${DOCUMENT_FILES_PREFIX}/:id/*`,
    {
      helmet: false,
      schema: {
        tags: ['media'],
        summary: 'A verification document by a link from GET media/{id}/download-url: signed for one user, valid five minutes.',
        response: { 200: fileAnswer, 206: partAnswer, 403: messageAnswer('The link is not valid or has expired'), 404: messageAnswer('No such file'), 416: rangeAnswer },
      },
    },
    async (request, reply) => {
      const id = /^[1-9]\d{0,9}$/.test(request.params.id) ? Number(request.params.id) : 0;
      const params = documentLinkParams(request.query);
      // The signature first: nothing is looked up for a link that was not made here.
      const refused = id > 0 && id <= 2147483647 ? links.check(request.network.id, id, params) : 'invalid';
      if (refused === 'invalid') throw new HttpError(403, 'This download link is not valid.');
      if (refused === 'expired') throw new HttpError(403, 'This download link has expired.');
      const row = await repo.findInNetwork(request.network.id, id);
      if (!row || row.kind !== 'document' || request.params['*'] !== row.name) throw new HttpError(404, 'File not found');
      // Still the owner, or still support staff of the network (a role can change within the five minutes).
      if (row.userId !== params!.user) {
        const user = await app.platform.users.findById(request.network.id, params!.user);
        if (user?.role !== 'support') throw new HttpError(404, 'File not found');
      }
      return sendBlob(repo, request, reply, row, '');
    },
  );
}
