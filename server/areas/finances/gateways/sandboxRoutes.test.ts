import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { CheckoutRequest, GatewayEvent } from './gateway';
import { checkoutRequest } from './checkoutRequest.fixture';
import { createSandboxGateway } from './sandbox';
import { sandboxGatewayRoutes } from './sandboxRoutes';
import { createStripeGateway } from './stripe';

const SECRET = 'routes-test-secret';
const PANEL = 'http://adnet.localhost:8080';

const request = (over: Partial<CheckoutRequest> = {}) => checkoutRequest(over, PANEL);

let app: FastifyInstance | undefined;
afterEach(() => app?.close());

/** A small app with the plugin, a clock the test moves and a `deliver` that collects events (or fails when told). */
async function build() {
  let now = new Date('2030-05-10T12:00:00Z');
  const gateway = createSandboxGateway({ publicOrigin: '', secret: SECRET, now: () => now });
  const events: GatewayEvent[] = [];
  const state = { failDelivery: false };
  app = Fastify();
  await app.register(sandboxGatewayRoutes, {
    gateway,
    deliver: async (event) => {
      if (state.failDelivery) throw new Error('queue down');
      events.push(event);
    },
  });
  const post = (url: string, fields: Record<string, string>) =>
    app!.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(fields).toString() });
  const open = async (over: Partial<CheckoutRequest> = {}) => {
    const checkout = await gateway.createCheckout(request(over));
    return { ref: checkout.ref, token: checkout.form.fields.token, page: await post(checkout.form.action, checkout.form.fields) };
  };
  const pay = (token: string, number: string, extra: Record<string, string> = {}) => post('/sandbox-gateway/pay', { token, number, expiry: '12/34', cvc: '123', name: 'Alex Morgan', ...extra });
  return { gateway, events, state, post, open, pay, tick: (ms: number) => (now = new Date(now.getTime() + ms)) };
}

const hiddenValue = (html: string, name: string) => new RegExp(`name="${name}" value="([^"]+)"`).exec(html)?.[1];

describe('the hosted payment page', () => {
  it('shows the amount, the description, the test cards and a Cancel link, under a strict policy', async () => {
    const { open } = await build();
    const { page, token } = await open();
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('Sandbox gateway');
    expect(page.body).toMatch(/Test mode, no real money/);
    expect(page.body).toContain('USD\u00a01,250.50');
    expect(page.body).toContain('AdNet: P-10042');
    expect(page.body).toContain('4242 4242 4242 4242');
    expect(page.body).toContain('4000 0000 0000 3220');
    expect(page.body).toContain(`href="${PANEL}/add-funds/error?payment=10042"`);
    expect(hiddenValue(page.body, 'token')).toBe(token);
    expect(page.body).not.toMatch(/<script/i);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toMatch(/default-src 'none'/);
    expect(csp).toMatch(/style-src 'sha256-[A-Za-z0-9+/=]+'(;|$)/);
    expect(csp).toContain(`form-action 'self' ${PANEL};`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(page.headers['cache-control']).toBe('no-store');
    // The policy's hash is the page's stylesheet's.
    const style = /<style>([\s\S]*?)<\/style>/.exec(page.body)![1];
    const { createHash } = await import('node:crypto');
    expect(csp).toContain(`'sha256-${createHash('sha256').update(style).digest('base64')}'`);
  });

  it('escapes what users wrote: a description or e-mail cannot add markup', async () => {
    const { open } = await build();
    const { page } = await open({ description: '<script>alert("x")</script> & <b>more</b>', email: '"><img src=x onerror=alert(1)>@example.com' });
    expect(page.body).not.toContain('<script>alert');
    expect(page.body).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;b&gt;more&lt;/b&gt;');
    expect(page.body).not.toContain('<img src=x');
    expect(page.body).toContain('&quot;&gt;&lt;img src=x onerror=alert(1)&gt;@example.com');
  });

  it('speaks the payer’s language', async () => {
    const { open } = await build();
    const { page } = await open({ locale: 'jp', currency: 'JPY', amount: '1000.00' });
    expect(page.body).toContain('<html lang="ja">');
    expect(page.body).toContain('カード番号');
    expect(page.body).toContain('JPY');
    expect((await open({ locale: 'ru' })).page.body).toContain('Номер карты');
  });

  it('refuses a tampered token, and sends an expired one back to the panel', async () => {
    const { open, post, tick } = await build();
    const { token } = await open();
    const tampered = await post('/sandbox-gateway/checkout', { token: `${token.slice(0, 10)}A${token.slice(11)}` });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.body).toContain('This payment link is not valid');
    expect((await post('/sandbox-gateway/checkout', {})).statusCode).toBe(400);
    tick(3_600_001);
    const expired = await post('/sandbox-gateway/checkout', { token });
    expect(expired.statusCode).toBe(410);
    expect(expired.body).toContain('This payment page has expired');
    expect(expired.body).toContain(`href="${PANEL}/add-funds/error?payment=10042"`);
  });

  it('takes only small urlencoded forms', async () => {
    const { post, open } = await build();
    const { token } = await open();
    expect((await post('/sandbox-gateway/checkout', { token, padding: 'x'.repeat(40_000) })).statusCode).toBe(413);
  });

  it('will not serve another gateway', async () => {
    const other = Fastify();
    await expect(other.register(sandboxGatewayRoutes, { gateway: createStripeGateway({ secretKey: 'sk_test_x', webhookSecret: 'whsec_x' }), deliver: async () => {} }).ready()).rejects.toThrow(
      /createSandboxGateway.*stripe/,
    );
    await other.close();
  });
});

describe('paying on the hosted page', () => {
  it.each([
    ['4242 4242 4242 4242', 'success', { type: 'payment.succeeded', cardLast4: '4242' }],
    ['5555 5555 5555 4444', 'success', { type: 'payment.succeeded', cardLast4: '4444' }],
    ['4000 0000 0000 0341', 'success', { type: 'payment.succeeded', cardLast4: '0341' }],
    ['4000 0000 0000 0002', 'error', { type: 'payment.failed', failureReason: 'Your card was declined.' }],
    ['4000 0000 0000 9995', 'error', { type: 'payment.failed', failureReason: 'Your card has insufficient funds.' }],
  ])('%s: the browser goes to the %s URL and the outcome goes to deliver', async (number, landing, expected) => {
    const { open, pay, events } = await build();
    const { token, ref } = await open();
    const paid = await pay(token, number);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`${PANEL}/add-funds/${landing}?payment=10042`);
    expect(events).toEqual([{ eventId: expect.stringMatching(/^sbx_evt_/), paymentId: 10042, ref, ...expected }]);
    expect(JSON.stringify(events)).not.toContain(number.replace(/ /g, '').slice(0, 12));
  });

  it('a card kept for top-ups comes back as a customerRef the gateway can charge', async () => {
    const { open, pay, events, gateway } = await build();
    const { token, page } = await open({ saveForRecurring: true });
    expect(page.body).toContain('The card will be kept for automatic top-ups.');
    await pay(token, '4242424242424242');
    const charged = await gateway.chargeSaved({ customerRef: events[0].customerRef!, paymentId: 10050, amount: '25.00', currency: 'USD', description: 'Top-up' });
    expect(charged.status).toBe('succeeded');
  });

  it('a card that asks for a confirmation shows the bank page: the right code pays', async () => {
    const { open, pay, post, events } = await build();
    const { token } = await open();
    const asked = await pay(token, '4000 0000 0000 3220');
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toContain('Enter the code 123456 sent by your bank');
    expect(asked.body).toContain('ending in 3220');
    expect(events).toEqual([]);
    const challenge = hiddenValue(asked.body, 'challenge')!;
    const confirmed = await post('/sandbox-gateway/challenge', { challenge, code: '123456' });
    expect(confirmed.statusCode).toBe(303);
    expect(confirmed.headers.location).toBe(`${PANEL}/add-funds/success?payment=10042`);
    expect(events.map((e) => e.type)).toEqual(['payment.succeeded']);
  });

  it('a wrong code fails the payment, and the challenge cannot be answered again', async () => {
    const { open, pay, post, events } = await build();
    const { token } = await open();
    const challenge = hiddenValue((await pay(token, '4000000000003220')).body, 'challenge')!;
    const wrong = await post('/sandbox-gateway/challenge', { challenge, code: '000000' });
    expect(wrong.headers.location).toBe(`${PANEL}/add-funds/error?payment=10042`);
    expect(events).toEqual([expect.objectContaining({ type: 'payment.failed', failureReason: expect.stringMatching(/confirmation code was wrong/) })]);
    const again = await post('/sandbox-gateway/challenge', { challenge, code: '123456' });
    expect(again.headers.location).toBe(`${PANEL}/add-funds/error?payment=10042`);
    expect(events).toHaveLength(1);
    expect((await post('/sandbox-gateway/challenge', { challenge: token, code: '123456' })).statusCode).toBe(400);
  });

  it('a form error shows the page again with what was typed, but never the card number', async () => {
    const { open, pay, events } = await build();
    const { token } = await open();
    const bad = await pay(token, '4111 1111 1111 1112', { expiry: '04/30', name: 'Alex <Morgan>', cvc: '987' });
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain('Check the card details below.');
    expect(bad.body).toContain('This card number is not valid.');
    expect(bad.body).toContain('This card has expired.');
    expect(bad.body).toContain('value="04/30"');
    expect(bad.body).toContain('value="Alex &lt;Morgan&gt;"');
    expect(bad.body).toContain('•••• 1112');
    expect(bad.body).toContain('the card ending in 1112');
    expect(bad.body.replace(/\s/g, '')).not.toContain('411111111111');
    expect(bad.body).not.toContain('987');
    expect(bad.body).toMatch(/id="number"[^>]*aria-invalid="true"/);
    expect(hiddenValue(bad.body, 'token')).toBe(token);
    expect(events).toEqual([]);
    // Fixed, the same page pays.
    expect((await pay(token, '4242 4242 4242 4242')).statusCode).toBe(303);
    expect(events).toHaveLength(1);
  });

  it('a second submit of a finished checkout lands where the first did and pays nothing more', async () => {
    const { open, pay, post, events } = await build();
    const { token } = await open();
    const [first, second] = await Promise.all([pay(token, '4242424242424242'), pay(token, '4242424242424242')]);
    expect([first.headers.location, second.headers.location]).toEqual([`${PANEL}/add-funds/success?payment=10042`, `${PANEL}/add-funds/success?payment=10042`]);
    const declined = await pay(token, '4000000000000002');
    expect(declined.headers.location).toBe(`${PANEL}/add-funds/success?payment=10042`);
    expect((await post('/sandbox-gateway/checkout', { token })).headers.location).toBe(`${PANEL}/add-funds/success?payment=10042`);
    expect(events).toHaveLength(1);
  });

  it('when the outcome cannot be handed to the panel nothing is charged, and the payer may try again', async () => {
    const { open, pay, events, state } = await build();
    const { token } = await open();
    state.failDelivery = true;
    const failed = await pay(token, '4242424242424242');
    expect(failed.statusCode).toBe(503);
    expect(failed.body).toContain('Nothing was charged');
    state.failDelivery = false;
    expect((await pay(token, '4242424242424242')).statusCode).toBe(303);
    expect(events).toHaveLength(1);
  });

  it('refuses to pay with an expired page', async () => {
    const { open, pay, events, tick } = await build();
    const { token } = await open();
    tick(3_600_001);
    expect((await pay(token, '4242424242424242')).statusCode).toBe(410);
    expect(events).toEqual([]);
  });
});
