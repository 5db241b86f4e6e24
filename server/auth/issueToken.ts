import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UserRow } from '../repositories/usersRepository';
import { currentUser } from './currentUser';

/** Starts a session and puts its token in the `Authorization: Bearer` answer header. */
export async function issueToken(request: FastifyRequest, reply: FastifyReply, userId: number, impersonatorId: number | null) {
  const { services } = request.server;
  const session = await services.sessions.create({
    userId,
    networkId: request.network.id,
    ttlSeconds: services.tokenTtlSeconds,
    impersonatorId,
    ip: request.ip,
    userAgent: request.headers['user-agent'],
  });
  const token = await services.tokens.sign({ userId, sessionId: session.id, networkId: request.network.id, expiresAt: session.expiresAt });
  reply.header('Authorization', `Bearer ${token}`);
  return { session, token };
}

/** The body of a successful sign-in (login, second step, impersonation): token facts and the current user. */
export async function signedInAnswer(request: FastifyRequest, reply: FastifyReply, user: UserRow, impersonatorId: number | null = null) {
  const { services } = request.server;
  const { session } = await issueToken(request, reply, user.id, impersonatorId);
  return {
    data: {
      token_type: 'Bearer' as const,
      expires_in: services.tokenTtlSeconds,
      expires_at: session.expiresAt.toISOString(),
      authentication_method: null,
      code_expiration_time: null,
      code_sent_at: null,
      application_time: new Date().toISOString(),
      user: await currentUser(services, user, { impersonatorId }),
    },
  };
}
