import { describe, expect, it } from 'vitest';
import { quote } from './quote';

const card = { feePercent: '3.00', bonuses: [{ bonusPercent: '5.00', fromAmount: '1000.00' }, { bonusPercent: '10.00', fromAmount: '5000.00' }] };

describe('quote', () => {
  it('keeps the fee and adds the highest bonus tier reached', () => {
    expect(quote('999.99', card)).toEqual({ amount: '999.99', fee: '30.00', bonus: '0.00', credited: '969.99', bonusPercent: '0.00' });
    expect(quote('1000', card)).toEqual({ amount: '1000.00', fee: '30.00', bonus: '50.00', credited: '1020.00', bonusPercent: '5.00' });
    expect(quote('7500.00', card)).toEqual({ amount: '7500.00', fee: '225.00', bonus: '750.00', credited: '8025.00', bonusPercent: '10.00' });
  });

  it('rounds each figure half up to the cent, exactly', () => {
    // 3 % of 33.35 is 1.0005: a float would give 1.0004999…
    expect(quote('33.35', card).fee).toBe('1.00');
    expect(quote('16.75', { feePercent: '4.50', bonuses: [] })).toMatchObject({ fee: '0.75', credited: '16.00' });
    expect(quote('0.1', { feePercent: '0', bonuses: [] }).credited).toBe('0.10');
  });

  it('takes the tiers in any order', () => {
    expect(quote('6000', { feePercent: '0', bonuses: [...card.bonuses].reverse() }).bonusPercent).toBe('10.00');
  });
});
