import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { bearerToken } from '../../engine/api/bearer';
import { HttpError } from '../httpError';

// The spec treats a token with characters beyond one byte as invalid; such a value is never one of ours.
const SINGLE_BYTE = /^[\x21-\x7e]+$/;
/** Ours are about 300 characters: anything far longer is refused before it is decoded or its signature computed. */
const MAX_TOKEN_LENGTH = 2048;

/**
 * `app.authenticate`: accepts a request only with a bearer token signed for this network whose session row is
 * still live, so logout and refresh end a token at once, not when it expires.
 */
export const authenticate = fp(async (app: FastifyInstance) => {
  app.decorateRequest('auth', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const { tokens, sessions } = app.platform;
    const token = bearerToken(request.headers.authorization);
    if (!token || token.length > MAX_TOKEN_LENGTH || !SINGLE_BYTE.test(token)) throw new HttpError(401, 'Unauthenticated.');
    const claims = await tokens.verify(token, request.network.id);
    if (!claims) throw new HttpError(401, 'Unauthenticated.');
    const session = await sessions.findLive(claims.sessionId, claims.userId, request.network.id);
    if (!session) throw new HttpError(401, 'Unauthenticated.');
    request.auth = { userId: claims.userId, sessionId: session.id, familyId: session.familyId ?? session.id, replacedBy: session.replacedBy, impersonatorId: session.impersonatorId };
  });
});
