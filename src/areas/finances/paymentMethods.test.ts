import { describe, expect, it } from 'vitest';
import { amountProblem, bonusTiers, methodText, nextBonus, quickAmounts } from './paymentMethods';
import { CARD, PAYPAL, WIRE } from './testMethods';

describe('payment methods', () => {
  it('names a method in the user’s language, else English, else the first translation', () => {
    expect(methodText(CARD, 'ru').name).toBe('Банковская карта');
    expect(methodText(PAYPAL, 'jp')).toEqual({ name: 'PayPal', description: 'Your PayPal balance' });
    expect(methodText(WIRE, 'en').name).toBe('Virement');
  });

  it('orders bonus tiers and says how much more reaches the next one', () => {
    expect(bonusTiers(CARD).map((b) => b.from_amount)).toEqual(['1000.00', '5000.00']);
    expect(nextBonus(CARD, '600')).toEqual({ percent: '5.00', from: '1000.00', missing: '400.00' });
    expect(nextBonus(CARD, '1000.00')).toEqual({ percent: '10.00', from: '5000.00', missing: '4000.00' });
    expect(nextBonus(CARD, '7000')).toBeNull();
    expect(nextBonus(PAYPAL, '100')).toBeNull();
  });

  it('offers quick amounts within the bounds: the minimum, round amounts and the bonus thresholds, at most five', () => {
    expect(quickAmounts(CARD)).toEqual(['50.00', '100.00', '250.00', '1000.00', '5000.00']);
    expect(quickAmounts(WIRE)).toEqual(['1000.00', '2500.00', '5000.00']);
  });

  it('checks an amount against the format and the method’s bounds', () => {
    expect(amountProblem(CARD, '')).toEqual({ kind: 'required' });
    expect(amountProblem(CARD, '1.234')).toEqual({ kind: 'format' });
    expect(amountProblem(CARD, '49.99')).toEqual({ kind: 'min', limit: '50.00' });
    expect(amountProblem(CARD, '20000.01')).toEqual({ kind: 'max', limit: '20000.00' });
    expect(amountProblem(CARD, '50')).toBeNull();
    expect(amountProblem(undefined, '5')).toBeNull();
  });
});
