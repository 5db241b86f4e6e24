import type { FastifyInstance } from 'fastify';
import type { ApiTokensApiToken, ApiTokensQuery } from '../../../generated/types';
import { pageRequest } from '../../db/listing';
import { HttpError } from '../../httpError';
import { phrase } from '../../i18n/phrase';
import { fieldErrorsAnswer, messageAnswer, obj, pageAnswer, str, unauthenticated, wrapped } from '../../openapi/responses';
import { catalogSchema } from '../../plugins/validation';
import { MAX_API_TOKENS, type ApiTokenRow } from '../../repositories/apiTokensRepository';

const security = [{ bearerAuth: [] }];
const tags = ['api-tokens'];

/** A token as lists show it: its public id, never the secret. */
const tokenJson = (row: ApiTokenRow) => ({
  id: row.publicId,
  name: row.name,
  scope: row.scope,
  created_at: row.createdAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
});

/**
 * Personal API tokens (the platform keeps and checks them: repositories/apiTokensRepository.ts, plugins/authenticate.ts):
 * the user's list, a new one shown once, and revoking one. Only a signed-in session manages tokens: a token can
 * never make or revoke one.
 */
export default async function apiTokensArea(app: FastifyInstance) {
  const { platform } = app;
  const guarded = { onRequest: app.authenticate, config: { sessionOnly: true } };
  const listed = catalogSchema(platform.catalog, 'api_tokens_api_token_answer');

  app.get<{ Querystring: ApiTokensQuery }>(
    '/api-token',
    {
      ...guarded,
      schema: {
        tags,
        summary: "A page of the user's API tokens (search by name or public id; per_page 15/25/50/-1); never their secrets",
        security,
        querystring: catalogSchema(platform.catalog, 'api_tokens_api_tokens_query'),
        response: { 200: pageAnswer(listed, 'The tokens'), 401: unauthenticated },
      },
    },
    async (request) => {
      const { rows, recordsFiltered } = await platform.apiTokens.page(request.auth!.userId, request.network.id, pageRequest(request.query, 'created_at'));
      return { data: rows.map(tokenJson), recordsFiltered };
    },
  );

  app.post<{ Body: ApiTokensApiToken }>(
    '/api-token',
    {
      ...guarded,
      schema: {
        tags,
        summary: `Create an API token (at most ${MAX_API_TOKENS} per user): the answer holds the token, shown this once; send it as a bearer token`,
        security,
        body: catalogSchema(platform.catalog, 'api_tokens_api_token'),
        response: { 201: wrapped(catalogSchema(platform.catalog, 'api_tokens_api_token_created_answer'), 'Created'), 401: unauthenticated, 409: messageAnswer('The user already has the most tokens allowed'), 422: fieldErrorsAnswer },
      },
    },
    async (request, reply) => {
      const { userId } = request.auth!;
      const networkId = request.network.id;
      if ((await platform.apiTokens.count(userId, networkId)) >= MAX_API_TOKENS) {
        throw new HttpError(409, phrase('You have {max} API tokens, the most allowed: revoke one you no longer use first.', { max: MAX_API_TOKENS }));
      }
      const { row, token } = await platform.apiTokens.create({ userId, networkId, name: request.body.name.trim(), scope: request.body.scope });
      request.log.info({ userId, tokenId: row.publicId, scope: row.scope }, 'API token created');
      return reply.status(201).send({ data: { ...tokenJson(row), token } });
    },
  );

  app.delete<{ Params: { token: string } }>(
    '/api-token/:token',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Revoke an API token by its public id (as GET api-token lists it): calls with it fail at once',
        security,
        params: { type: 'object', additionalProperties: false, required: ['token'], properties: { token: { type: 'string', pattern: '^apt_[0-9a-f]{12}$', description: "The token's public id" } } },
        response: { 200: wrapped(obj({ id: str }), 'Revoked'), 401: unauthenticated, 404: messageAnswer('No such token (or it is not yours)') },
      },
    },
    async (request) => {
      const row = await platform.apiTokens.revoke(request.auth!.userId, request.network.id, request.params.token);
      if (!row) throw new HttpError(404, 'No such API token.');
      request.log.info({ userId: row.userId, tokenId: row.publicId }, 'API token revoked');
      return { data: { id: row.publicId } };
    },
  );
}
