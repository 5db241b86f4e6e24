import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode, totpStep } from '../../server/auth/totp';
import { api, bearer, build, DEMO_PASSWORD, login, outbox, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t?.close());

const PROFILE_KEYS = [
  'id', 'name', 'contactName', 'phone', 'email', 'balance', 'accountType', 'accountManager', 'companyName', 'companyAddress', 'companySite', 'vat',
  'additionalInfo', 'adActionsNotifications', 'campaignActionsNotifications', 'campaignTooltipsNotifications', 'trafficProviderSubscription',
  'referralProgramPercent', 'isCompanyVerified', 'verificationStatuses', 'twoFactorAuthenticationMethod', 'recurringPaymentsCustomer',
  'messengers', 'fullManageStatus', 'actions', 'status', 'locale',
];

describe('GET profile', () => {
  it('answers every field of the Profile entity', async () => {
    const token = await login(t.app, 'company@adnet.test');
    const res = await api(t.app, 'GET', 'profile', { token });
    expect(res.statusCode).toBe(200);
    const profile = res.json().data;
    expect(Object.keys(profile).sort()).toEqual([...PROFILE_KEYS].sort());
    expect(profile).toMatchObject({
      name: 'Acme Media GmbH',
      contactName: 'Maria Schmidt',
      email: 'company@adnet.test',
      balance: '15420.75',
      accountType: 'company',
      companyName: 'Acme Media GmbH',
      accountManager: { name: 'Anna Petrova' },
      adActionsNotifications: true,
      trafficProviderSubscription: null,
      recurringPaymentsCustomer: null,
      referralProgramPercent: '5.00',
      twoFactorAuthenticationMethod: null,
      fullManageStatus: null,
      actions: { full_manage_requestable: true },
      messengers: [],
    });
    expect((await api(t.app, 'GET', 'profile')).statusCode).toBe(401);
  });
});

describe('PUT profile/update', () => {
  it('saves the fields and messengers and answers the new profile', async () => {
    const token = await login(t.app, 'advertiser@adnet.test');
    const body = {
      name: 'Alex Morgan-Lee',
      phone: '+1 555 0100',
      account_type: 'company',
      company_name: 'Morgan Ads LLC',
      company_address: '5 Harbor Road, Boston',
      company_site: 'https://morgan.test',
      vat: 'US-1234',
      additional_info: 'Mostly pop traffic',
      ad_actions_notifications: false,
      campaign_actions_notifications: true,
      campaign_tooltips_notifications: false,
      two_factor_authentication_method: 'email',
      current_password: DEMO_PASSWORD,
      messengers: [
        { messenger_id: 1, nickname: '@alexm' },
        { messenger_id: 3, nickname: 'live:alexm' },
      ],
    };
    const res = await api(t.app, 'PUT', 'profile/update', { token, body });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      name: 'Morgan Ads LLC',
      phone: '+1 555 0100',
      accountType: 'company',
      companyAddress: '5 Harbor Road, Boston',
      adActionsNotifications: false,
      campaignTooltipsNotifications: false,
      twoFactorAuthenticationMethod: 'email',
      messengers: [
        { id: 1, name: 'Telegram', nickname: '@alexm', messenger_user_id: null },
        { id: 3, name: 'Skype', nickname: 'live:alexm', messenger_user_id: null },
      ],
    });
    expect((await api(t.app, 'GET', 'profile', { token })).json().data.companySite).toBe('https://morgan.test');
    const notes = (await api(t.app, 'GET', 'notifications', { token })).json().data;
    expect(notes[0]).toMatchObject({ type: 'user_two_factor_enabled', category: 'user', params: { method: 'email' } });

    // Back to personal: the company fields go.
    const back = await api(t.app, 'PUT', 'profile/update', { token, body: { name: 'Alex Morgan', account_type: 'personal', two_factor_authentication_method: null, current_password: DEMO_PASSWORD } });
    expect(back.json().data).toMatchObject({ name: 'Alex Morgan', accountType: 'personal', companyName: null, vat: null, twoFactorAuthenticationMethod: null, phone: '+1 555 0100' });
  });

  it('answers errors per field', async () => {
    const token = await login(t.app, 'company@adnet.test');
    const res = await api(t.app, 'PUT', 'profile/update', {
      token,
      body: { name: '', account_type: 'company', company_site: 'ftp://x', phone: 'call me', ad_actions_notifications: 'yes', messengers: [{ messenger_id: 999, nickname: 'x' }] },
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['ad_actions_notifications', 'company_address', 'company_name', 'company_site', 'name', 'phone'].sort());
    const messenger = await api(t.app, 'PUT', 'profile/update', { token, body: { name: 'Maria', account_type: 'personal', messengers: [{ messenger_id: 999, nickname: 'x' }] } });
    expect(messenger.json().errors).toEqual({ 'messengers.0.messenger_id': ['Choose a messenger from the list.'] });
    const email = await api(t.app, 'PUT', 'profile/update', { token, body: { name: 'Maria', account_type: 'personal', email: 'new@x.test' } });
    expect(email.json().errors).toEqual({ email: ['This field is not allowed'] });
    const google = await api(t.app, 'PUT', 'profile/update', { token, body: { name: 'Maria', account_type: 'personal', two_factor_authentication_method: 'google', current_password: DEMO_PASSWORD } });
    expect(Object.keys(google.json().errors)).toEqual(['two_factor_authentication_method']);
  });
});

describe('Google Authenticator set-up', () => {
  it('hands out a pending secret, enables google 2FA with a valid code, and sign-in then asks for it', async () => {
    const token = await login(t.app, 'company@pushhub.test', 'pushhub.localhost');
    const host = 'pushhub.localhost';
    const setup = await api(t.app, 'GET', 'profile/google2fa', { token, host });
    expect(setup.statusCode).toBe(200);
    const { secret, otpauth_url: url } = setup.json().data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(url).toBe(`otpauth://totp/PushHub%3Acompany%40pushhub.test?secret=${secret}&issuer=PushHub&algorithm=SHA1&digits=6&period=30`);
    // Pending only: sign-in still has no second step.
    expect(await login(t.app, 'company@pushhub.test', host)).toBeTruthy();

    const wrong = await api(t.app, 'POST', 'profile/google2fa/validate', { token, host, body: { code: totpCode(secret, totpStep() - 5), current_password: DEMO_PASSWORD } });
    expect(wrong.json().errors).toEqual({ code: ['The code is invalid.'] });
    const ok = await api(t.app, 'POST', 'profile/google2fa/validate', { token, host, body: { code: totpCode(secret, totpStep()), current_password: DEMO_PASSWORD } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.twoFactorAuthenticationMethod).toBe('google');

    const step = await api(t.app, 'POST', 'auth/login', { host, body: { email: 'company@pushhub.test', password: DEMO_PASSWORD } });
    expect(step.json().data.authentication_method).toBe('google');
    expect(step.headers.authorization).toBeUndefined();
    // The code just used to validate is not accepted again.
    const next = totpCode(secret, totpStep() + 1);
    expect((await api(t.app, 'POST', 'auth/login', { host, body: { email: 'company@pushhub.test', password: DEMO_PASSWORD, code: next } })).statusCode).toBe(200);
    // A second validation without a new set-up fails.
    expect((await api(t.app, 'POST', 'profile/google2fa/validate', { token, host, body: { code: next, current_password: DEMO_PASSWORD } })).statusCode).toBe(422);
  });
});

describe('changing how the account signs in (F4)', () => {
  const email = 'email2fa@adnet.test';
  const signInWithCode = async () => {
    await api(t.app, 'POST', 'auth/login', { body: { email, password: DEMO_PASSWORD } });
    const [mail] = await outbox(t.app, email);
    const code = /\b(\d{6})\b/.exec(mail.text)![1];
    const res = await api(t.app, 'POST', 'auth/login', { body: { email, password: DEMO_PASSWORD, code } });
    expect(res.statusCode).toBe(200);
    return bearer(res.headers.authorization)!;
  };
  const turnOff = (token: string, extra: Record<string, unknown> = {}) =>
    api(t.app, 'PUT', 'profile/update', { token, body: { name: 'Email Two', account_type: 'personal', two_factor_authentication_method: null, ...extra } });

  it('takes the current password to turn two-factor sign-in off, and mails the owner', async () => {
    const token = await signInWithCode();
    expect((await turnOff(token)).json().errors).toEqual({ current_password: ['Enter your current password to change how you sign in.'] });
    expect((await turnOff(token, { current_password: 'not-the-password1' })).json().errors).toEqual({ current_password: ['The password is wrong.'] });
    expect((await api(t.app, 'GET', 'profile', { token })).json().data.twoFactorAuthenticationMethod).toBe('email');
    // Saving the profile without changing the method needs no password.
    const unchanged = await api(t.app, 'PUT', 'profile/update', { token, body: { name: 'Email Two', account_type: 'personal', two_factor_authentication_method: 'email' } });
    expect(unchanged.statusCode).toBe(200);

    const off = await turnOff(token, { current_password: DEMO_PASSWORD });
    expect(off.statusCode).toBe(200);
    expect(off.json().data.twoFactorAuthenticationMethod).toBeNull();
    const [mail] = await outbox(t.app, email);
    expect(mail.kind).toBe('notification:user_two_factor_disabled');
    expect(mail.subject + mail.text).toContain('Two-factor sign-in is off');
    // Back on for the other tests.
    expect((await api(t.app, 'PUT', 'profile/update', { token, body: { name: 'Email Two', account_type: 'personal', two_factor_authentication_method: 'email', current_password: DEMO_PASSWORD } })).statusCode).toBe(200);
  });

  it('refuses a support session acting as the user, even with the password', async () => {
    const support = await login(t.app, 'support@adnet.test');
    const users = (await api(t.app, 'GET', 'profile', { token: await signInWithCode() })).json().data;
    const link = await api(t.app, 'POST', `impersonate/${users.id}`, { token: support });
    expect(link.statusCode).toBe(200);
    const impersonation = new URL(link.json().data.url).searchParams.get('token')!;
    const entered = await api(t.app, 'POST', 'auth/impersonate', { body: { token: impersonation } });
    expect(entered.statusCode).toBe(200);
    const acting = bearer(entered.headers.authorization)!;
    const off = await turnOff(acting, { current_password: DEMO_PASSWORD });
    expect(off.statusCode).toBe(403);
    expect(off.json().message).toBe('Support staff cannot change how an advertiser signs in.');
    expect((await api(t.app, 'GET', 'profile/google2fa', { token: acting })).statusCode).toBe(403);
    expect((await api(t.app, 'POST', 'profile/google2fa/validate', { token: acting, body: { code: '123456', current_password: DEMO_PASSWORD } })).statusCode).toBe(403);
    // Other profile fields stay editable for support.
    expect((await api(t.app, 'PUT', 'profile/update', { token: acting, body: { name: 'Email Two', account_type: 'personal' } })).statusCode).toBe(200);
  });

  it('enrolls a new authenticator only with the password', async () => {
    const token = await signInWithCode();
    const { secret } = (await api(t.app, 'GET', 'profile/google2fa', { token })).json().data;
    const without = await api(t.app, 'POST', 'profile/google2fa/validate', { token, body: { code: totpCode(secret, totpStep()) } });
    expect(without.statusCode).toBe(422);
    expect(Object.keys(without.json().errors)).toEqual(['current_password']);
    const wrong = await api(t.app, 'POST', 'profile/google2fa/validate', { token, body: { code: totpCode(secret, totpStep()), current_password: 'not-the-password1' } });
    expect(wrong.json().errors).toEqual({ current_password: ['The password is wrong.'] });
    expect((await api(t.app, 'GET', 'profile', { token })).json().data.twoFactorAuthenticationMethod).toBe('email');
  });
});

describe('profile/locale, full-manage, telegram', () => {
  it('saves a locale of the network only', async () => {
    const token = await login(t.app, 'advertiser@pushhub.test', 'pushhub.localhost');
    const ok = await api(t.app, 'PUT', 'profile/locale', { token, host: 'pushhub.localhost', body: { locale: 'en' } });
    expect(ok.json().data).toEqual({ locale: 'en' });
    expect((await api(t.app, 'GET', 'user', { token, host: 'pushhub.localhost' })).json().data.locale).toBe('en');
    const de = await api(t.app, 'PUT', 'profile/locale', { token, host: 'pushhub.localhost', body: { locale: 'de' } });
    expect(de.json().errors).toEqual({ locale: ['Choose one of: en, ru'] });
    expect((await api(t.app, 'PUT', 'profile/locale', { token, host: 'pushhub.localhost', body: { locale: 'xx' } })).statusCode).toBe(422);
  });

  it('requests full management once', async () => {
    const company = await login(t.app, 'company@adnet.test');
    const res = await api(t.app, 'POST', 'profile/full-manage', { token: company });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ fullManageStatus: 'pending', actions: { full_manage_requestable: false } });
    expect((await api(t.app, 'POST', 'profile/full-manage', { token: company })).statusCode).toBe(409);
  });

  it("makes a one-time Telegram deep link with the network's bot, and unlinks", async () => {
    const token = await login(t.app, 'company@adnet.test');
    const res = await api(t.app, 'POST', 'profile/telegram/generate-url', { token });
    expect(res.statusCode).toBe(200);
    const { url } = res.json().data;
    expect(url).toMatch(/^https:\/\/t\.me\/AdNetNotifyBot\?start=\d+_[A-Za-z0-9_-]{40}$/);
    expect(url.split('start=')[1].length).toBeLessThanOrEqual(64);
    const second = (await api(t.app, 'POST', 'profile/telegram/generate-url', { token })).json().data.url;
    expect(second).not.toBe(url);
    expect((await api(t.app, 'DELETE', 'profile/telegram', { token })).statusCode).toBe(200);
    // pushhub has no bot.
    const adv = await login(t.app, 'advertiser@pushhub.test', 'pushhub.localhost');
    expect((await api(t.app, 'POST', 'profile/telegram/generate-url', { token: adv, host: 'pushhub.localhost' })).statusCode).toBe(404);
  });
});

// Last in this file: it changes advertiser@adnet.test's password.
describe('PUT profile/password', () => {
  const change = (token: string, body: object) => api(t.app, 'PUT', 'profile/password', { token, body });

  it('takes the current password, checks the new one, and ends every other session but this one', async () => {
    const here = await login(t.app, 'advertiser@adnet.test');
    const elsewhere = await login(t.app, 'advertiser@adnet.test');

    const wrong = await change(here, { current_password: 'nope', password: 'Brighter2027day', password_confirmation: 'Brighter2027day' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.current_password).toEqual(['The password is wrong.']);
    const mismatch = await change(here, { current_password: DEMO_PASSWORD, password: 'Brighter2027day', password_confirmation: 'Brighter2027dax' });
    expect(Object.keys(mismatch.json().errors)).toEqual(['password_confirmation']);
    const same = await change(here, { current_password: DEMO_PASSWORD, password: DEMO_PASSWORD, password_confirmation: DEMO_PASSWORD });
    expect(same.json().errors.password).toHaveLength(1);
    // Nothing changed so far: both sessions still work.
    expect((await api(t.app, 'GET', 'user', { token: elsewhere })).statusCode).toBe(200);

    const ok = await change(here, { current_password: DEMO_PASSWORD, password: 'Brighter2027day', password_confirmation: 'Brighter2027day' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.message).toMatch(/changed/);
    expect((await api(t.app, 'GET', 'user', { token: here })).statusCode).toBe(200);
    expect((await api(t.app, 'GET', 'user', { token: elsewhere })).statusCode).toBe(401);
    await expect(login(t.app, 'advertiser@adnet.test')).rejects.toThrow();
    expect(await login(t.app, 'advertiser@adnet.test', undefined, 'Brighter2027day')).toBeTruthy();
  });

  it('is refused without a token and with a body the schema refuses', async () => {
    expect((await api(t.app, 'PUT', 'profile/password', { body: { current_password: 'x', password: 'y', password_confirmation: 'y' } })).statusCode).toBe(401);
    const token = await login(t.app, 'company@adnet.test');
    expect((await change(token, { current_password: DEMO_PASSWORD, password: 'Brighter2027day', password_confirmation: 'Brighter2027day', role: 'admin' })).statusCode).toBe(422);
  });
});
