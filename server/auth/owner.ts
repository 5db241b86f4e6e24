import type { FastifyRequest } from 'fastify';
import type { NetworkConfig } from '../config/networkConfig';
import { HttpError } from '../httpError';

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

/**
 * 404 unless every id is one of the caller's (`owned`: the ids the caller owns among them). Another user's object,
 * like a missing one, does not exist for this user, so a call naming one changes nothing, and its answer is the
 * same as for an id nobody has (tests/api/isolation.test.ts).
 */
export function mustOwnAll(ids: Iterable<number>, owned: ReadonlySet<number>, what: string): void {
  for (const id of ids) if (!owned.has(id)) throw new HttpError(404, `${what} ${id} not found`);
}
