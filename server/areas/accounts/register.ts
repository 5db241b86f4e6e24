import type { FastifyInstance } from 'fastify';
import { issueToken } from '../../auth/issueToken';
import { passwordProblems } from '../../auth/passwordRules';
import { hashPassword } from '../../db/passwords';
import { HttpError } from '../../httpError';
import { fieldErrorsAnswer, messageAnswer, wrapped } from '../../openapi/responses';
import { catalogSchema } from '../../plugins/validation';
import { mailContext, sendConfirmation } from '../../services/accountMails';
import { messengerErrors } from '../../services/messengerCheck';
import { createSignupLimits, ipAndEmail, mailLimit } from '../../http/budgets';

interface RegisterBody {
  account_type: 'personal' | 'company';
  name: string;
  email: string;
  password: string;
  password_confirmation: string;
  company_name?: string;
  vat?: string;
  company_address?: string;
  company_site?: string;
  additional_info?: string;
  messengers?: { messenger_id: number; nickname: string }[];
  affiliate_code?: string;
  'g-recaptcha-response': string;
  topic: 'Sign Up form';
}

export const CAPTCHA_FAILED = 'The captcha answer is wrong or has expired. Please solve a new one.';
const invalid = (errors: Record<string, string[]>) => new HttpError(422, 'The given data was invalid.', { errors });
const blank = (s: string | undefined) => (s?.trim() ? s.trim() : null);

/** `POST auth/register` and `POST auth/register/{userId}/confirm/{code}`. */
export default async function registerRoutes(app: FastifyInstance) {
  const { platform } = app;
  const signupLimits = createSignupLimits(app, platform.signupRateLimit);

  app.post<{ Body: RegisterBody }>(
    '/auth/register',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign up: creates an unconfirmed account, mails the confirmation link, signs in',
        body: catalogSchema(platform.catalog, 'accounts_registration'),
        response: {
          200: wrapped(catalogSchema(platform.catalog, 'accounts_sign_up_answer'), 'Signed up; the token is also in the Authorization header'),
          422: fieldErrorsAnswer,
          429: messageAnswer('Too many sign-ups from this address; retry later'),
        },
      },
      config: mailLimit(app, ipAndEmail),
    },
    async (request, reply) => {
      const body = request.body;
      await signupLimits.check(request, reply);
      const errors: Record<string, string[]> = { ...messengerErrors(body.messengers) };
      const problems = passwordProblems(body.password, body.email);
      if (problems.length) errors.password = problems;
      if (body.password !== body.password_confirmation) errors.password_confirmation = ['The password confirmation does not match.'];
      // Whether an address is registered is told only to someone who solved the captcha: no cheap enumeration.
      if (!(await platform.captcha.verify(request.network, body['g-recaptcha-response'], request.ip))) {
        errors['g-recaptcha-response'] = [CAPTCHA_FAILED];
      } else if (await platform.users.findByEmail(request.network.id, body.email)) errors.email = ['This e-mail address is already registered.'];
      if (Object.keys(errors).length) throw invalid(errors);

      const company = body.account_type === 'company';
      const wanted = request.headers['accept-language']?.slice(0, 2).toLowerCase();
      const locale = request.network.settings.locales.find((l) => l === wanted) ?? request.network.settings.defaultLocale;
      const user = await platform.users.create({
        networkId: request.network.id,
        email: body.email,
        name: body.name.trim(),
        passwordHash: await hashPassword(body.password),
        role: 'advertiser',
        status: 'unconfirmed',
        accountType: body.account_type,
        companyName: company ? blank(body.company_name) : null,
        companyAddress: company ? blank(body.company_address) : null,
        companySite: company ? blank(body.company_site) : null,
        vat: company ? blank(body.vat) : null,
        additionalInfo: blank(body.additional_info),
        affiliateCode: blank(body.affiliate_code),
        locale,
      });
      // Two sign-ups with one address at the same moment: the unique index lets one through.
      if (!user) throw invalid({ email: ['This e-mail address is already registered.'] });
      await signupLimits.spend(request);
      if (body.messengers?.length) await platform.users.setMessengers(user.id, body.messengers);
      await sendConfirmation(platform, request.network, user);
      const { token } = await issueToken(request, reply, user.id, null);
      return { data: { auth_token: token } };
    },
  );

  app.post<{ Params: { userId: number; code: string } }>(
    '/auth/register/:userId/confirm/:code',
    {
      // Answers with a notification mail.
      config: { sendsMail: true },
      schema: {
        tags: ['auth'],
        summary: 'Confirm the e-mail address with the mailed link (single use, 7 days)',
        params: {
          type: 'object',
          required: ['userId', 'code'],
          properties: { userId: { type: 'integer', minimum: 1, maximum: 2147483647 }, code: { type: 'string', minLength: 1, maxLength: 200 } },
        },
        response: {
          200: wrapped(catalogSchema(platform.catalog, 'accounts_email_confirmation_answer'), 'Confirmed'),
          422: fieldErrorsAnswer,
        },
      },
    },
    async (request) => {
      const { userId, code } = request.params;
      const user = await platform.users.findById(request.network.id, userId);
      const used = user ? await platform.codes.consume(user.id, 'email_confirm', code) : undefined;
      if (!user || !used) throw invalid({ code: ['This confirmation link is invalid or has expired. Request a new one from your profile.'] });
      if (user.status !== 'confirmed') {
        const confirmed = await platform.users.update(user.id, { status: 'confirmed', emailConfirmedAt: new Date() });
        await platform.codes.revokeAll(user.id, 'email_confirm');
        // Ads saved while the address was unconfirmed were drafts: now they go to moderation.
        await app.ads.submitDrafts(user.id);
        await platform.notifications.create(confirmed, 'user_email_confirmed', { mail: mailContext(platform.networks, request.network) });
      }
      return { data: { status: 'confirmed' as const, email: user.email } };
    },
  );
}
