import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { bearerToken } from '../../engine/api/bearer';
import { HttpError, retryLater } from '../httpError';
import { API_TOKEN_PREFIX } from '../repositories/apiTokensRepository';

// The spec treats a token with characters beyond one byte as invalid; such a value is never one of ours.
const SINGLE_BYTE = /^[\x21-\x7e]+$/;
/** Ours are about 300 characters: anything far longer is refused before it is decoded or its signature computed. */
const MAX_TOKEN_LENGTH = 2048;

/** What a read-only API token may call: reading. */
const READ_METHODS = new Set(['GET', 'HEAD']);

/**
 * A personal API token (`apt_…`, made on /api): live on this network, allowed on this route (never a session-only
 * one), within its scope and its rate limit.
 */
async function authenticateApiToken(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply | undefined, token: string) {
  const { apiTokens, apiTokenLimiter } = app.platform;
  const found = await apiTokens.verify(token, request.network.id);
  if (!found) throw new HttpError(401, 'Unauthenticated.');
  if (request.routeOptions.config.sessionOnly) throw new HttpError(403, 'An API token cannot make this call: sign in to the panel to do it.');
  if (found.scope === 'read' && !READ_METHODS.has(request.method)) throw new HttpError(403, 'This API token is read-only: make a token with full access to change anything.');
  const wait = apiTokenLimiter.take(found.id);
  const tooMany = 'Too many calls with this API token: wait a minute and try again.';
  if (wait !== null) throw reply ? retryLater(reply, wait, tooMany) : new HttpError(429, tooMany);
  // No session stands behind it: the session-only routes, the only readers of these ids, never let a token in.
  const sessionId = `api-token:${found.id}`;
  request.auth = { userId: found.userId, sessionId, familyId: sessionId, replacedBy: null, impersonatorId: null };
}

/**
 * `app.authenticate`: accepts a request only with a bearer token signed for this network whose session row is
 * still live, so logout and refresh end a token at once, not when it expires; or with a personal API token.
 */
export const authenticate = fp(async (app: FastifyInstance) => {
  app.decorateRequest('auth', null);
  app.decorate('authenticate', async (request: FastifyRequest, reply?: FastifyReply) => {
    const { tokens, sessions } = app.platform;
    const token = bearerToken(request.headers.authorization);
    if (!token || token.length > MAX_TOKEN_LENGTH || !SINGLE_BYTE.test(token)) throw new HttpError(401, 'Unauthenticated.');
    if (token.startsWith(API_TOKEN_PREFIX)) return authenticateApiToken(app, request, reply, token);
    const claims = await tokens.verify(token, request.network.id);
    if (!claims) throw new HttpError(401, 'Unauthenticated.');
    const session = await sessions.findLive(claims.sessionId, claims.userId, request.network.id);
    if (!session) throw new HttpError(401, 'Unauthenticated.');
    request.auth = { userId: claims.userId, sessionId: session.id, familyId: session.familyId ?? session.id, replacedBy: session.replacedBy, impersonatorId: session.impersonatorId };
  });
});
