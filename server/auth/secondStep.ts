import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError, retryLater } from '../httpError';
import { renderMail } from '../mail/templates';
import { MAX_CODE_ATTEMPTS, sixDigits, urlToken, type CodeRow } from '../repositories/codesRepository';
import type { UserRow } from '../repositories/usersRepository';
import { verifyTotp } from './totp';

export const CODE_REQUIRED = 'Two factor authenification code is required';
export const CODE_INVALID = 'The code is invalid.';
export const CODE_EXPIRED = 'The code has expired. We sent you a new one.';
export const TOO_MANY = 'Too many wrong codes. Wait until the code expires and sign in again.';
export const CODE_LOCKED = 'Too many wrong codes. Try again in 15 minutes.';
/** Wrong codes in a row, across codes, that lock the second step. */
export const SECOND_STEP_MAX_FAILURES = MAX_CODE_ATTEMPTS;
export const SECOND_STEP_LOCK_MINUTES = 15;

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

/** 429 while the second step is locked: no code is checked and none is mailed. */
const locked = (reply: FastifyReply, until: Date) => retryLater(reply, (until.getTime() - Date.now()) / 1000, CODE_LOCKED);

/** Counts a wrong code; the failure that reaches the limit locks the step and ends the codes under way. */
async function wrongCode(request: FastifyRequest, reply: FastifyReply, user: UserRow, extra: Record<string, unknown> = {}): Promise<HttpError> {
  const { platform } = request.server;
  const until = await platform.users.recordSecondStepFailure(user.id, SECOND_STEP_MAX_FAILURES, SECOND_STEP_LOCK_MINUTES);
  if (!until) return invalid(extra);
  await platform.codes.revokeAll(user.id, user.twoFactorMethod === 'email' ? 'login_email' : 'login_google');
  request.log.warn({ userId: user.id }, 'second sign-in step locked after too many wrong codes');
  return locked(reply, until);
}

/**
 * The second sign-in step for users with `two_factor_method` (after the password was right).
 * - locked (5 wrong codes in a row, across codes and steps, lock it for 15 minutes): 429 with Retry-After, no mail;
 * - no code, no step under way: starts one (email: a 6-digit code is mailed; google: a 10-minute window opens)
 *   and returns its state; the caller answers 200 without a token;
 * - no code while a step is under way: 422 `code: [CODE_REQUIRED]` with the step state in `data`;
 * - a code: returns null when it is right (the caller issues the token), else 422 invalid, or for an expired
 *   e-mail code 422 expired with `code_expired: true` and a new code mailed.
 * Codes are stored as HMACs and compared in constant time; a TOTP step is accepted once. A new step never resets the
 * count of wrong codes: only a right code does.
 */
export async function secondStep(request: FastifyRequest, reply: FastifyReply, user: UserRow, code: string | undefined): Promise<ReturnType<typeof stepInfo> | null> {
  const { platform } = request.server;
  const method = user.twoFactorMethod as Method;
  const purpose = method === 'email' ? 'login_email' : 'login_google';
  const now = Date.now();
  if (user.secondStepLockedUntil && user.secondStepLockedUntil.getTime() > now) throw locked(reply, user.secondStepLockedUntil);
  const latest = await platform.codes.latest(user.id, purpose);
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
    if (!platform.codes.matches(latest, code.trim())) {
      await platform.codes.countAttempt(latest.id);
      throw await wrongCode(request, reply, user);
    }
    if (!(await platform.codes.markUsed(latest.id))) throw invalid();
    await passed(request, user);
    return null;
  }

  const challenge = live ?? (await start(request, user, method));
  const secret = user.google2faSecret ? platform.secretBox.open(user.google2faSecret) : null;
  const step = secret ? verifyTotp(secret, code.trim()) : null;
  if (step === null || (user.google2faLastStep !== null && step <= user.google2faLastStep)) {
    await platform.codes.countAttempt(challenge.id);
    throw await wrongCode(request, reply, user, { data: stepInfo(method, challenge) });
  }
  await platform.users.update(user.id, { google2faLastStep: step });
  await platform.codes.markUsed(challenge.id);
  await passed(request, user);
  return null;
}

/** A right code: the count of wrong ones starts again. */
async function passed(request: FastifyRequest, user: UserRow): Promise<void> {
  if (user.secondStepFailures > 0) await request.server.platform.users.update(user.id, { secondStepFailures: 0 });
}

/** Opens a step: replaces any older one; for e-mail, mails the code. */
async function start(request: FastifyRequest, user: UserRow, method: Method): Promise<CodeRow> {
  const { platform } = request.server;
  const purpose = method === 'email' ? 'login_email' : 'login_google';
  await platform.codes.revokeAll(user.id, purpose);
  // Google codes come from the app; the row only bounds the step in time and counts attempts.
  const secret = method === 'email' ? sixDigits() : urlToken();
  const row = await platform.codes.issue({ userId: user.id, networkId: user.networkId, purpose, secret });
  if (method === 'email') {
    const mail = renderMail('login_code', user.locale, { network: request.network.name, name: user.name, code: secret });
    await platform.mailer.send({ networkId: user.networkId, networkHost: request.network.hosts[0], to: user.email, kind: 'login_code', mail, code: secret });
  }
  return row;
}
