/**
 * Regression tests of the account-takeover paths and their neighbours found by the outside probe (issue 13):
 * F1 the development outbox, F2 links in mails, F5 forged client addresses, F7 and F12 e-mail enumeration,
 * F9 mass sign-ups.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NetworkConfig } from '../../server/config/networkConfig';
import { loadNetworkConfigs } from '../../server/config/loadNetworkConfigs';
import { readServerEnv } from '../../server/config/serverEnv';
import { api, build, DEMO_PASSWORD, outbox, solveCaptcha, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t?.close());

const PASSWORD = 'Sunny-day-42';
const signUp = async (app: TestApp['app'], email: string, opts: { host?: string; headers?: Record<string, string>; captcha?: string } = {}) =>
  api(app, 'POST', 'auth/register', {
    host: opts.host,
    headers: opts.headers,
    body: {
      account_type: 'personal',
      name: 'Probe',
      email,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      topic: 'Sign Up form',
      'g-recaptcha-response': opts.captcha ?? (await solveCaptcha(app, opts.host)),
    },
  });
const forgot = async (email: string, opts: { host?: string; headers?: Record<string, string> } = {}) =>
  api(t.app, 'POST', 'auth/password/email', { ...opts, body: { email, 'g-recaptcha-response': await solveCaptcha(t.app, opts.host) } });

describe('F1: the development outbox is not a public endpoint', () => {
  it('is not served unless asked for explicitly', async () => {
    const plain = await build({ devOutbox: undefined });
    try {
      expect((await api(plain.app, 'GET', 'dev/outbox?to=advertiser@adnet.test')).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it('answers only connections from this machine that name a network host', async () => {
    await forgot('company@adnet.test');
    await t.app.platform.afterAnswer.drain();
    const from = (remoteAddress: string, host = 'adnet.localhost:8080') =>
      t.app.inject({ method: 'GET', url: '/api/private/v1/dev/outbox?to=company@adnet.test', remoteAddress, headers: { host } });
    expect((await from('127.0.0.1')).statusCode).toBe(200);
    expect((await from('::1')).statusCode).toBe(200);
    expect((await from('127.0.0.1', 'localhost:8080')).statusCode).toBe(200);
    expect((await from('203.0.113.7')).statusCode).toBe(404);
    expect((await from('10.0.0.8')).statusCode).toBe(404);
    // A page on a rebound DNS name in a local browser reaches loopback, but under its own Host.
    expect((await from('127.0.0.1', 'evil.example:8080')).statusCode).toBe(404);
  });

  it('cannot be turned on behind a trusted proxy, where every caller looks local', async () => {
    await expect(build({ devOutbox: true, trustProxy: ['loopback'] })).rejects.toThrow(/trusted proxy/);
  });

  it('keeps codes and links out of the log once mails really leave by SMTP', async () => {
    const lines: string[] = [];
    const logger = { level: 'info', stream: { write: (line: string) => void lines.push(line) } };
    const smtp = await build({ logger, smtp: { url: 'smtp://127.0.0.1:9' } });
    try {
      await api(smtp.app, 'POST', 'auth/password/email', { body: { email: 'company@adnet.test', 'g-recaptcha-response': await solveCaptcha(smtp.app) } });
      await smtp.app.platform.afterAnswer.drain();
      const mailLine = lines.map((l) => JSON.parse(l).msg as string).find((m) => m?.startsWith('mail #'));
      expect(mailLine).toMatch(/^mail #\d+ password_reset to company@adnet\.test$/);
    } finally {
      await smtp.close();
    }
  });
});

describe('F2: every link in a mail comes from the network config, never from the request', () => {
  it('ignores a forged Host or Origin in the reset link', async () => {
    // Host is a listed page host here (an unknown one is refused below), Origin a foreign site.
    await forgot('advertiser@adnet.test', { host: 'panel.adnet.example.com', headers: { origin: 'http://evil.example' } });
    await forgot('company@adnet.test', { host: 'adnet.localhost:6666', headers: { 'x-forwarded-host': 'evil.example' } });
    for (const to of ['advertiser@adnet.test', 'company@adnet.test']) {
      const [mail] = await outbox(t.app, to);
      expect(mail.kind).toBe('password_reset');
      expect(mail.links[0]).toMatch(/^http:\/\/adnet\.localhost:8080\/password\/reset\?token=/);
      expect(mail.text).not.toContain('evil.example');
    }
  });

  it('refuses mail-sending calls on a host that no network lists, rather than acting for the default network', async () => {
    const res = await forgot('advertiser@adnet.test', { host: 'evil.example' });
    expect(res.statusCode).toBe(421);
    const signUpThere = await signUp(t.app, 'victim@example.test', { host: 'evil.example' });
    expect(signUpThere.statusCode).toBe(421);
    const login = await api(t.app, 'POST', 'auth/login', { host: 'evil.example', body: { email: 'email2fa@adnet.test', password: DEMO_PASSWORD } });
    expect(login.statusCode).toBe(421);
    // Read-only calls still show the default network to an unknown host, and localhost is the default network.
    expect((await api(t.app, 'GET', 'network', { host: 'evil.example' })).json().data.id).toBe('adnet');
    expect((await forgot('nobody@adnet.test', { host: 'localhost:8080' })).statusCode).toBe(200);
  });

  it("uses the config's publicUrl when it has one, for confirmation and notification mails too", async () => {
    const configs = loadNetworkConfigs().map((c): NetworkConfig => (c.id === 'adnet' ? { ...c, publicUrl: 'https://ads.adnet.example.com' } : c));
    const branded = await build({ configs });
    try {
      expect((await signUp(branded.app, 'branded@example.test', { headers: { origin: 'http://adnet.localhost:8080' } })).statusCode).toBe(200);
      const [mail] = await outbox(branded.app, 'branded@example.test');
      expect(mail.links[0]).toMatch(/^https:\/\/ads\.adnet\.example\.com\/register\/\d+\/confirm\//);
      const confirm = new URL(mail.links[0]).pathname.replace(/^\/register/, 'auth/register');
      expect((await api(branded.app, 'POST', confirm)).statusCode).toBe(200);
      const [notice] = await outbox(branded.app, 'branded@example.test');
      expect(notice.kind).toBe('notification:user_email_confirmed');
      expect(notice.links.every((l) => l.startsWith('https://ads.adnet.example.com/'))).toBe(true);
    } finally {
      await branded.close();
    }
  });
});

describe('F5: behind a proxy, a forged X-Forwarded-For does not escape the sign-in limits', () => {
  it('takes the client address from the trusted proxy hop only, with TRUST_PROXY=1 as an operator sets it', async () => {
    const { trustProxy } = readServerEnv({ TRUST_PROXY: '1' });
    const proxied = await build({ devOutbox: false, trustProxy, loginRateLimit: { max: 2, timeWindow: 60_000 } });
    try {
      const attempt = (forged: string) =>
        api(proxied.app, 'POST', 'auth/login', {
          // The proxy on 127.0.0.1 appended the real client (203.0.113.9) to whatever the client claimed.
          headers: { 'x-forwarded-for': `${forged}, 203.0.113.9` },
          body: { email: 'advertiser@adnet.test', password: 'wrong-password' },
        });
      expect((await attempt('1.1.1.1')).statusCode).toBe(422);
      expect((await attempt('1.1.1.2')).statusCode).toBe(422);
      expect((await attempt('1.1.1.3')).statusCode).toBe(429);
    } finally {
      await proxied.close();
    }
  });

  it('limits failed sign-ins per account from any number of addresses, known and unknown e-mails alike', async () => {
    const limited = await build({ loginRateLimit: { max: 100, timeWindow: 60_000, perAccount: { max: 3, timeWindow: 60_000 } } });
    try {
      const attempt = (email: string, i: number, password = 'wrong-password') =>
        limited.app.inject({ method: 'POST', url: '/api/private/v1/auth/login', remoteAddress: `198.51.100.${i}`, headers: { host: 'adnet.localhost:8080' }, payload: { email, password } });
      for (const email of ['company@adnet.test', 'nobody-here@adnet.test']) {
        for (let i = 1; i <= 3; i++) expect((await attempt(email, i)).statusCode).toBe(422);
        const blocked = await attempt(email, 4);
        expect(blocked.statusCode).toBe(429);
        expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
        expect(blocked.json().message).toMatch(/Too many failed sign-ins/);
      }
      // Even the right password waits: the account is not being guessed any further meanwhile.
      expect((await attempt('company@adnet.test', 5, DEMO_PASSWORD)).statusCode).toBe(429);
      // Another account is not affected.
      expect((await attempt('advertiser@adnet.test', 6, DEMO_PASSWORD)).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('F7: sign-up tells whether an address is registered only after the captcha is solved', () => {
  it('answers a wrong captcha with the captcha error alone, for registered and new addresses', async () => {
    const registered = await signUp(t.app, 'advertiser@adnet.test', { captcha: 'not-a-captcha' });
    const fresh = await signUp(t.app, 'someone-new@example.test', { captcha: 'not-a-captcha' });
    expect(registered.statusCode).toBe(422);
    expect(registered.json().errors).toEqual(fresh.json().errors);
    expect(Object.keys(registered.json().errors)).toEqual(['g-recaptcha-response']);
    const solved = await signUp(t.app, 'advertiser@adnet.test');
    expect(solved.json().errors).toEqual({ email: ['This e-mail address is already registered.'] });
  });
});

describe('F12: forgot password answers registered and unknown addresses alike, before looking either up', () => {
  it('answers while the lookup of the address has not even finished', async () => {
    const users = t.app.platform.users;
    const original = users.findByEmail;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const looked: string[] = [];
    users.findByEmail = async (networkId, email) => {
      looked.push(email);
      await gate;
      return original(networkId, email);
    };
    try {
      const known = await forgot('company@adnet.test');
      const unknown = await forgot('nobody@adnet.test');
      expect(known.statusCode).toBe(200);
      expect(unknown.json()).toEqual(known.json());
    } finally {
      release();
      await t.app.platform.afterAnswer.drain();
      users.findByEmail = original;
    }
    expect(looked).toEqual(['company@adnet.test', 'nobody@adnet.test']);
  });
});

describe('F9: sign-ups are limited per address and per network', () => {
  it('answers 429 with Retry-After once an address opened its accounts for the hour', async () => {
    const limited = await build({
      signupRateLimit: { perAddress: { max: 2, timeWindow: 60 * 60_000 }, perNetwork: { max: 3, timeWindow: 60 * 60_000 } },
    });
    try {
      const from = async (ip: string, email: string, host = 'adnet.localhost:8080') => {
        const captcha = await solveCaptcha(limited.app, host);
        return limited.app.inject({
          method: 'POST',
          url: '/api/private/v1/auth/register',
          remoteAddress: ip,
          headers: { host },
          payload: { account_type: 'personal', name: 'Probe', email, password: PASSWORD, password_confirmation: PASSWORD, topic: 'Sign Up form', 'g-recaptcha-response': captcha },
        });
      };
      expect((await from('203.0.113.1', 'a1@example.test')).statusCode).toBe(200);
      expect((await from('203.0.113.1', 'a2@example.test')).statusCode).toBe(200);
      const third = await from('203.0.113.1', 'a3@example.test');
      expect(third.statusCode).toBe(429);
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
      expect(await outbox(limited.app, 'a3@example.test')).toEqual([]);
      // Another address may, until the network's budget is spent.
      expect((await from('203.0.113.2', 'b1@example.test')).statusCode).toBe(200);
      expect((await from('203.0.113.3', 'c1@example.test')).statusCode).toBe(429);
      // Another network has its own budget.
      expect((await from('203.0.113.3', 'c1@example.test', 'pushhub.localhost')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('F9: an unconfirmed account spends nothing until the e-mail address is confirmed', () => {
  it('refuses campaigns and keeps ads out of moderation; once confirmed, a campaign sends its ad to moderation', async () => {
    const res = await signUp(t.app, 'unconfirmed@example.test');
    const token = res.json().data.auth_token as string;
    const ad = await api(t.app, 'POST', 'ads', { token, body: { format: 'popunder', name: 'Draft pop', url: 'https://a.example' } });
    expect(ad.statusCode).toBe(201);
    expect(ad.json().data.latest_approval).toBeNull();

    const campaign = await api(t.app, 'POST', 'campaigns', {
      token,
      body: { name: 'Too soon', ad_format: 'popunder', ad_id: ad.json().data.id, pricing_model: 'cpm', price: '1.2500', limits: { type: 'money', daily: '50.00' }, targets: { country: { accept: true, countries: [276] } } },
    });
    expect(campaign.statusCode).toBe(403);
    expect(campaign.json().message).toMatch(/^Confirm your e-mail address before creating campaigns/);

    const [mail] = await outbox(t.app, 'unconfirmed@example.test');
    const confirm = new URL(mail.links[0]).pathname.replace(/^\/register/, 'auth/register');
    expect((await api(t.app, 'POST', confirm)).statusCode).toBe(200);
    // The ad still waits for a campaign.
    expect((await api(t.app, 'GET', `ads/${ad.json().data.id}`, { token })).json().data.latest_approval).toBeNull();
    const started = await api(t.app, 'POST', 'campaigns', {
      token,
      body: { name: 'Now', ad_format: 'popunder', ad_id: ad.json().data.id, pricing_model: 'cpm', price: '1.2500', limits: { type: 'money', daily: '50.00' }, targets: { country: { accept: true, countries: [276] } } },
    });
    expect(started.statusCode, started.body).toBe(201);
    const submitted = await api(t.app, 'GET', `ads/${ad.json().data.id}`, { token });
    expect(submitted.json().data.latest_approval.status).toBe('pending');
  });
});
