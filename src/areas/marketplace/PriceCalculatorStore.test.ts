import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ValidationError } from '../../../engine/api';
import type { FlatDeal } from '../../../generated/types';
import { PriceCalculatorStore } from './PriceCalculatorStore';

const DEAL: Pick<FlatDeal, 'id' | 'limits' | 'limit_type' | 'limit_value'> = {
  id: 7,
  limit_type: 'impressions',
  limit_value: 100_000,
  limits: [
    { limit_type: 'impressions', rate: '2.5000', per: 1000, min_value: 50_000, max_value: 1_000_000 },
    { limit_type: 'days', rate: '40.0000', per: 1, min_value: 7, max_value: 30 },
  ],
};

function fakeApi(answer?: (body: { limit_type: string; limit_value: number }) => unknown) {
  const calls: { body: { limit_type: string; limit_value: number }; signal: AbortSignal }[] = [];
  const post = vi.fn(async (_url: string, body: { limit_type: string; limit_value: number }, options: { signal: AbortSignal }) => {
    calls.push({ body, signal: options.signal });
    const data = answer ? answer(body) : { ...body, price: `${body.limit_value}.00`, currency: 'USD' };
    if (data instanceof Error) throw data;
    return { data };
  });
  return { api: { post } as never, calls };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('PriceCalculatorStore', () => {
  it('starts from the listed package and prices the last amount typed once typing rests, cancelling older requests', async () => {
    const { api, calls } = fakeApi();
    const store = new PriceCalculatorStore(api, DEAL, 300);
    void store.price();
    await vi.runAllTimersAsync();
    expect(store.quote?.limit_value).toBe(100_000);
    store.setAmount('120000');
    await vi.advanceTimersByTimeAsync(100);
    store.setAmount('150 000');
    expect(store.pricing).toBe(true);
    await vi.runAllTimersAsync();
    expect(calls.map((c) => c.body.limit_value)).toEqual([100_000, 150_000]);
    expect(store.quote?.price).toBe('150000.00');
    expect(store.pricing).toBe(false);
  });

  it('says when the amount is out of range without asking, and starts another limit type from its smallest package', async () => {
    const { api, calls } = fakeApi();
    const store = new PriceCalculatorStore(api, DEAL, 300);
    store.setAmount('10');
    await vi.runAllTimersAsync();
    expect([store.outOfRange, store.quote, calls.length]).toEqual([true, null, 0]);
    store.setLimitType('days');
    expect(store.amount).toBe('7');
    await vi.runAllTimersAsync();
    expect(calls.map((c) => c.body)).toEqual([{ limit_type: 'days', limit_value: 7 }]);
  });

  it('follows a form holding the package: both fields at once, priced once, unchanged values ask nothing', async () => {
    const { api, calls } = fakeApi();
    const store = new PriceCalculatorStore(api, DEAL, 300);
    store.setPackage('days', '14');
    store.setPackage('days', '14');
    await vi.runAllTimersAsync();
    expect(calls.map((c) => c.body)).toEqual([{ limit_type: 'days', limit_value: 14 }]);
    expect(store.quote?.price).toBe('14.00');
  });

  it("shows the server's refusal, and clears it with the next price", async () => {
    let refuse = true;
    const { api } = fakeApi((body) => (refuse ? new ValidationError({ limit_value: ['Choose from 7 to 30.'] }) : { ...body, price: '1.00', currency: 'USD' }));
    const store = new PriceCalculatorStore(api, DEAL, 300);
    await store.price();
    expect(store.problem).toBe('Choose from 7 to 30.');
    refuse = false;
    store.setAmount('60000');
    await vi.runAllTimersAsync();
    expect([store.problem, store.quote?.price]).toEqual([null, '1.00']);
    store.dispose();
  });
});
