import { describe, expect, it } from 'vitest';
import { ValidationError, type RequestConfig } from '../../../engine/api';
import { TopUpStore } from './TopUpStore';
import { CARD, PAYPAL } from './testMethods';

const KEPT = { id: 5, change_amount: '500.00', threshold: '100.00', customer_id: 'cus_…4242', payment_method_id: 1, card_last4: '4242', failed_at: null };

function setup(answer: (config: RequestConfig) => unknown) {
  const calls: RequestConfig[] = [];
  const api = {
    request: async <T,>(config: RequestConfig) => {
      calls.push(config);
      return { data: (await answer(config)) as T, status: 200, headers: {} };
    },
  };
  return { store: new TopUpStore(api, () => [CARD, PAYPAL]), calls };
}

describe('TopUpStore', () => {
  it('offers only methods that keep a card, and starts the form from what is set', async () => {
    const { store } = setup(() => ({ data: KEPT }));
    expect(store.recurringMethods.map((m) => m.id)).toEqual([1]);
    await store.loader.run();
    expect([store.methodId, store.changeAmount, store.threshold, store.current?.card_last4]).toEqual([1, '500.00', '100.00', '4242']);
    const none = setup(() => ({ data: null })).store;
    await none.loader.run();
    expect([none.current, none.methodId, none.changeAmount]).toEqual([null, 1, '']);
  });

  it('checks the amount against the method’s bounds before saving, and saves with PUT', async () => {
    const { store, calls } = setup((c) => (c.method === 'PUT' ? { data: { ...KEPT, change_amount: '700.00' } } : { data: null }));
    await store.loader.run();
    store.set('change_amount', '10');
    store.set('threshold', '');
    expect(await store.save()).toBe(false);
    expect(store.errors).toEqual({ change_amount: { client: { kind: 'min', limit: '50.00' } }, threshold: { client: { kind: 'required' } } });
    store.set('change_amount', '700');
    store.set('threshold', '50');
    expect(store.errors).toEqual({});
    expect(await store.save()).toBe(true);
    expect(calls.at(-1)).toMatchObject({ method: 'PUT', url: 'payment-subscriptions', data: { payment_method_id: 1, change_amount: '700', threshold: '50' } });
    expect([store.saved, store.current?.change_amount]).toEqual(['saved', '700.00']);
  });

  it('shows the server’s refusal under its field, and turns the top-up off with DELETE', async () => {
    let refuse = true;
    const { store, calls } = setup((c) => {
      if (c.method === 'PUT' && refuse) throw new ValidationError({ payment_method_id: ['Pay once with this card and tick “keep the card” first.'] }, 422);
      return { data: c.method === 'GET' ? KEPT : null };
    });
    await store.loader.run();
    expect(await store.save()).toBe(false);
    expect(store.errors.payment_method_id).toEqual({ server: 'Pay once with this card and tick “keep the card” first.' });
    refuse = false;
    expect(await store.remove()).toBe(true);
    expect(calls.at(-1)).toMatchObject({ method: 'DELETE', url: 'payment-subscriptions' });
    expect([store.current, store.saved, store.busy]).toEqual([null, 'removed', null]);
  });
});
