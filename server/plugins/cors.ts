import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { NetworkRegistry } from '../config/NetworkRegistry';

const METHODS = 'GET, POST, PUT, PATCH, DELETE';
const ALLOWED_HEADERS = 'Authorization, Content-Type, Accept, Accept-Language, X-Requested-With, Idempotency-Key';
/** The browser must read the token the API answers with, and the file name of a PDF it saves. */
const EXPOSED_HEADERS = 'Authorization, Retry-After, Content-Disposition';
/** How long (seconds) a browser may reuse a preflight's answer. */
const MAX_AGE = '600';

/**
 * CORS from a network's own page hosts only (its API may live on core.<host>): an allowed Origin gets
 * Access-Control-Allow-Origin and the exposed headers, and its preflight (OPTIONS with Access-Control-Request-Method)
 * is answered 204 here, before authentication; any other Origin gets no CORS header at all, and its preflight a 404.
 * Every answer varies by Origin. This is @fastify/cors's behaviour for the one policy the panel has, without its
 * per-request option merging and Vary parsing, which took a sixth of a cached read's time (npm run bench -- --only=api).
 */
export const cors = fp(async (app: FastifyInstance, { networks }: { networks: NetworkRegistry }) => {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('Vary', 'Origin');
    const origin = request.headers.origin;
    if (origin === undefined || !networks.allowsOrigin(request.network, origin)) return done();
    reply.header('Access-Control-Allow-Origin', origin).header('Access-Control-Expose-Headers', EXPOSED_HEADERS);
    if (request.method !== 'OPTIONS') return done();
    if (request.headers['access-control-request-method'] === undefined) {
      reply.code(400).type('text/plain').send('Invalid Preflight Request');
      return;
    }
    reply
      .headers({ 'Access-Control-Allow-Methods': METHODS, 'Access-Control-Allow-Headers': ALLOWED_HEADERS, 'Access-Control-Max-Age': MAX_AGE, 'Content-Length': '0' })
      .code(204)
      .send();
  });
  // A preflight must find a route to reach the hook above; any other OPTIONS call is a 404.
  app.options('*', { schema: { hide: true } }, (_request, reply) => reply.callNotFound());
});
