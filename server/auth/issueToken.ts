import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UserRow } from '../repositories/usersRepository';
import { currentUser } from './currentUser';

/** Starts a session (a new family, or `familyId`'s on refresh) and puts its token in the `Authorization: Bearer` answer header. */
export async function issueToken(request: FastifyRequest, reply: FastifyReply, userId: number, impersonatorId: number | null, familyId?: string) {
  const { platform } = request.server;
  const session = await platform.sessions.create({
    userId,
    networkId: request.network.id,
    ttlSeconds: platform.tokenTtlSeconds,
    impersonatorId,
    familyId,
    ip: request.ip,
    userAgent: request.headers['user-agent'],
  });
  return { session, token: await answerToken(request, reply, userId, session) };
}

/** Signs a token for an existing session and puts it in the `Authorization: Bearer` answer header. */
export async function answerToken(request: FastifyRequest, reply: FastifyReply, userId: number, session: { id: string; expiresAt: Date }): Promise<string> {
  const token = await request.server.platform.tokens.sign({ userId, sessionId: session.id, networkId: request.network.id, expiresAt: session.expiresAt });
  reply.header('Authorization', `Bearer ${token}`);
  return token;
}

/** The body of a successful sign-in (login, second step, impersonation): token facts and the current user. */
export async function signedInAnswer(request: FastifyRequest, reply: FastifyReply, user: UserRow, impersonatorId: number | null = null) {
  const { platform } = request.server;
  const { session } = await issueToken(request, reply, user.id, impersonatorId);
  return {
    data: {
      token_type: 'Bearer' as const,
      expires_in: platform.tokenTtlSeconds,
      expires_at: session.expiresAt.toISOString(),
      authentication_method: null,
      code_expiration_time: null,
      code_sent_at: null,
      application_time: new Date().toISOString(),
      user: await currentUser(platform, user, { impersonatorId }),
    },
  };
}
