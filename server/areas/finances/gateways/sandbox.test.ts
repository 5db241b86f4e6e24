import { describe, expect, it } from 'vitest';
import { WebhookRejected, type CheckoutRequest, type GatewayEvent } from './gateway';
import { checkoutRequest } from './checkoutRequest.fixture';
import { createSandboxGateway, sandboxDelivery, SandboxTokenError, signSandboxWebhook, type SandboxChallenge, type SandboxOutcome } from './sandbox';
import { checkCard, luhnValid, TEST_CARDS } from './testCards';

const SECRET = 'sandbox-test-secret';
const START = new Date('2030-05-10T12:00:00Z');

/** A sandbox on a clock the test moves. */
function sandbox(secret = SECRET) {
  let now = START;
  const gateway = createSandboxGateway({ publicOrigin: 'https://pay.example.test/', secret, now: () => now });
  return { gateway, hosted: gateway.hosted, tick: (ms: number) => (now = new Date(now.getTime() + ms)) };
}

const request = (over: Partial<CheckoutRequest> = {}) => checkoutRequest(over);

const card = (digits: string) => ({ digits, last4: digits.slice(-4) });
const isOutcome = (r: SandboxOutcome | SandboxChallenge): r is SandboxOutcome => 'event' in r;

describe('sandbox checkout tokens', () => {
  it('opens a POST form to the hosted page whose token carries the checkout', async () => {
    const { gateway, hosted } = sandbox();
    const checkout = await gateway.createCheckout(request({ saveForRecurring: true }));
    expect(checkout.ref).toMatch(/^sbx_cs_[0-9a-f]{24}$/);
    expect(checkout.form).toMatchObject({ action: 'https://pay.example.test/sandbox-gateway/checkout', method: 'POST' });
    expect(Object.keys(checkout.form.fields)).toEqual(['token']);
    expect(hosted.readCheckout(checkout.form.fields.token)).toMatchObject({ ...request({ saveForRecurring: true }), id: checkout.ref });
    expect((await gateway.createCheckout(request())).ref).not.toBe(checkout.ref);
  });

  it('refuses a token with any byte changed, signed with another secret, or made of something else', async () => {
    const { gateway, hosted } = sandbox();
    const token = (await gateway.createCheckout(request())).form.fields.token;
    const [payload, mac] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const raised = Buffer.from(JSON.stringify({ ...claims, amount: '1.00' })).toString('base64url');
    const otherSecret = (await sandbox('another-secret').gateway.createCheckout(request())).form.fields.token;
    const flipped = `${payload}.${mac.slice(0, -2)}${mac.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const bad of [`${raised}.${mac}`, flipped, otherSecret, payload, '', 'x.y', `${token}x`]) {
      expect(() => hosted.readCheckout(bad), bad).toThrow(SandboxTokenError);
    }
    expect(() => hosted.readCheckout(token)).not.toThrow();
  });

  it('expires after an hour, and an expired token still knows its way back', async () => {
    const { gateway, hosted, tick } = sandbox();
    const token = (await gateway.createCheckout(request())).form.fields.token;
    tick(59 * 60_000);
    expect(hosted.readCheckout(token).paymentId).toBe(10042);
    tick(60_000);
    const error = (() => {
      try {
        hosted.readCheckout(token);
      } catch (e) {
        return e as SandboxTokenError;
      }
    })();
    expect(error).toBeInstanceOf(SandboxTokenError);
    expect(error).toMatchObject({ reason: 'expired', checkout: { errorUrl: request().errorUrl } });
  });

  it('refuses requests the panel should never make', async () => {
    const { gateway } = sandbox();
    await expect(gateway.createCheckout(request({ amount: '12.345' }))).rejects.toThrow(/amount/);
    await expect(gateway.createCheckout(request({ amount: '0.00' }))).rejects.toThrow(/amount/);
    await expect(gateway.createCheckout(request({ currency: 'usd' }))).rejects.toThrow(/currency/);
    await expect(gateway.createCheckout(request({ errorUrl: 'javascript:alert(1)' }))).rejects.toThrow(/errorUrl/);
    await expect(gateway.createCheckout(request({ successUrl: '/add-funds/success' }))).rejects.toThrow(/successUrl/);
  });
});

describe('sandbox payments', () => {
  it('gives each test card its outcome as an event, and sends the browser to the matching URL', async () => {
    const { gateway, hosted } = sandbox();
    const token = (await gateway.createCheckout(request())).form.fields.token;
    const checkout = hosted.readCheckout(token);
    const outcomes = ['4242424242424242', '4000000000000002', '4000000000009995', '4000000000000341', '5555555555554444'].map((n) => hosted.pay(checkout, token, card(n)));
    expect(outcomes.every(isOutcome)).toBe(true);
    const [ok, declined, poor, later, other] = outcomes as SandboxOutcome[];
    expect(ok).toEqual({ redirect: request().successUrl, event: { eventId: expect.stringMatching(/^sbx_evt_[0-9a-f]{24}$/), type: 'payment.succeeded', paymentId: 10042, ref: checkout.id, cardLast4: '4242' } });
    expect(declined).toMatchObject({ redirect: request().errorUrl, event: { type: 'payment.failed', failureReason: 'Your card was declined.', ref: checkout.id } });
    expect(poor.event).toMatchObject({ type: 'payment.failed', failureReason: 'Your card has insufficient funds.' });
    expect(later.event.type).toBe('payment.succeeded');
    expect(other.event.type).toBe('payment.succeeded');
    expect(new Set(outcomes.map((o) => (o as SandboxOutcome).event.eventId)).size).toBe(5);
  });

  it('asks for the bank code on 4000 0000 0000 3220: 123456 pays, anything else fails', async () => {
    const { gateway, hosted } = sandbox();
    const token = (await gateway.createCheckout(request())).form.fields.token;
    const challenge = hosted.pay(hosted.readCheckout(token), token, card('4000000000003220'));
    expect(isOutcome(challenge)).toBe(false);
    const read = hosted.readChallenge((challenge as SandboxChallenge).token);
    expect(read.last4).toBe('3220');
    expect(hosted.confirm(read, '123 456')).toMatchObject({ redirect: request().successUrl, event: { type: 'payment.succeeded' } });
    expect(hosted.confirm(read, '654321')).toMatchObject({ redirect: request().errorUrl, event: { type: 'payment.failed', failureReason: expect.stringMatching(/code was wrong/) } });
    // A checkout token is no challenge token, and the other way round.
    expect(() => hosted.readChallenge(token)).toThrow(SandboxTokenError);
    expect(() => hosted.readCheckout((challenge as SandboxChallenge).token)).toThrow(SandboxTokenError);
  });

  it('keeps a card for recurring top-ups: the saved card pays later, a card that declines later does not', async () => {
    const { gateway, hosted } = sandbox();
    const token = (await gateway.createCheckout(request({ saveForRecurring: true }))).form.fields.token;
    const checkout = hosted.readCheckout(token);
    const kept = (hosted.pay(checkout, token, card('4242424242424242')) as SandboxOutcome).event.customerRef!;
    const failing = (hosted.pay(checkout, token, card('4000000000000341')) as SandboxOutcome).event.customerRef!;
    expect(kept).toMatch(/^sbx_cus_/);
    expect(kept).not.toContain('4242424242424242');
    expect(Buffer.from(kept.slice(8).split('.')[0], 'base64url').toString()).not.toContain('424242424242');
    const charge = (customerRef: string) => gateway.chargeSaved({ customerRef, paymentId: 10043, amount: '100.00', currency: 'USD', description: 'Top-up' });
    const paid = await charge(kept);
    expect(paid).toEqual({ ref: expect.stringMatching(/^sbx_ch_/), status: 'succeeded' });
    expect(await charge(failing)).toMatchObject({ status: 'failed', failureReason: 'Your card was declined.' });
    expect(await charge(`${kept.slice(0, -3)}abc`)).toMatchObject({ status: 'failed', failureReason: expect.stringMatching(/not known/) });
    expect(await charge('cus_123')).toMatchObject({ status: 'failed' });
    const foreign = (await sandbox('another-secret').gateway.createCheckout(request({ saveForRecurring: true }))).form.fields.token;
    const other = sandbox('another-secret').hosted;
    const foreignRef = (other.pay(other.readCheckout(foreign), foreign, card('4242424242424242')) as SandboxOutcome).event.customerRef!;
    expect((await charge(foreignRef)).status).toBe('failed');
    // Without saveForRecurring no card is kept.
    const plain = (await gateway.createCheckout(request())).form.fields.token;
    expect((hosted.pay(hosted.readCheckout(plain), plain, card('4242424242424242')) as SandboxOutcome).event.customerRef).toBeUndefined();
  });
});

describe('sandbox webhooks', () => {
  const event: GatewayEvent = { eventId: 'sbx_evt_1', type: 'payment.succeeded', paymentId: 10042, ref: 'sbx_cs_1', customerRef: 'sbx_cus_x' };
  const headersOf = (d: { headers: Record<string, string> }) => d.headers;

  it('signs a delivery as Stripe does and verifies it back to the same event', () => {
    const { gateway } = sandbox();
    const delivery = sandboxDelivery(event, SECRET, START);
    expect(delivery.headers['sandbox-signature']).toMatch(new RegExp(`^t=${START.getTime() / 1000},v1=[0-9a-f]{64}$`));
    expect(delivery.headers['content-type']).toBe('application/json');
    expect(gateway.verifyWebhook(Buffer.from(delivery.body), headersOf(delivery))).toEqual(event);
    expect(signSandboxWebhook(delivery.body, SECRET, START)).toBe(delivery.headers['sandbox-signature']);
  });

  it('rejects a missing, malformed, foreign or stale signature, and a changed body', () => {
    const { gateway, tick } = sandbox();
    const { body, headers } = sandboxDelivery(event, SECRET, START);
    const verify = (b: string, h: Record<string, string | string[] | undefined>) => () => gateway.verifyWebhook(Buffer.from(b), h);
    expect(verify(body, {})).toThrow(WebhookRejected);
    expect(verify(body, { 'sandbox-signature': ['a', 'b'] })).toThrow(WebhookRejected);
    expect(verify(body, { 'sandbox-signature': 'v1=abc' })).toThrow(/malformed/);
    expect(verify(body, { 'sandbox-signature': signSandboxWebhook(body, 'not-the-secret', START) })).toThrow(/does not match/);
    expect(verify(body.replace('10042', '10043'), headers)).toThrow(/does not match/);
    tick(299_000);
    expect(verify(body, headers)).not.toThrow();
    tick(2_000);
    expect(verify(body, headers)).toThrow(/too old/);
    expect(verify(body, { 'sandbox-signature': signSandboxWebhook(body, SECRET, new Date(START.getTime() + 3_600_000)) })).toThrow(/future/);
  });

  it('rejects a signed body that is not an event, and ignores an event type it does not know', () => {
    const { gateway } = sandbox();
    const signed = (value: unknown) => {
      const body = typeof value === 'string' ? value : JSON.stringify(value);
      return () => gateway.verifyWebhook(Buffer.from(body), { 'sandbox-signature': signSandboxWebhook(body, SECRET, START) });
    };
    expect(signed('not json')).toThrow(/not JSON/);
    expect(signed([event])).toThrow(/not a sandbox event/);
    expect(signed({ ...event, paymentId: '10042' })).toThrow(/not a sandbox event/);
    expect(signed({ ...event, paymentId: 1.5 })).toThrow(/not a sandbox event/);
    expect(signed({ ...event, ref: '' })).toThrow(/not a sandbox event/);
    expect(signed({ ...event, failureReason: 'x'.repeat(301) })).toThrow(/not a sandbox event/);
    expect(signed({ type: 'payment.succeeded' })).toThrow(/not a sandbox event/);
    expect(signed({ eventId: 'sbx_evt_2', type: 'payment.disputed', paymentId: 1 })()).toBeNull();
    // Unknown fields are dropped, not passed on.
    expect(signed({ ...event, amount: '1000000.00' })()).toEqual(event);
  });
});

describe('test cards', () => {
  it('are Luhn-valid, as every real number is', () => {
    for (const c of TEST_CARDS) expect(luhnValid(c.number), c.number).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
  });

  it('check the form as a processor would, keeping only the last 4 digits of a bad number', () => {
    const now = new Date('2030-05-10T12:00:00Z');
    const good = { number: '4242 4242 4242 4242', expiry: '05/30', cvc: '123', name: 'Alex Morgan' };
    expect(checkCard(good, now)).toEqual({ card: { digits: '4242424242424242', last4: '4242' } });
    expect(checkCard({ ...good, expiry: '5/2030' }, now)).toHaveProperty('card');
    expect(checkCard({ ...good, expiry: '0530' }, now)).toHaveProperty('card');
    expect(checkCard({ ...good, number: '4242 4242 4242 4241' }, now)).toEqual({ problems: { number: 'numberInvalid' }, last4: '4241' });
    expect(checkCard({ ...good, expiry: '04/30' }, now)).toMatchObject({ problems: { expiry: 'expired' } });
    expect(checkCard({ ...good, expiry: '13/30' }, now)).toMatchObject({ problems: { expiry: 'expiryInvalid' } });
    expect(checkCard({ number: '', expiry: '', cvc: '12', name: ' ' }, now)).toEqual({
      problems: { number: 'numberMissing', expiry: 'expiryInvalid', cvc: 'cvcInvalid', name: 'nameMissing' },
      last4: null,
    });
  });
});
