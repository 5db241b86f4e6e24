import type { FastifyRequest } from 'fastify';
import { HttpError } from '../httpError';
import { renderMail } from '../mail/templates';
import { MAX_CODE_ATTEMPTS, sixDigits, urlToken, type CodeRow } from '../repositories/codesRepository';
import type { UserRow } from '../repositories/usersRepository';
import { verifyTotp } from './totp';

export const CODE_REQUIRED = 'Two factor authenification code is required';
export const CODE_INVALID = 'The code is invalid.';
export const CODE_EXPIRED = 'The code has expired. We sent you a new one.';
export const TOO_MANY = 'Too many wrong codes. Wait until the code expires and sign in again.';

type Method = 'email' | 'google';

/** The second-step state the login page shows (spec: authentication_method, code_expiration_time, code_sent_at). */
export function stepInfo(method: Method, row: CodeRow) {
  return {
    authentication_method: method,
    code_expiration_time: row.expiresAt.toISOString(),
    code_sent_at: row.createdAt.toISOString(),
    application_time: new Date().toISOString(),
  };
}

const invalid = (extra: Record<string, unknown> = {}) =>
  new HttpError(422, 'The given data was invalid.', { errors: { code: [CODE_INVALID] }, ...extra });

/**
 * The second sign-in step for users with `two_factor_method` (after the password was right).
 * - no code, no step under way: starts one (email: a 6-digit code is mailed; google: a 10-minute window opens)
 *   and returns its state; the caller answers 200 without a token;
 * - no code while a step is under way: 422 `code: [CODE_REQUIRED]` with the step state in `data`;
 * - a code: returns null when it is right (the caller issues the token), else 422 invalid, or for an expired
 *   e-mail code 422 expired with `code_expired: true` and a new code mailed.
 * Each step takes 5 wrong codes; codes are stored as HMACs and compared in constant time; a TOTP step is accepted once.
 */
export async function secondStep(request: FastifyRequest, user: UserRow, code: string | undefined): Promise<ReturnType<typeof stepInfo> | null> {
  const { services } = request.server;
  const method = user.twoFactorMethod as Method;
  const purpose = method === 'email' ? 'login_email' : 'login_google';
  const now = Date.now();
  const latest = await services.codes.latest(user.id, purpose);
  const unexpired = latest && latest.expiresAt.getTime() > now ? latest : undefined;
  const live = unexpired && unexpired.attempts < MAX_CODE_ATTEMPTS ? unexpired : undefined;

  if (method === 'google' && unexpired && !live) {
    throw new HttpError(422, 'The given data was invalid.', { errors: { code: [TOO_MANY] }, data: stepInfo(method, unexpired) });
  }

  if (!code?.trim()) {
    if (live) throw new HttpError(422, 'The given data was invalid.', { errors: { code: [CODE_REQUIRED] }, data: stepInfo(method, live) });
    return stepInfo(method, await start(request, user, method));
  }

  if (method === 'email') {
    if (!latest || (unexpired && !live)) throw invalid();
    if (!unexpired) {
      const fresh = await start(request, user, method);
      throw new HttpError(422, 'The given data was invalid.', { errors: { code: [CODE_EXPIRED] }, code_expired: true, data: stepInfo(method, fresh) });
    }
    if (!services.codes.matches(latest, code.trim())) {
      await services.codes.countAttempt(latest.id);
      throw invalid();
    }
    if (!(await services.codes.markUsed(latest.id))) throw invalid();
    return null;
  }

  const challenge = live ?? (await start(request, user, method));
  const secret = user.google2faSecret ? services.secretBox.open(user.google2faSecret) : null;
  const step = secret ? verifyTotp(secret, code.trim()) : null;
  if (step === null || (user.google2faLastStep !== null && step <= user.google2faLastStep)) {
    await services.codes.countAttempt(challenge.id);
    throw invalid({ data: stepInfo(method, challenge) });
  }
  await services.users.update(user.id, { google2faLastStep: step });
  await services.codes.markUsed(challenge.id);
  return null;
}

/** Opens a step: replaces any older one; for e-mail, mails the code. */
async function start(request: FastifyRequest, user: UserRow, method: Method): Promise<CodeRow> {
  const { services } = request.server;
  const purpose = method === 'email' ? 'login_email' : 'login_google';
  await services.codes.revokeAll(user.id, purpose);
  // Google codes come from the app; the row only bounds the step in time and counts attempts.
  const secret = method === 'email' ? sixDigits() : urlToken();
  const row = await services.codes.issue({ userId: user.id, networkId: user.networkId, purpose, secret });
  if (method === 'email') {
    const mail = renderMail('login_code', user.locale, { network: request.network.name, name: user.name, code: secret });
    await services.mailer.send({ networkId: user.networkId, networkHost: request.network.hosts[0], to: user.email, kind: 'login_code', mail });
  }
  return row;
}
