import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { NetworkConfig } from '../config/networkConfig';
import type { NetworkRegistry } from '../config/NetworkRegistry';
import { HttpError } from '../httpError';

// Helmet's CSP callbacks only see the raw request: they find the resolved network here.
const byRawRequest = new WeakMap<IncomingMessage, NetworkConfig>();

/** The network resolved for a raw Node request, for code outside Fastify's request object. */
export function networkOfRaw(req: IncomingMessage): NetworkConfig | undefined {
  return byRawRequest.get(req);
}

/**
 * Resolves `request.network` from the host before anything else runs (unknown hosts: the default network, except
 * on routes whose config says `sendsMail`: those answer 421 to a host no network lists).
 * `request.host` honours X-Forwarded-Host only when the app trusts its proxy.
 */
export const network = fp(async (app: FastifyInstance, { networks }: { networks: NetworkRegistry }) => {
  app.decorateRequest('network', null as unknown as NetworkConfig);
  // Hooks on every request take a callback: an async one costs every call a promise (npm run bench -- --only=api).
  app.addHook('onRequest', (request, _reply, done) => {
    request.network = networks.resolve(request.host);
    byRawRequest.set(request.raw, request.network);
    if (request.routeOptions.config?.sendsMail && !networks.isKnownHost(request.host)) {
      return done(new HttpError(421, 'This address does not belong to the network. Open the panel at its own address.'));
    }
    done();
  });
});
