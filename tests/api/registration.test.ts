import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadNetworkConfigs } from '../../server/config/loadNetworkConfigs';
import { fakeSmtp } from './fakeSmtp';
import { api, bearer, build, login, outbox, solveCaptcha, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t?.close());

const PASSWORD = 'Sunny-day-42';
async function personal(email: string, extra: Record<string, unknown> = {}) {
  return {
    account_type: 'personal',
    name: 'Nora Field',
    email,
    password: PASSWORD,
    password_confirmation: PASSWORD,
    topic: 'Sign Up form',
    'g-recaptcha-response': await solveCaptcha(t.app),
    ...extra,
  };
}
const confirmLink = (text: string) => /\/register\/(\d+)\/confirm\/([A-Za-z0-9_-]+)/.exec(text);

describe('GET captcha', () => {
  it('answers a question whose answer is not in the answer, single use', async () => {
    const res = await api(t.app, 'GET', 'captcha');
    expect(res.statusCode).toBe(200);
    const { id, question, expires_at } = res.json().data;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(question).toMatch(/^What is \d+ [+−] \d+\?$/);
    expect(Date.parse(expires_at) - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(res.body).not.toMatch(/answer/i);
    const de = await api(t.app, 'GET', 'captcha?locale=de');
    expect(de.json().data.question).toMatch(/^Was ist/);
  });
});

describe('POST auth/register', () => {
  it('creates an unconfirmed user, signs in, and mails the confirmation link on the network host', async () => {
    const res = await api(t.app, 'POST', 'auth/register', { body: await personal('nora@example.test') });
    expect(res.statusCode).toBe(200);
    const token = res.json().data.auth_token;
    expect(token).toBe(bearer(res.headers.authorization));
    const user = (await api(t.app, 'GET', 'user', { token })).json().data;
    expect(user).toMatchObject({ email: 'nora@example.test', status: 'unconfirmed', account_type: 'personal', name: 'Nora Field', role: 'advertiser' });

    const [mail] = await outbox(t.app, 'nora@example.test');
    expect(mail.kind).toBe('email_confirmation');
    expect(mail.links).toHaveLength(1);
    expect(mail.links[0]).toMatch(new RegExp(`^http://adnet\\.localhost:8080/register/${user.id}/confirm/[A-Za-z0-9_-]{43}$`));
    expect(mail.text).toContain(mail.links[0]);

    const [, userId, code] = confirmLink(mail.links[0])!;
    const confirmed = await api(t.app, 'POST', `auth/register/${userId}/confirm/${code}`);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().data).toEqual({ status: 'confirmed', email: 'nora@example.test' });
    expect((await api(t.app, 'GET', 'user', { token })).json().data.status).toBe('confirmed');
    // Single use.
    const again = await api(t.app, 'POST', `auth/register/${userId}/confirm/${code}`);
    expect(again.statusCode).toBe(422);
    expect(Object.keys(again.json().errors)).toEqual(['code']);
    // The confirmation became a notification (and its mail carries the unsubscribe link).
    const list = (await api(t.app, 'GET', 'notifications', { token })).json();
    expect(list.data.map((n: { type: string }) => n.type)).toContain('user_email_confirmed');
    const [notice] = await outbox(t.app, 'nora@example.test');
    expect(notice.kind).toBe('notification:user_email_confirmed');
    expect(notice.links.some((l) => l.includes('/unsubscribe/nora%40example.test?signature='))).toBe(true);
  });

  it("links to the network's public address when the API runs on core.<host>, whatever page the request came from", async () => {
    const res = await api(t.app, 'POST', 'auth/register', {
      host: 'core.adnet.example.com',
      headers: { origin: 'https://panel.adnet.example.com' },
      body: { ...(await personal('corehost@example.test')), 'g-recaptcha-response': await solveCaptcha(t.app, 'core.adnet.example.com') },
    });
    expect(res.statusCode).toBe(200);
    const [mail] = await outbox(t.app, 'corehost@example.test', 'core.adnet.example.com');
    expect(mail.links[0]).toMatch(/^http:\/\/adnet\.localhost:8080\/register\/\d+\/confirm\//);
  });

  it('registers companies with their company fields, the messengers and the referral code', async () => {
    const body = await personal('ceo@bigco.test', {
      account_type: 'company',
      company_name: 'BigCo Ltd',
      company_address: '1 Main Street, Springfield',
      company_site: 'https://bigco.test',
      vat: 'GB123456789',
      messengers: [{ messenger_id: 1, nickname: '@bigco' }],
      affiliate_code: 'friend-42',
    });
    const res = await api(t.app, 'POST', 'auth/register', { body });
    expect(res.statusCode).toBe(200);
    const profile = (await api(t.app, 'GET', 'profile', { token: res.json().data.auth_token })).json().data;
    expect(profile).toMatchObject({ name: 'BigCo Ltd', accountType: 'company', companySite: 'https://bigco.test', vat: 'GB123456789' });
    expect(profile.messengers).toEqual([{ id: 1, name: 'Telegram', nickname: '@bigco', messenger_user_id: null }]);
  });

  it('asks companies for their company fields and refuses them from personal accounts', async () => {
    const company = await api(t.app, 'POST', 'auth/register', { body: await personal('co@example.test', { account_type: 'company' }) });
    expect(company.statusCode).toBe(422);
    expect(Object.keys(company.json().errors).sort()).toEqual(['company_address', 'company_name']);
    const personalWithCompany = await api(t.app, 'POST', 'auth/register', { body: await personal('pc@example.test', { company_name: 'Nope Inc' }) });
    expect(personalWithCompany.statusCode).toBe(422);
    expect(Object.keys(personalWithCompany.json().errors)).toEqual(['company_name']);
  });

  it('rejects a duplicate e-mail on the same network, but not on another network', async () => {
    const dup = await api(t.app, 'POST', 'auth/register', { body: await personal('Advertiser@AdNet.test') });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors).toEqual({ email: ['This e-mail address is already registered.'] });
    const other = await api(t.app, 'POST', 'auth/register', {
      host: 'pushhub.localhost',
      body: { ...(await personal('advertiser@adnet.test')), 'g-recaptcha-response': await solveCaptcha(t.app, 'pushhub.localhost') },
    });
    expect(other.statusCode).toBe(200);
  });

  it('checks the password rules and the confirmation', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ password: 'abcdefgh', password_confirmation: 'abcdefgh' }, 'password', 'The password must contain at least one letter and one digit.'],
      [{ password: 'short1', password_confirmation: 'short1' }, 'password', 'must NOT have fewer than 8 characters'],
      [{ password: 'rules1@example.test', password_confirmation: 'rules1@example.test' }, 'password', 'The password must not be your e-mail address.'],
      [{ password: 'Password123', password_confirmation: 'Password123' }, 'password', 'This password is too common; choose another one.'],
      [{ password_confirmation: 'Other-pass-1' }, 'password_confirmation', 'The password confirmation does not match.'],
    ];
    for (const [extra, field, message] of cases) {
      const res = await api(t.app, 'POST', 'auth/register', { body: await personal('rules1@example.test', extra) });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors[field]).toContain(message);
    }
  });

  it('requires a right, fresh, unused captcha answer', async () => {
    const missing = await personal('cap@example.test');
    delete (missing as Record<string, unknown>)['g-recaptcha-response'];
    expect((await api(t.app, 'POST', 'auth/register', { body: missing })).json().errors).toEqual({ 'g-recaptcha-response': ['This field is required'] });

    const solved = await solveCaptcha(t.app);
    const [id, answer] = solved.split(':');
    const wrong = await api(t.app, 'POST', 'auth/register', { body: await personal('cap@example.test', { 'g-recaptcha-response': `${id}:${Number(answer) + 1}` }) });
    expect(wrong.statusCode).toBe(422);
    expect(Object.keys(wrong.json().errors)).toEqual(['g-recaptcha-response']);
    // The wrong guess used the challenge up: its right answer no longer works either.
    const reused = await api(t.app, 'POST', 'auth/register', { body: await personal('cap@example.test', { 'g-recaptcha-response': solved }) });
    expect(Object.keys(reused.json().errors)).toEqual(['g-recaptcha-response']);
    // A challenge of another network does not count here.
    const foreign = await solveCaptcha(t.app, 'pushhub.localhost');
    const res = await api(t.app, 'POST', 'auth/register', { body: await personal('cap@example.test', { 'g-recaptcha-response': foreign }) });
    expect(Object.keys(res.json().errors)).toEqual(['g-recaptcha-response']);
    expect((await api(t.app, 'POST', 'auth/register', { body: await personal('cap@example.test') })).statusCode).toBe(200);
  });

  it('rejects a bad confirmation code and a code of another user', async () => {
    await api(t.app, 'POST', 'auth/register', { body: await personal('first@example.test') });
    await api(t.app, 'POST', 'auth/register', { body: await personal('second@example.test') });
    const [first] = await outbox(t.app, 'first@example.test');
    const [second] = await outbox(t.app, 'second@example.test');
    const [, firstId] = confirmLink(first.links[0])!;
    const [, , secondCode] = confirmLink(second.links[0])!;
    expect((await api(t.app, 'POST', `auth/register/${firstId}/confirm/${secondCode}`)).statusCode).toBe(422);
    expect((await api(t.app, 'POST', `auth/register/${firstId}/confirm/not-the-code`)).statusCode).toBe(422);
    expect((await api(t.app, 'POST', `auth/register/999999/confirm/${secondCode}`)).statusCode).toBe(422);
  });
});

describe('POST profile/confirmations/email', () => {
  it('mails a new link at most once a minute, and not to confirmed users', async () => {
    const res = await api(t.app, 'POST', 'auth/register', { body: await personal('resend@example.test') });
    const token = res.json().data.auth_token;
    // The sign-up mail was just sent: too soon.
    const soon = await api(t.app, 'POST', 'profile/confirmations/email', { token });
    expect(soon.statusCode).toBe(429);
    expect(Number(soon.headers['retry-after'])).toBeGreaterThan(0);
    expect(await outbox(t.app, 'resend@example.test')).toHaveLength(1);

    const confirmed = await login(t.app, 'advertiser@adnet.test');
    const already = await api(t.app, 'POST', 'profile/confirmations/email', { token: confirmed });
    expect(already.statusCode).toBe(422);
    expect(Object.keys(already.json().errors)).toEqual(['email']);

    // pushhub's seeded advertiser is unconfirmed and has had no mail yet.
    const pushhub = await login(t.app, 'advertiser@pushhub.test', 'pushhub.localhost');
    const sent = await api(t.app, 'POST', 'profile/confirmations/email', { token: pushhub, host: 'pushhub.localhost' });
    expect(sent.statusCode).toBe(200);
    const [mail] = await outbox(t.app, 'advertiser@pushhub.test', 'pushhub.localhost');
    expect(mail.kind).toBe('email_confirmation');
    expect(mail.subject).toBe('PushHub: подтвердите адрес электронной почты');
  });
});

describe('mail rate limit', () => {
  it('limits sign-ups per address', async () => {
    const limited = await build({ mailRateLimit: { max: 2, timeWindow: 60_000 } });
    try {
      const attempt = () => api(limited.app, 'POST', 'auth/register', { body: { email: 'flood@example.test' } });
      expect((await attempt()).statusCode).toBe(422);
      expect((await attempt()).statusCode).toBe(422);
      expect((await attempt()).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('SMTP delivery', () => {
  it('sends outbox mails through SMTP_URL and records sent_at', async () => {
    const server = await fakeSmtp();
    const withSmtp = await build({ smtp: { url: `smtp://127.0.0.1:${server.port}`, from: 'panel@adnet.test' } });
    try {
      const body = { ...(await personal('smtp@example.test')), 'g-recaptcha-response': await solveCaptcha(withSmtp.app) };
      expect((await api(withSmtp.app, 'POST', 'auth/register', { body })).statusCode).toBe(200);
      await withSmtp.app.platform.mailer.drain();
      const [mail] = await outbox(withSmtp.app, 'smtp@example.test');
      expect(mail.sent_at).not.toBeNull();
      expect(server.lines).toContain('MAIL FROM:<panel@adnet.test>');
      expect(server.lines).toContain('RCPT TO:<smtp@example.test>');

      // An attachment (an invoice's PDF) travels with the SMTP delivery, over the same pooled connection.
      const pdf = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n%%EOF\n', 'latin1');
      const invoice = { subject: 'Invoice', text: 'Your invoice is attached.', html: '<p>Your invoice is attached.</p>', links: [] };
      await withSmtp.app.platform.mailer.send({ networkId: 'adnet', networkHost: 'adnet.test', to: 'smtp@example.test', kind: 'invoice', mail: invoice, attachments: [{ filename: 'invoice-7.pdf', content: pdf, contentType: 'application/pdf' }] });
      await withSmtp.app.platform.mailer.drain();
      const parsed = await PostalMime.parse(server.messages.at(-1)!);
      expect(parsed.attachments.map((a) => [a.filename, a.mimeType, Buffer.from(a.content as ArrayBuffer).equals(pdf)])).toEqual([['invoice-7.pdf', 'application/pdf', true]]);
      expect(server.connections()).toEqual({ opened: 1, closed: 0 });
    } finally {
      await withSmtp.close();
      // Closing the app closes the pool's connection.
      await vi.waitFor(() => expect(server.connections()).toEqual({ opened: 1, closed: 1 })).finally(server.close);
    }
  });
});

describe('Google reCAPTCHA networks', () => {
  it('verify g-recaptcha-response with Google using the RECAPTCHA_SECRET_<ID> secret (fetch stubbed: no internet here)', async () => {
    const configs = loadNetworkConfigs().map((c) => (c.id === 'pushhub' ? { ...c, settings: { ...c.settings, recaptcha: { siteKey: '6LeIxAcTAAAAAJcZVRqyHh71UMIEGNQ_MXjiZKhI' } } } : c));
    const calls: URLSearchParams[] = [];
    const fakeFetch = (async (_url: string, init: { body: URLSearchParams }) => {
      calls.push(init.body);
      return new Response(JSON.stringify({ success: init.body.get('response') === 'good-token' }), { status: 200 });
    }) as unknown as typeof fetch;
    let secret: string | undefined = 'server-secret';
    const google = await build({ configs, fetch: fakeFetch, recaptchaSecret: (id) => (id === 'pushhub' ? secret : undefined) });
    try {
      const host = 'pushhub.localhost';
      expect((await api(google.app, 'GET', 'captcha', { host })).statusCode).toBe(404);
      const body = (token: string) => ({ email: 'company@pushhub.test', 'g-recaptcha-response': token });
      const bad = await api(google.app, 'POST', 'auth/password/email', { host, body: body('bad-token') });
      expect(Object.keys(bad.json().errors)).toEqual(['g-recaptcha-response']);
      expect((await api(google.app, 'POST', 'auth/password/email', { host, body: body('good-token') })).statusCode).toBe(200);
      expect(calls.map((c) => [c.get('secret'), c.get('response')])).toEqual([
        ['server-secret', 'bad-token'],
        ['server-secret', 'good-token'],
      ]);
      // A built-in answer is no use on such a network, and adnet keeps the built-in challenge.
      expect((await api(google.app, 'POST', 'auth/password/email', { host, body: body(await solveCaptcha(google.app)) })).statusCode).toBe(422);
      expect((await api(google.app, 'GET', 'captcha')).statusCode).toBe(200);
      // Site key without secret: fail closed with 503.
      secret = undefined;
      expect((await api(google.app, 'POST', 'auth/password/email', { host, body: body('good-token') })).statusCode).toBe(503);
    } finally {
      await google.close();
    }
  });
});
