import type { FastifyRequest } from 'fastify';
import type { NetworkConfig } from '../config/networkConfig';

/** Whose data a signed-in call works on: what services get instead of the HTTP request. */
export interface Owner {
  userId: number;
  network: NetworkConfig;
}

/** The owner of a call guarded by `app.authenticate`. */
export function ownerOf(request: FastifyRequest): Owner {
  if (!request.auth) throw new Error('ownerOf needs a route guarded by app.authenticate');
  return { userId: request.auth.userId, network: request.network };
}
