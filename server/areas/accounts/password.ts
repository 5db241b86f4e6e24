import type { FastifyInstance } from 'fastify';
import { passwordProblems } from '../../auth/passwordRules';
import { hashPassword } from '../../db/passwords';
import { HttpError } from '../../httpError';
import { renderMail } from '../../mail/templates';
import { fieldErrorsAnswer, messageAnswer, messageData } from '../../openapi/responses';
import { catalogSchema } from '../../plugins/validation';
import { urlToken } from '../../repositories/codesRepository';
import { ipAndEmail, mailLimit } from '../../http/budgets';
import { mailContext } from '../../services/accountMails';
import { CAPTCHA_FAILED } from './register';
import { requestLocale } from '../../i18n/serverTexts';

/** One reset mail per address per minute at most (whatever the IP), so nobody floods a mailbox. */
const RESET_COOLDOWN_MS = 60_000;
export const RESET_SENT = 'If this e-mail address has an account, we have sent a link to reset the password. It works for one hour.';
const invalid = (errors: Record<string, string[]>) => new HttpError(422, 'The given data was invalid.', { errors });

/** `POST auth/password/email` (forgot password) and `POST auth/password/reset`. */
export default async function passwordRoutes(app: FastifyInstance) {
  const { platform } = app;

  app.post<{ Body: { email: string; 'g-recaptcha-response': string } }>(
    '/auth/password/email',
    {
      schema: {
        tags: ['auth'],
        summary: 'Forgot password: mails a reset link when the address has an account; the answer is the same either way',
        body: catalogSchema(platform.catalog, 'accounts_password_email'),
        response: { 200: messageData('Neutral confirmation'), 422: fieldErrorsAnswer, 429: messageAnswer('Too many requests; retry later') },
      },
      config: mailLimit(app, ipAndEmail),
    },
    async (request) => {
      if (!(await platform.captcha.verify(request.network, request.body['g-recaptcha-response'], request.ip))) {
        throw invalid({ 'g-recaptcha-response': [CAPTCHA_FAILED] });
      }
      // The address is looked up after the answer left: registered and unknown addresses get the same answer at the same time.
      const { email } = request.body;
      const network = request.network;
      const origin = platform.networks.publicOrigin(request.network);
      platform.afterAnswer.run('password reset mail', async () => {
        const user = await platform.users.findByEmail(network.id, email);
        if (!user) return;
        const token = urlToken();
        const issued = await platform.codes.issueUnlessRecent({ userId: user.id, networkId: user.networkId, purpose: 'password_reset', secret: token }, RESET_COOLDOWN_MS);
        if (!issued) return;
        const link = `${origin}/password/reset?${new URLSearchParams({ token, email: user.email })}`;
        const mail = renderMail('password_reset', user.locale, { network: network.name, name: user.name }, { action: link });
        await platform.mailer.send({ networkId: user.networkId, networkHost: network.hosts[0], to: user.email, kind: 'password_reset', mail });
      });
      return { data: { message: platform.texts.message(requestLocale(request), RESET_SENT) } };
    },
  );

  app.post<{ Body: { email: string; password: string; password_confirmation: string; token: string } }>(
    '/auth/password/reset',
    {
      // Answers with a notification mail.
      config: { sendsMail: true },
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the mailed token (single use, 1 hour); signs out every session of the account',
        body: catalogSchema(platform.catalog, 'accounts_password_reset'),
        response: { 200: messageData('Password changed'), 422: fieldErrorsAnswer },
      },
    },
    async (request) => {
      const { email, password, password_confirmation: confirmation, token } = request.body;
      const errors: Record<string, string[]> = {};
      const problems = passwordProblems(password, email);
      if (problems.length) errors.password = problems;
      if (password !== confirmation) errors.password_confirmation = ['The password confirmation does not match.'];
      if (Object.keys(errors).length) throw invalid(errors);
      const user = await platform.users.findByEmail(request.network.id, email);
      const used = user ? await platform.codes.consume(user.id, 'password_reset', token) : undefined;
      if (!user || !used) throw invalid({ token: ['This password reset link is invalid or has expired. Request a new one.'] });
      const updated = await platform.users.update(user.id, { passwordHash: await hashPassword(password) });
      await platform.codes.revokeAll(user.id, 'password_reset');
      await platform.sessions.revokeAllForUser(user.id);
      await platform.notifications.create(updated, 'user_password_changed', { mail: mailContext(platform.networks, request.network) });
      return { data: { message: platform.texts.message(requestLocale(request), 'Your password has been changed. Please sign in.') } };
    },
  );
}
