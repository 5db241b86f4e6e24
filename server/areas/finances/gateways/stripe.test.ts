/**
 * The Stripe adapter, offline: webhooks signed with the SDK's own test helper, and the API played by a tiny local
 * HTTP server the SDK is pointed at (host, port, protocol), so the exact parameters sent are what is checked.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WebhookRejected, type CheckoutRequest, type Gateway } from './gateway';
import { checkoutRequest } from './checkoutRequest.fixture';
import { createStripeGateway } from './stripe';

const WEBHOOK_SECRET = 'whsec_test_secret';
const NOW = new Date('2030-05-10T12:00:00Z');

interface Seen {
  method: string;
  path: string;
  query: URLSearchParams;
  form: URLSearchParams;
  headers: IncomingMessage['headers'];
}

/** What the fake Stripe answers a request with. */
type Answer = (seen: Seen) => { status: number; body: unknown };

let server: Server;
let port: number;
let seen: Seen[] = [];
let answer: Answer;

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const request = { method: req.method ?? '', path: url.pathname, query: url.searchParams, form: new URLSearchParams(raw), headers: req.headers };
      seen.push(request);
      const { status, body } = answer(request);
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_test' });
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen = [];
  answer = () => ({ status: 500, body: { error: { type: 'api_error', message: 'not played' } } });
});

const client = () => new Stripe('sk_test_offline', { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 });
const gateway = (): Gateway => createStripeGateway({ secretKey: 'sk_test_offline', webhookSecret: WEBHOOK_SECRET, client: client(), now: () => NOW });

const request = (over: Partial<CheckoutRequest> = {}) => checkoutRequest({ locale: 'jp', ...over });

const SESSION_URL = 'https://checkout.stripe.com/c/pay/cs_test_a1#fidkdWxOYHwnPyd1blpxYHZxWjA0';
const sessionAnswer: Answer = () => ({ status: 200, body: { id: 'cs_test_a1', object: 'checkout.session', url: SESSION_URL } });

describe('Stripe checkout', () => {
  it('opens a Checkout Session for the exact amount in cents and sends the browser to its URL', async () => {
    answer = sessionAnswer;
    const checkout = await gateway().createCheckout(request());
    expect(checkout).toEqual({ ref: 'cs_test_a1', form: { action: SESSION_URL, method: 'GET', fields: {} } });
    expect(seen).toHaveLength(1);
    const [call] = seen;
    expect(call.method).toBe('POST');
    expect(call.path).toBe('/v1/checkout/sessions');
    expect(call.headers.authorization).toBe('Bearer sk_test_offline');
    expect(Object.fromEntries(call.form)).toEqual({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '125050',
      'line_items[0][price_data][product_data][name]': 'AdNet: P-10042',
      client_reference_id: '10042',
      'metadata[payment_id]': '10042',
      'metadata[payment_number]': 'P-10042',
      'metadata[save_card]': 'false',
      'payment_intent_data[description]': 'AdNet: P-10042',
      'payment_intent_data[metadata][payment_id]': '10042',
      'payment_intent_data[metadata][payment_number]': 'P-10042',
      customer_email: 'alex@example.com',
      locale: 'ja',
      success_url: 'https://adnet.example/add-funds/success?payment=10042',
      cancel_url: 'https://adnet.example/add-funds/error?payment=10042',
    });
  });

  it('keeps the card for recurring top-ups when asked: a customer and off-session future usage', async () => {
    answer = sessionAnswer;
    await gateway().createCheckout(request({ saveForRecurring: true, email: '', locale: 'xx' }));
    const form = seen[0].form;
    expect(form.get('payment_intent_data[setup_future_usage]')).toBe('off_session');
    expect(form.get('customer_creation')).toBe('always');
    expect(form.get('metadata[save_card]')).toBe('true');
    expect(form.has('customer_email')).toBe(false);
    expect(form.get('locale')).toBe('auto');
  });

  it.each([
    ['1000', 'JPY', '1000', 'jpy'],
    ['1000.00', 'JPY', '1000', 'jpy'],
    ['0.10', 'USD', '10', 'usd'],
    ['19.99', 'EUR', '1999', 'eur'],
    ['1.5', 'KWD', '1500', 'kwd'],
  ])('charges %s %s as %s in the smallest unit', async (amount, currency, units, lower) => {
    answer = sessionAnswer;
    await gateway().createCheckout(request({ amount, currency }));
    expect(seen[0].form.get('line_items[0][price_data][unit_amount]')).toBe(units);
    expect(seen[0].form.get('line_items[0][price_data][currency]')).toBe(lower);
  });

  it('refuses an amount the currency cannot charge exactly, without calling Stripe', async () => {
    await expect(gateway().createCheckout(request({ amount: '1000.50', currency: 'JPY' }))).rejects.toThrow(/JPY has no minor unit/);
    expect(seen).toHaveLength(0);
  });

  it('passes Stripe’s failure on (the panel answers 502)', async () => {
    await expect(gateway().createCheckout(request())).rejects.toThrow(/not played/);
  });
});

/** A Stripe event of `type` about `object`, signed as Stripe signs it at `at`. */
function signed(type: string, object: Record<string, unknown>, at = NOW, secret = WEBHOOK_SECRET) {
  const body = JSON.stringify({ id: `evt_${type.replace(/\W/g, '_')}`, object: 'event', type, data: { object } });
  const header = client().webhooks.generateTestHeaderString({ payload: body, secret, timestamp: Math.floor(at.getTime() / 1000) });
  return { body: Buffer.from(body), headers: { 'stripe-signature': header } };
}

const session = (over: Record<string, unknown> = {}) => ({
  id: 'cs_test_a1',
  object: 'checkout.session',
  client_reference_id: '10042',
  metadata: { payment_id: '10042', payment_number: 'P-10042', save_card: 'false' },
  payment_status: 'paid',
  customer: null,
  ...over,
});

describe('Stripe webhooks', () => {
  const verify = (e: { body: Buffer; headers: Record<string, string> }) => gateway().verifyWebhook(e.body, e.headers);

  it('maps each event the panel acts on', () => {
    const base = { paymentId: 10042, ref: 'cs_test_a1' };
    expect(verify(signed('checkout.session.completed', session()))).toEqual({ ...base, eventId: 'evt_checkout_session_completed', type: 'payment.succeeded' });
    expect(verify(signed('checkout.session.completed', session({ payment_status: 'unpaid' })))).toMatchObject({ ...base, type: 'payment.pending' });
    expect(verify(signed('checkout.session.async_payment_succeeded', session({ payment_status: 'paid' })))).toMatchObject({ ...base, type: 'payment.succeeded' });
    expect(verify(signed('checkout.session.async_payment_failed', session({ payment_status: 'unpaid' })))).toMatchObject({ ...base, type: 'payment.failed', failureReason: expect.any(String) });
    expect(verify(signed('checkout.session.expired', session({ payment_status: 'unpaid' })))).toMatchObject({ ...base, type: 'payment.failed', failureReason: expect.stringMatching(/expired/) });
    const refund = { id: 'ch_1', object: 'charge', payment_intent: 'pi_1', refunded: true, amount: 125050, amount_refunded: 125050, metadata: { payment_id: '10042' } };
    expect(verify(signed('charge.refunded', refund))).toEqual({ eventId: 'evt_charge_refunded', type: 'payment.refunded', paymentId: 10042, ref: 'pi_1' });
  });

  it('carries the customer of a session that kept the card', () => {
    const kept = session({ customer: 'cus_kept', metadata: { payment_id: '10042', save_card: 'true' } });
    expect(verify(signed('checkout.session.completed', kept))).toMatchObject({ type: 'payment.succeeded', customerRef: 'cus_kept' });
    expect(verify(signed('checkout.session.completed', session({ customer: 'cus_guest' })))).not.toHaveProperty('customerRef');
  });

  it('ignores events that are not about a payment of ours', () => {
    expect(verify(signed('payment_intent.succeeded', { id: 'pi_1', object: 'payment_intent', metadata: { payment_id: '10042' } }))).toBeNull();
    expect(verify(signed('customer.created', { id: 'cus_1', object: 'customer' }))).toBeNull();
    expect(verify(signed('checkout.session.completed', session({ client_reference_id: null, metadata: {} })))).toBeNull();
    expect(verify(signed('checkout.session.completed', session({ client_reference_id: 'order-7', metadata: {} })))).toBeNull();
    expect(verify(signed('checkout.session.completed', session({ payment_status: 'no_payment_required' })))).toBeNull();
    // A partial refund is left to staff.
    expect(verify(signed('charge.refunded', { id: 'ch_1', object: 'charge', refunded: false, amount: 100, amount_refunded: 50, metadata: { payment_id: '10042' } }))).toBeNull();
  });

  it('rejects a delivery Stripe did not sign, a stale one, and one without its header', () => {
    const good = signed('checkout.session.completed', session());
    expect(() => verify(signed('checkout.session.completed', session(), NOW, 'whsec_someone_else'))).toThrow(WebhookRejected);
    expect(() => verify(signed('checkout.session.completed', session(), new Date(NOW.getTime() - 301_000)))).toThrow(WebhookRejected);
    expect(() => verify({ body: Buffer.from(good.body.toString().replace('10042', '10043')), headers: good.headers })).toThrow(WebhookRejected);
    expect(() => verify({ body: good.body, headers: {} })).toThrow(/No Stripe-Signature/);
    expect(() => gateway().verifyWebhook(good.body, { 'stripe-signature': [good.headers['stripe-signature']] })).toThrow(WebhookRejected);
    expect(verify(good)).not.toBeNull();
  });
});

describe('Stripe saved cards', () => {
  const charge = () => gateway().chargeSaved({ customerRef: 'cus_kept', paymentId: 10050, amount: '250.00', currency: 'EUR', description: 'AdNet: P-10050' });
  const cards: Answer = () => ({ status: 200, body: { object: 'list', url: '/v1/customers/cus_kept/payment_methods', has_more: false, data: [{ id: 'pm_card', object: 'payment_method', type: 'card' }] } });

  it('charges the customer’s card off-session and confirms at once', async () => {
    answer = (s) => (s.method === 'GET' ? cards(s) : { status: 200, body: { id: 'pi_ok', object: 'payment_intent', status: 'succeeded' } });
    expect(await charge()).toEqual({ ref: 'pi_ok', status: 'succeeded' });
    expect(seen.map((s) => `${s.method} ${s.path}`)).toEqual(['GET /v1/customers/cus_kept/payment_methods', 'POST /v1/payment_intents']);
    expect(Object.fromEntries(seen[1].form)).toEqual({
      amount: '25000',
      currency: 'eur',
      customer: 'cus_kept',
      payment_method: 'pm_card',
      off_session: 'true',
      confirm: 'true',
      description: 'AdNet: P-10050',
      'metadata[payment_id]': '10050',
    });
  });

  it('a declined card fails with Stripe’s decline message', async () => {
    answer = (s) =>
      s.method === 'GET'
        ? cards(s)
        : {
            status: 402,
            body: { error: { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.', payment_intent: { id: 'pi_declined', object: 'payment_intent', status: 'requires_payment_method' } } },
          };
    expect(await charge()).toEqual({ ref: 'pi_declined', status: 'failed', failureReason: 'Your card has insufficient funds.' });
  });

  it('a card that needs the holder fails asking them to pay once themselves; a bank still deciding is pending', async () => {
    answer = (s) => (s.method === 'GET' ? cards(s) : { status: 402, body: { error: { type: 'card_error', code: 'authentication_required', message: 'This payment requires authentication.', payment_intent: { id: 'pi_auth', object: 'payment_intent' } } } });
    expect(await charge()).toMatchObject({ ref: 'pi_auth', status: 'failed', failureReason: expect.stringMatching(/confirm/) });
    answer = (s) => (s.method === 'GET' ? cards(s) : { status: 200, body: { id: 'pi_slow', object: 'payment_intent', status: 'processing' } });
    expect(await charge()).toEqual({ ref: 'pi_slow', status: 'pending' });
  });

  it('a customer without a card fails without charging; an outage is thrown for the caller to retry', async () => {
    answer = () => ({ status: 200, body: { object: 'list', has_more: false, data: [] } });
    expect(await charge()).toMatchObject({ status: 'failed', failureReason: expect.stringMatching(/No card/) });
    expect(seen).toHaveLength(1);
    answer = (s) => (s.method === 'GET' ? cards(s) : { status: 500, body: { error: { type: 'api_error', message: 'Stripe is down' } } });
    await expect(charge()).rejects.toThrow(/Stripe is down/);
  });
});
