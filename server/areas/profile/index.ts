import type { FastifyInstance, FastifyRequest } from 'fastify';
import { newTotpSecret, otpauthUrl, verifyTotp } from '../../auth/totp';
import { HttpError } from '../../httpError';
import { hashPassword, verifyPassword } from '../../db/passwords';
import { passwordProblems } from '../../auth/passwordRules';
import { requestLocale } from '../../i18n/serverTexts';
import { fieldErrorsAnswer, messageAnswer, messageData, unauthenticated, wrapped } from '../../openapi/responses';
import { catalogSchema } from '../../plugins/validation';
import { urlToken } from '../../repositories/codesRepository';
import type { NewUser, UserRow } from '../../repositories/usersRepository';
import { mailLimit } from '../../http/budgets';
import { mailContext, sendConfirmation } from '../../services/accountMails';
import { messengerErrors } from '../../services/messengerCheck';
import { fullManageRequestable, profileOf } from './profile';
import { messengers as messengerList } from '../../reference/curated/lists';
import type { GoogleAuthenticatorSetup, Locale, TelegramDeepLink, UserProfile } from '../../../generated/types';
import '../providers/public';

interface ProfileBody {
  name: string;
  phone?: string;
  account_type: 'personal' | 'company';
  company_name?: string;
  company_address?: string;
  company_site?: string;
  vat?: string;
  additional_info?: string;
  ad_actions_notifications?: boolean;
  campaign_actions_notifications?: boolean;
  campaign_tooltips_notifications?: boolean;
  two_factor_authentication_method?: 'email' | 'google' | null;
  messengers?: { messenger_id: number; nickname: string }[];
  /** Asked only when the two-factor method changes. */
  current_password?: string;
}

export const PASSWORD_NEEDED = 'Enter your current password to change how you sign in.';
export const PASSWORD_WRONG = 'The password is wrong.';
export const PASSWORD_SAME = 'The new password is the one you have now.';
export const PASSWORD_CHANGED = 'Your password has been changed. Other devices are signed out.';
export const NOT_WHILE_IMPERSONATING = 'Support staff cannot change how an advertiser signs in.';

/** Minimum time between two confirmation mails of one user. */
export const CONFIRMATION_COOLDOWN_MS = 60_000;
const TELEGRAM_ID = messengerList.find((m) => m.code === 'telegram')!.id;
const security = [{ bearerAuth: [] }];
const invalid = (errors: Record<string, string[]>) => new HttpError(422, 'The given data was invalid.', { errors });
const blank = (s: string | undefined) => (s === undefined ? undefined : s.trim() ? s.trim() : null);
const impersonating = messageAnswer('Support staff acting as the user may not change how the account signs in');

/** The profile area: `profile`, `profile/update`, `profile/locale`, `profile/full-manage`, confirmations, 2FA set-up, Telegram. */
export default async function profileRoutes(app: FastifyInstance) {
  const { platform } = app;
  const me = async (request: FastifyRequest): Promise<UserRow> => {
    const user = await platform.users.findById(request.network.id, request.auth!.userId);
    if (!user) throw new HttpError(401, 'Unauthenticated.');
    return user;
  };
  const guarded = { onRequest: app.authenticate };
  /** Account security: a signed-in session only, never a personal API token. */
  const sessionOnly = { onRequest: app.authenticate, config: { sessionOnly: true } };
  const profileAnswer = wrapped(catalogSchema(platform.catalog, 'profile_user_profile_answer'), 'The profile');
  /** The profile in the reader's language (its provider plan's name and description). */
  const profileData = async (user: UserRow, request: FastifyRequest): Promise<{ data: UserProfile }> => ({
    data: await profileOf(platform, user, await app.providerSubscriptions.answerOf(user.id, request.network, requestLocale(request))),
  });
  /**
   * Changing how the account signs in (turning two-factor sign-in off, another method, a new authenticator) takes
   * the account's password, not just a session token that may have been left open or stolen, and never a support
   * session acting as the user.
   */
  const sureItIsTheOwner = async (request: FastifyRequest, user: UserRow, password: string | undefined): Promise<void> => {
    if (request.auth!.impersonatorId !== null) throw new HttpError(403, NOT_WHILE_IMPERSONATING);
    if (!password) throw invalid({ current_password: [PASSWORD_NEEDED] });
    if (!(await verifyPassword(password, user.passwordHash))) throw invalid({ current_password: [PASSWORD_WRONG] });
  };
  const schema = (summary: string, response: Record<number, object>, extra: object = {}) => ({
    tags: ['profile'],
    summary,
    security,
    response: { 401: unauthenticated, ...response },
    ...extra,
  });

  app.get('/profile', { ...guarded, schema: schema('The profile of the signed-in user', { 200: profileAnswer }) }, async (request) => profileData(await me(request), request));

  app.put<{ Body: ProfileBody }>(
    '/profile/update',
    { ...sessionOnly, schema: schema('Save the profile; answers the new profile. Changing two_factor_authentication_method takes current_password (never while impersonating)', { 200: profileAnswer, 403: impersonating, 422: fieldErrorsAnswer }, { body: catalogSchema(platform.catalog, 'profile_profile') }) },
    async (request) => {
      const user = await me(request);
      const body = request.body;
      const method = body.two_factor_authentication_method;
      const methodChanges = method !== undefined && method !== user.twoFactorMethod;
      if (methodChanges) await sureItIsTheOwner(request, user, body.current_password);
      const errors = messengerErrors(body.messengers);
      if (method === 'google' && !user.google2faSecret) {
        errors.two_factor_authentication_method = ['Set up Google Authenticator first: scan the code and confirm it.'];
      }
      if (Object.keys(errors).length) throw invalid(errors);

      const company = body.account_type === 'company';
      const values: Partial<NewUser> = {
        name: body.name.trim(),
        accountType: body.account_type,
        phone: blank(body.phone),
        additionalInfo: blank(body.additional_info),
        adActionsNotifications: body.ad_actions_notifications,
        campaignActionsNotifications: body.campaign_actions_notifications,
        campaignTooltipsNotifications: body.campaign_tooltips_notifications,
        companyName: company ? blank(body.company_name) : null,
        companyAddress: company ? blank(body.company_address) : null,
        companySite: company ? blank(body.company_site) : null,
        vat: company ? blank(body.vat) : null,
        ...(method !== undefined ? { twoFactorMethod: method } : {}),
      };
      // Fields left out of the body stay as they are.
      for (const key of Object.keys(values) as (keyof NewUser)[]) if (values[key] === undefined) delete values[key];
      const updated = await platform.users.update(user.id, values);
      if (body.messengers) await platform.users.setMessengers(user.id, body.messengers);
      if (methodChanges) {
        const mail = mailContext(platform.networks, request.network);
        if (method) await platform.notifications.create(updated, 'user_two_factor_enabled', { params: { method }, mail });
        else await platform.notifications.create(updated, 'user_two_factor_disabled', { mail });
      }
      return profileData(updated, request);
    },
  );

  app.put<{ Body: { locale: string } }>(
    '/profile/locale',
    {
      ...guarded,
      schema: schema(
        "Save the interface language (one of the network's locales)",
        { 200: wrapped(catalogSchema(platform.catalog, 'profile_locale_answer'), 'Saved'), 422: fieldErrorsAnswer },
        { body: catalogSchema(platform.catalog, 'profile_profile_locale') },
      ),
    },
    async (request) => {
      const { locales } = request.network.settings;
      if (!locales.includes(request.body.locale as (typeof locales)[number])) throw invalid({ locale: [`Choose one of: ${locales.join(', ')}`] });
      const user = await me(request);
      await platform.users.update(user.id, { locale: request.body.locale });
      const saved: Locale = { locale: request.body.locale };
      return { data: saved };
    },
  );

  app.post(
    '/profile/full-manage',
    { ...guarded, schema: schema('Ask the account team to manage the campaigns (status becomes pending)', { 200: profileAnswer, 409: messageAnswer('Already requested or approved') }) },
    async (request) => {
      const user = await me(request);
      if (!fullManageRequestable(user)) throw new HttpError(409, user.fullManageStatus === 'approved' ? 'Full management is already on.' : 'Full management was already requested; the account team will contact you.');
      const updated = await platform.users.update(user.id, { fullManageStatus: 'pending' });
      return profileData(updated, request);
    },
  );

  app.post(
    '/profile/confirmations/email',
    {
      ...guarded,
      schema: schema('Mail the confirmation link again (once a minute at most)', {
        200: messageData('Sent'),
        422: fieldErrorsAnswer,
        429: messageAnswer('Asked again too soon; Retry-After says when'),
      }),
      config: mailLimit(app, (request) => request.ip),
    },
    async (request, reply) => {
      const user = await me(request);
      if (user.status === 'confirmed') throw invalid({ email: ['Your e-mail address is already confirmed.'] });
      if (!(await sendConfirmation(platform, request.network, user, CONFIRMATION_COOLDOWN_MS))) {
        const last = await platform.codes.lastIssuedAt(user.id, 'email_confirm');
        const wait = Math.max(1, last ? Math.ceil((last.getTime() + CONFIRMATION_COOLDOWN_MS - Date.now()) / 1000) : 1);
        reply.header('Retry-After', String(wait));
        throw new HttpError(429, `Please wait ${wait} seconds before asking for another e-mail.`);
      }
      return { data: { message: `We have sent a confirmation link to ${user.email}.` } };
    },
  );

  app.get(
    '/profile/google2fa',
    {
      ...sessionOnly,
      schema: schema('Start Google Authenticator set-up: a new secret and its otpauth:// URL (pending until validated; never while impersonating)', {
        403: impersonating,
        200: wrapped(catalogSchema(platform.catalog, 'profile_google_authenticator_setup_answer'), 'The pending secret'),
      }),
    },
    async (request) => {
      const user = await me(request);
      if (request.auth!.impersonatorId !== null) throw new HttpError(403, NOT_WHILE_IMPERSONATING);
      const secret = newTotpSecret();
      await platform.users.update(user.id, { google2faPendingSecret: platform.secretBox.seal(secret) });
      const issuer = request.network.name;
      const setup: GoogleAuthenticatorSetup = { secret, otpauth_url: otpauthUrl({ secret, issuer, account: user.email }), issuer, account: user.email, enabled: user.twoFactorMethod === 'google' };
      return { data: setup };
    },
  );

  app.put<{ Body: { current_password: string; password: string; password_confirmation: string } }>(
    '/profile/password',
    {
      ...guarded,
      // Answers with a notification mail.
      config: { sendsMail: true, sessionOnly: true },
      schema: schema(
        'Change the password: takes the current one (never while impersonating); every other session of the account ends, this one stays',
        { 200: messageData('Password changed'), 403: impersonating, 422: fieldErrorsAnswer },
        { body: catalogSchema(platform.catalog, 'profile_profile_password') },
      ),
    },
    async (request) => {
      const user = await me(request);
      const { current_password: current, password, password_confirmation: confirmation } = request.body;
      await sureItIsTheOwner(request, user, current);
      const errors: Record<string, string[]> = {};
      const problems = passwordProblems(password, user.email);
      if (problems.length) errors.password = problems;
      else if (password === current) errors.password = [PASSWORD_SAME];
      if (password !== confirmation) errors.password_confirmation = ['The password confirmation does not match.'];
      if (Object.keys(errors).length) throw invalid(errors);
      const updated = await platform.users.update(user.id, { passwordHash: await hashPassword(password) });
      // Whoever else holds a token (a lost phone, a shared computer) is signed out; the user stays signed in here.
      await platform.sessions.revokeOthers(user.id, request.auth!.familyId);
      await platform.codes.revokeAll(user.id, 'password_reset');
      await platform.notifications.create(updated, 'user_password_changed', { mail: mailContext(platform.networks, request.network) });
      return { data: { message: platform.texts.message(requestLocale(request), PASSWORD_CHANGED) } };
    },
  );

  app.post<{ Body: { code: string; current_password: string } }>(
    '/profile/google2fa/validate',
    {
      ...sessionOnly,
      schema: schema('Confirm the pending secret with a code from the app and the current password: Google Authenticator sign-in is then on', { 200: profileAnswer, 403: impersonating, 422: fieldErrorsAnswer }, { body: catalogSchema(platform.catalog, 'profile_two_factor_code') }),
    },
    async (request) => {
      const user = await me(request);
      await sureItIsTheOwner(request, user, request.body.current_password);
      if (!user.google2faPendingSecret) throw invalid({ code: ['Start the set-up again: there is no new secret to confirm.'] });
      const secret = platform.secretBox.open(user.google2faPendingSecret);
      const step = verifyTotp(secret, request.body.code.trim());
      if (step === null) throw invalid({ code: ['The code is invalid.'] });
      const updated = await platform.users.update(user.id, { google2faSecret: user.google2faPendingSecret, google2faPendingSecret: null, google2faLastStep: step, twoFactorMethod: 'google' });
      await platform.notifications.create(updated, 'user_two_factor_enabled', { params: { method: 'google' }, mail: mailContext(platform.networks, request.network) });
      return profileData(updated, request);
    },
  );

  app.post(
    '/profile/telegram/generate-url',
    {
      ...sessionOnly,
      schema: schema("A one-time link that opens the network's Telegram bot and links the chat to this account (1 hour)", {
        200: wrapped(catalogSchema(platform.catalog, 'profile_telegram_deep_link_answer'), 'The deep link'),
        404: messageAnswer('This network has no Telegram bot'),
      }),
    },
    async (request) => {
      const bot = request.network.messengerBotName;
      if (!bot) throw new HttpError(404, 'This network has no Telegram bot (messengerBotName in its config).');
      const user = await me(request);
      await platform.codes.revokeAll(user.id, 'telegram_link');
      const secret = urlToken().slice(0, 40);
      const row = await platform.codes.issue({ userId: user.id, networkId: user.networkId, purpose: 'telegram_link', secret });
      // Telegram start parameters allow 64 characters of [A-Za-z0-9_-]: "<row id>_<secret>" lets the bot find the row.
      const link: TelegramDeepLink = { url: `https://t.me/${bot}?start=${row.id}_${secret}`, expires_at: row.expiresAt.toISOString() };
      return { data: link };
    },
  );

  app.delete(
    '/profile/telegram',
    { ...sessionOnly, schema: schema('Unlink the Telegram chat (and end unused link tokens)', { 200: profileAnswer }) },
    async (request) => {
      const user = await me(request);
      await platform.codes.revokeAll(user.id, 'telegram_link');
      await platform.users.linkMessenger(user.id, TELEGRAM_ID, null, '');
      return profileData(user, request);
    },
  );
}
