import { describe, expect, it } from 'vitest';
import { isPriced, priceOf, type PriceRules } from './pricing';

const rules: PriceRules = {
  limits: [
    { limit_type: 'impressions', rate: '2.3500', per: 1000, min_value: 10_000, max_value: 2_000_000 },
    { limit_type: 'clicks', rate: '0.0730', per: 1, min_value: 100, max_value: 50_000 },
    { limit_type: 'days', rate: '41.1700', per: 1, min_value: 7, max_value: 60 },
  ],
  volumeDiscounts: [
    { times_minimum: 5, percent: '5.00' },
    { times_minimum: 10, percent: '12.50' },
  ],
};

/** The rule written out again with integers only: rate in 1/10000, money in cents, halves rounded up. */
function byHand(rate4: bigint, per: bigint, value: bigint, percent2: bigint) {
  const halfUp = (n: bigint, d: bigint) => (2n * n + d) / (2n * d);
  const subtotal = halfUp(value * rate4, per * 100n);
  const discount = halfUp(subtotal * percent2, 10_000n);
  return { subtotal, discount, price: subtotal - discount };
}
const cents = (money: string) => BigInt(money.replace('.', ''));

describe('priceOf', () => {
  it('prices a package below the first discount step at rate × value / per, to the cent', () => {
    expect(priceOf(rules, 'impressions', 12_345)).toEqual({
      limit_type: 'impressions',
      limit_value: 12_345,
      rate: '2.3500',
      per: 1000,
      subtotal: '29.01', // 29.01075
      discount_percent: '0.00',
      discount: '0.00',
      price: '29.01',
    });
  });

  it('rounds half up at the cent and takes the largest discount step reached', () => {
    // 0.073 × 1,000 clicks = 73.00; 10 × the minimum: 12.5 % = 9.125 → 9.13
    expect(priceOf(rules, 'clicks', 1_000)).toMatchObject({ subtotal: '73.00', discount_percent: '12.50', discount: '9.13', price: '63.87' });
    // 5 × the minimum of 7 days is 35 days: 5 %
    expect(priceOf(rules, 'days', 35)).toMatchObject({ subtotal: '1440.95', discount_percent: '5.00', discount: '72.05', price: '1368.90' });
    expect(priceOf(rules, 'days', 34)).toMatchObject({ discount_percent: '0.00', price: '1399.78' });
  });

  it('matches the rule written with integers over every size of a range, with no float drift', () => {
    for (let value = 10_000; value <= 2_000_000; value += 9_973) {
      const quote = priceOf(rules, 'impressions', value);
      if (!isPriced(quote)) throw new Error(`no price for ${value}`);
      const percent = value >= 100_000 ? 1250n : value >= 50_000 ? 500n : 0n;
      const expected = byHand(23_500n, 1000n, BigInt(value), percent);
      expect([cents(quote.subtotal), cents(quote.discount), cents(quote.price)]).toEqual([expected.subtotal, expected.discount, expected.price]);
    }
  });

  it('names the field at fault for a limit type the deal does not sell or a size out of range', () => {
    const onlyDays = { ...rules, limits: rules.limits.filter((l) => l.limit_type === 'days') };
    const wrongType = priceOf(onlyDays, 'clicks', 500);
    expect(isPriced(wrongType) ? null : [wrongType.field, String(wrongType.message)]).toEqual(['limit_type', 'Choose one of: days']);
    for (const value of [6, 61, 7.5]) {
      const out = priceOf(rules, 'days', value);
      expect(isPriced(out) ? null : [out.field, String(out.message)]).toEqual(['limit_value', 'Choose from 7 to 60.']);
    }
  });
});
