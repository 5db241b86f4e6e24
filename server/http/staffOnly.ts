import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../httpError';
import type { UserRow } from '../repositories/usersRepository';

/**
 * The guard of the operator's calls (`admin/...`): a signed-in support user of the request's network, not while
 * impersonating. `staffOf` gives the handler the staff member the guard let in.
 * @param refusal the 403 message, naming what staff may do ("Only support staff may mark invoices paid.").
 */
export function staffOnly(app: FastifyInstance, refusal: string) {
  const staff = new WeakMap<FastifyRequest, UserRow>();
  return {
    async onRequest(request: FastifyRequest): Promise<void> {
      await app.authenticate(request);
      const user = await app.platform.users.findById(request.network.id, request.auth!.userId);
      if (!user || user.role !== 'support' || request.auth!.impersonatorId !== null) throw new HttpError(403, refusal);
      staff.set(request, user);
    },
    staffOf: (request: FastifyRequest): UserRow => staff.get(request)!,
  };
}
