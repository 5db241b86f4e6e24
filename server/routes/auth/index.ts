import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { currentUser } from '../../auth/currentUser';
import { verifyAgainstDummy, verifyPassword } from '../../db/passwords';
import { fieldError, HttpError } from '../../httpError';
import { fieldErrorsAnswer, loginAnswer, messageAnswer, refreshAnswer, unauthenticated } from '../../openapi/responses';
import { catalogSchema } from '../../plugins/validation';

export interface LoginRateLimit {
  max: number;
  /** Milliseconds. */
  timeWindow: number;
}

interface LoginBody {
  email: string;
  password: string;
  code?: string;
}

const BAD_CREDENTIALS = 'These credentials do not match our records.';
const bearerSecurity = [{ bearerAuth: [] }];

/** `auth/login`, `auth/refresh`, `auth/logout`: tokens travel in the `Authorization: Bearer` answer header. */
export default async function authRoutes(app: FastifyInstance, { loginRateLimit }: { loginRateLimit: LoginRateLimit | false }) {
  const { services } = app;

  async function issue(request: FastifyRequest, reply: FastifyReply, userId: number, impersonatorId: number | null) {
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
    return session;
  }

  app.post<{ Body: LoginBody }>(
    '/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with e-mail and password; the token comes back in the Authorization header',
        body: catalogSchema(services.catalog, 'forms_login'),
        response: { 200: loginAnswer, 422: fieldErrorsAnswer, 429: messageAnswer('Too many attempts; retry later') },
      },
      config: loginRateLimit
        ? {
            rateLimit: {
              ...loginRateLimit,
              // Per address and e-mail: one attacker cannot lock everybody out, nor guess one account fast.
              keyGenerator: (request: FastifyRequest) => {
                const body = request.body as { email?: unknown } | undefined;
                const email = typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
                return `${request.ip}|${email}`;
              },
            },
          }
        : {},
    },
    async (request, reply) => {
      const { email, password, code } = request.body;
      const user = await services.users.findByEmail(request.network.id, email);
      const ok = user ? await verifyPassword(password, user.passwordHash) : await verifyAgainstDummy(password);
      if (!user || !ok) throw fieldError('email', BAD_CREDENTIALS);
      if (user.twoFactorMethod) {
        // The second step is a later issue; until it exists such accounts fail closed rather than skip it.
        if (!code) {
          throw new HttpError(422, 'The given data was invalid.', {
            errors: { code: ['Two factor authenification code is required'] },
            data: { authentication_method: user.twoFactorMethod, code_expiration_time: null },
          });
        }
        throw fieldError('code', 'Two-factor sign-in is not available yet on this server.');
      }
      const session = await issue(request, reply, user.id, null);
      return {
        data: {
          token_type: 'Bearer',
          expires_in: services.tokenTtlSeconds,
          expires_at: session.expiresAt.toISOString(),
          authentication_method: null,
          code_expiration_time: null,
          application_time: new Date().toISOString(),
          user: await currentUser(services, user, { impersonatorId: null }),
        },
      };
    },
  );

  app.get(
    '/auth/refresh',
    {
      schema: {
        tags: ['auth'],
        summary: 'Swap a live token for a new one (Authorization header); the old one stops working',
        security: bearerSecurity,
        response: { 200: refreshAnswer, 401: unauthenticated },
      },
      preHandler: app.authenticate,
    },
    async (request, reply) => {
      const auth = request.auth!;
      const session = await issue(request, reply, auth.userId, auth.impersonatorId);
      await services.sessions.revoke(auth.sessionId, session.id);
      return { data: { token_type: 'Bearer', expires_in: services.tokenTtlSeconds, expires_at: session.expiresAt.toISOString() } };
    },
  );

  app.post(
    '/auth/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'End this token now (server-side revocation)',
        security: bearerSecurity,
        response: { 200: { description: 'Signed out', type: 'object', properties: { data: { type: 'null' } } }, 401: unauthenticated },
      },
      preHandler: app.authenticate,
    },
    async (request) => {
      await services.sessions.revoke(request.auth!.sessionId);
      return { data: null };
    },
  );
}
