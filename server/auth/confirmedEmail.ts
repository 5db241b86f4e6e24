import type { FastifyRequest } from 'fastify';
import { HttpError } from '../httpError';

export const CONFIRM_EMAIL_FIRST = 'Confirm your e-mail address before creating campaigns: open the link we sent you, or ask for a new one in your profile.';

/** Whether the signed-in user confirmed the e-mail address (an account nobody can be reached at spends nothing). */
export async function emailConfirmed(request: FastifyRequest): Promise<boolean> {
  const user = await request.server.platform.users.findById(request.network.id, request.auth!.userId);
  return user?.status === 'confirmed';
}

/** onRequest hook after `app.authenticate`: 403 until the signed-in user has confirmed the e-mail address. */
export async function requireConfirmedEmail(request: FastifyRequest): Promise<void> {
  if (!(await emailConfirmed(request))) throw new HttpError(403, CONFIRM_EMAIL_FIRST);
}
