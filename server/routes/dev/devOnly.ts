import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../../httpError';
import { isLoopbackAddress } from '../../net/loopback';

/**
 * The guard of the development routes (registered only with DEV_OUTBOX on a loopback bind, never behind a proxy):
 * even then they answer 404 unless the connection comes from this machine and names a network's own host, so a
 * rebound DNS name in a local browser does not reach them.
 */
export function devOnly(app: FastifyInstance) {
  return async (request: FastifyRequest) => {
    if (!isLoopbackAddress(request.socket.remoteAddress) || !app.platform.networks.isKnownHost(request.headers.host)) throw new HttpError(404, 'Not found.');
  };
}
