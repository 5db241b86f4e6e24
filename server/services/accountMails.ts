import type { FastifyInstance, FastifyRequest } from 'fastify';
import { renderMail } from '../mail/templates';
import { urlToken } from '../repositories/codesRepository';
import type { UserRow } from '../repositories/usersRepository';
import type { MailContext } from './notifications';

/** Where this request's mails link to: the network's public origin, whatever host or origin the request named. */
export function mailContext(request: FastifyRequest): MailContext {
  return { networkHost: request.network.hosts[0], networkName: request.network.name, origin: mailOrigin(request) };
}

/** The origin of every link in a mail of the request's network (its config's publicUrl or first host). */
export function mailOrigin(request: FastifyRequest): string {
  return request.server.platform.networks.publicOrigin(request.network);
}

/** Mails a new confirmation link `/register/{userId}/confirm/{code}` (7 days, single use); false, and no mail, when one was issued within `cooldownMs`. */
export async function sendConfirmation(request: FastifyRequest, user: UserRow, cooldownMs = 0): Promise<boolean> {
  const { platform } = request.server;
  const code = urlToken();
  const issued = await platform.codes.issueUnlessRecent({ userId: user.id, networkId: user.networkId, purpose: 'email_confirm', secret: code }, cooldownMs);
  if (!issued) return false;
  const link = `${mailOrigin(request)}/register/${user.id}/confirm/${code}`;
  const mail = renderMail('email_confirmation', user.locale, { network: request.network.name, name: user.name }, { action: link });
  await platform.mailer.send({ networkId: user.networkId, networkHost: request.network.hosts[0], to: user.email, kind: 'email_confirmation', mail });
  return true;
}

/** Route config of a mail-sending call: only on a network's own hosts, and the per-IP (and e-mail) limit unless turned off. */
export function mailLimit(app: FastifyInstance, keyOf: (request: FastifyRequest) => string) {
  const limit = app.platform.mailRateLimit;
  return { sendsMail: true, ...(limit ? { rateLimit: { ...limit, keyGenerator: keyOf } } : {}) };
}

/** The rate-limit key of an unauthenticated mail call: address plus the e-mail in the body. */
export const ipAndEmail = (request: FastifyRequest) => {
  const body = request.body as { email?: unknown } | undefined;
  return `${request.ip}|${typeof body?.email === 'string' ? body.email.trim().toLowerCase() : ''}`;
};
