import type { FastifyInstance, FastifyRequest } from 'fastify';
import { answerToken, issueToken, signedInAnswer } from '../../auth/issueToken';
import { secondStep } from '../../auth/secondStep';
import { TOTP } from '../../auth/totp';
import { verifyAgainstDummy, verifyPassword } from '../../db/passwords';
import { fieldError, HttpError } from '../../httpError';
import { fieldErrorsAnswer, loginAnswer, messageAnswer, unauthenticated, wrapped } from '../../openapi/responses';
import { catalogSchema } from '../../plugins/validation';
import { createBudgets } from '../../http/budgets';

interface LoginBody {
  email: string;
  password: string;
  code?: string;
}

const BAD_CREDENTIALS = 'These credentials do not match our records.';
const TOO_MANY_FAILURES = 'Too many failed sign-ins for this account. Try again in a few minutes or reset your password.';

/** The e-mail of a login body, as the limits key it. */
const bodyEmail = (request: FastifyRequest) => {
  const body = request.body as { email?: unknown } | undefined;
  return typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
};
const bearerSecurity = [{ bearerAuth: [] }];

/**
 * `auth/login` (with the optional second step), `auth/login/google`, `auth/refresh`, `auth/logout`: tokens travel
 * in the `Authorization: Bearer` answer header.
 */
export default async function authRoutes(app: FastifyInstance) {
  const { platform } = app;
  const { loginRateLimit } = platform;
  // Per account, whatever the address: many addresses (a botnet, or forged X-Forwarded-For) cannot guess one
  // password fast. Unknown e-mails count the same, so the limit says nothing about which addresses exist.
  const perAccount = loginRateLimit ? (loginRateLimit.perAccount ?? { max: 20, timeWindow: 15 * 60_000 }) : null;
  const accountFailures = createBudgets(app, perAccount ? [{ ...perAccount, key: (request) => `login|${request.network.id}|${bodyEmail(request)}` }] : [], TOO_MANY_FAILURES);

  app.post<{ Body: LoginBody }>(
    '/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with e-mail and password (and the second-step code); the token comes back in the Authorization header',
        description:
          'Users with two-factor sign-in first get 200 with `authentication_method`, `code_expiration_time`, `code_sent_at` and no token; they repeat the call with `code`.',
        body: catalogSchema(platform.catalog, 'accounts_login'),
        response: { 200: loginAnswer(platform.catalog), 422: fieldErrorsAnswer, 429: messageAnswer('Too many attempts; retry later') },
      },
      config: {
        sendsMail: true,
        // Per address and e-mail: one attacker cannot lock everybody out, nor guess one account fast.
        ...(loginRateLimit ? { rateLimit: { max: loginRateLimit.max, timeWindow: loginRateLimit.timeWindow, keyGenerator: (request: FastifyRequest) => `${request.ip}|${bodyEmail(request)}` } } : {}),
      },
    },
    async (request, reply) => {
      const { email, password, code } = request.body;
      await accountFailures.check(request, reply);
      const user = await platform.users.findByEmail(request.network.id, email);
      const ok = user ? await verifyPassword(password, user.passwordHash) : await verifyAgainstDummy(password);
      if (!user || !ok) {
        await accountFailures.spend(request);
        throw fieldError('email', BAD_CREDENTIALS);
      }
      if (user.twoFactorMethod) {
        const step = await secondStep(request, reply, user, code);
        if (step) return { data: step };
      }
      return signedInAnswer(request, reply, user);
    },
  );

  app.get(
    '/auth/login/google',
    {
      schema: {
        tags: ['auth'],
        summary: 'How the Google Authenticator step of sign-in works here: issuer name, code length and period, server time',
        description:
          'No token needed and nothing about any user: the login page shows "open your authenticator app for <issuer>" and may warn when the device clock is off from application_time.',
        response: { 200: wrapped(catalogSchema(platform.catalog, 'accounts_authenticator_info_answer'), 'Authenticator parameters of this network') },
      },
    },
    async (request) => ({
      data: { issuer: request.network.name, algorithm: TOTP.algorithm, digits: TOTP.digits, period: TOTP.period, application_time: new Date().toISOString() },
    }),
  );

  app.get(
    '/auth/refresh',
    {
      schema: {
        tags: ['auth'],
        summary: 'Swap a live token for a new one (Authorization header); the old one stops working 30 seconds later, and refreshing it again answers the same new session',
        security: bearerSecurity,
        response: { 200: wrapped(catalogSchema(platform.catalog, 'accounts_token_info_answer'), 'New token in the Authorization header'), 401: unauthenticated },
      },
      onRequest: app.authenticate,
      config: { sessionOnly: true },
    },
    async (request, reply) => {
      const auth = request.auth!;
      const answer = (session: { expiresAt: Date }) => ({ data: { token_type: 'Bearer', expires_in: platform.tokenTtlSeconds, expires_at: session.expiresAt.toISOString() } });
      // A token already replaced (a second tab, a retried request) refreshes into its replacement, never into a new
      // session: one sign-in stays one family that logout ends whole.
      const intoReplacement = async (id: string | null) => {
        const replacement = id ? await platform.sessions.findLive(id, auth.userId, request.network.id) : undefined;
        if (!replacement) throw new HttpError(401, 'Unauthenticated.');
        await answerToken(request, reply, auth.userId, replacement);
        return answer(replacement);
      };
      if (auth.replacedBy) return intoReplacement(auth.replacedBy);
      const { session } = await issueToken(request, reply, auth.userId, auth.impersonatorId, auth.familyId);
      if (await platform.sessions.revoke(auth.sessionId, session.id)) return answer(session);
      // Two refreshes of one token raced and the other won: drop ours and answer with the winner's session.
      await platform.sessions.revoke(session.id);
      return intoReplacement((await platform.sessions.findById(auth.sessionId))?.replacedBy ?? null);
    },
  );

  app.post(
    '/auth/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'End this sign-in now: the token and every token refreshed from it (server-side revocation)',
        security: bearerSecurity,
        response: { 200: { description: 'Signed out', type: 'object', properties: { data: { type: 'null' } } }, 401: unauthenticated },
      },
      onRequest: app.authenticate,
      config: { sessionOnly: true },
    },
    async (request) => {
      await platform.sessions.revokeFamily(request.auth!.familyId);
      return { data: null };
    },
  );
}
