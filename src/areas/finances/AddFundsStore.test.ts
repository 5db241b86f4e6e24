import { describe, expect, it, vi } from 'vitest';
import { ApiError, ValidationError } from '../../../engine/api';
import type { RequestConfig } from '../../../engine/api';
import { AddFundsStore } from './AddFundsStore';
import { IdempotencyKeys } from './idempotencyKey';
import { CARD, PAYPAL, WIRE } from './testMethods';

const FORM = { action: 'http://localhost/sandbox-gateway/checkout', method: 'GET' as const, fields: { session: 'cs_1' } };
const payment = (formParams: typeof FORM | null = FORM) => ({ data: { id: 7, status: 'created', form_params: formParams } });

function setup(answer: (config: RequestConfig, n: number) => unknown, { required = true } = {}) {
  const calls: RequestConfig[] = [];
  let n = 0;
  const api = {
    request: async <T,>(config: RequestConfig) => {
      calls.push(config);
      const data = await answer(config, n++);
      return { data: data as T, status: 201, headers: {} };
    },
  };
  const go = vi.fn();
  let key = 0;
  const store = new AddFundsStore(api, { methods: () => [CARD, PAYPAL, WIRE], verificationRequired: () => required, go, keys: new IdempotencyKeys(() => `key-${++key}`) });
  return { store, calls, go };
}

describe('AddFundsStore', () => {
  it('starts from the link’s method and amount, else the first method paid through a gateway', () => {
    const { store } = setup(() => ({ data: { card_verified: true } }));
    store.start(new URLSearchParams('method=2&amount=250.00'));
    expect([store.methodId, store.amount]).toEqual([2, '250.00']);
    const other = setup(() => ({ data: { card_verified: true } })).store;
    other.start(new URLSearchParams('method=99&amount=abc'));
    expect([other.methodId, other.amount]).toEqual([1, '']);
  });

  it('quotes the fee, bonus and credited amount live with the engine’s quote', () => {
    const { store } = setup(() => ({}));
    store.select(1);
    store.setAmount('1000');
    expect(store.quote).toEqual({ amount: '1000.00', fee: '30.00', bonus: '50.00', credited: '1020.00', bonusPercent: '5.00' });
    store.setAmount('1.5.');
    expect(store.quote).toBeNull();
  });

  it('asks for a verified card only for a card, where the network requires one and the user has none', async () => {
    const { store, calls } = setup(() => ({ data: { card_verified: false } }));
    store.start(new URLSearchParams());
    await vi.waitFor(() => expect(store.cardVerified).toBe(false));
    expect(calls[0]).toMatchObject({ method: 'GET', url: 'verifications/card', silent: true });
    expect(store.needsVerification).toBe(true);
    store.select(2);
    expect(store.needsVerification).toBe(false);
    const free = setup(() => ({}), { required: false });
    free.store.start(new URLSearchParams());
    expect(free.calls).toEqual([]);
    expect(free.store.needsVerification).toBe(false);
  });

  it('refuses what it can tell before sending, under the fields, and keeps the input', async () => {
    const { store, calls } = setup(() => payment());
    store.select(1);
    store.setAmount('20');
    expect(await store.submit()).toBe(false);
    expect(store.errors).toEqual({ amount: { client: { kind: 'min', limit: '50.00' } } });
    expect([store.amount, calls.length]).toEqual(['20', 0]);
    store.setAmount('60');
    expect(store.errors).toEqual({});
  });

  it('sends the payment with an Idempotency-Key and submits the gateway’s form', async () => {
    const { store, calls, go } = setup(() => payment());
    store.select(1);
    store.setAmount('500.00');
    store.setSaveCard(true);
    expect(await store.submit()).toBe(true);
    expect(calls[0]).toMatchObject({ method: 'POST', url: 'payments', data: { payment_method_id: 1, amount: '500.00', save_card: true }, headers: { 'Idempotency-Key': 'key-1' } });
    expect(go).toHaveBeenCalledWith(FORM, 'redirect');
    expect(store.leaving).toBe(true);
    // PayPal keeps no card: save_card is neither offered nor sent.
    const paypal = setup(() => payment());
    paypal.store.select(2);
    paypal.store.setSaveCard(true);
    paypal.store.select(2);
    paypal.store.setAmount('100');
    await paypal.store.submit();
    expect(paypal.calls[0].data).toEqual({ payment_method_id: 2, amount: '100' });
  });

  it('retries the same request with the same key after a failure, and a changed one with a new key', async () => {
    const { store, calls } = setup((_c, n) => {
      if (n < 2) throw new ApiError('The payment service did not answer. Try again in a few minutes.', 502, null);
      return payment();
    });
    store.select(1);
    store.setAmount('500');
    expect(await store.submit()).toBe(false);
    expect(store.failure).toBe('The payment service did not answer. Try again in a few minutes.');
    expect(await store.submit()).toBe(false);
    store.setAmount('600');
    expect(await store.submit()).toBe(true);
    expect(calls.map((c) => c.headers?.['Idempotency-Key'])).toEqual(['key-1', 'key-1', 'key-2']);
  });

  it('puts the server’s 422 messages under their fields and the rest above the form', async () => {
    const { store } = setup(() => {
      throw new ValidationError({ payment_method_id: ['Your card is not verified.'], amount: ['Too much'], idempotency_key: ['Used for another payment'] }, 422);
    });
    store.select(1);
    store.setAmount('500');
    await store.submit();
    expect(store.errors).toEqual({ payment_method_id: { server: 'Your card is not verified.' }, amount: { server: 'Too much' } });
    expect(store.failure).toBe('Used for another payment');
    expect([store.submitting, store.amount]).toEqual([false, '500']);
  });

  it('asks again whether the card is verified when the server refuses the card, and is no longer busy when the page comes back', async () => {
    const { store, calls } = setup((config) => {
      if (config.method === 'POST') throw new ValidationError({ payment_method_id: ['Verify your card first.'] }, 422);
      return { data: { card_verified: calls.filter((c) => c.url === 'verifications/card').length < 2 } };
    });
    store.start(new URLSearchParams('method=1&amount=100'));
    await vi.waitFor(() => expect(store.cardVerified).toBe(true));
    await store.submit();
    await vi.waitFor(() => expect(store.needsVerification).toBe(true));
    store.resume();
    expect([store.submitting, store.leaving]).toEqual([false, false]);
  });

  it('says so when the payment came back without a page to pay on, and never sends an invoice method', async () => {
    const { store, go } = setup(() => payment(null));
    store.select(1);
    store.setAmount('500');
    expect(await store.submit()).toBe(false);
    expect(store.failure).toMatch(/no page to pay on/);
    expect(go).not.toHaveBeenCalled();
    store.select(3);
    store.setAmount('5000');
    expect(await store.submit()).toBe(false);
  });
});
