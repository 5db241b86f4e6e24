import { describe, expect, it } from 'vitest';
import { MAXIMUM_PRICE, priceOutOfBounds, steppedPrice } from './price';

describe('campaign price bounds', () => {
  it('checks the minimum of the pricing model and the maximum of the price call', () => {
    expect(priceOutOfBounds('cpc', '0.0049')).toBe('below_minimum');
    expect(priceOutOfBounds('cpc', '0.005')).toBeNull();
    expect(priceOutOfBounds('cpm', '1000000000')).toBe('above_maximum');
  });

  it('steps by exactly 10 %, rounded half up to 4 decimals', () => {
    expect(steppedPrice('cpm', '1.2500', 'up')).toBe('1.3750');
    expect(steppedPrice('cpm', '1.3750', 'up')).toBe('1.5125');
    expect(steppedPrice('cpm', '0.0555', 'down')).toBe('0.0500');
    expect(steppedPrice('cpm', '0.0557', 'down')).toBe('0.0501');
    expect(steppedPrice('cpa', '0.1235', 'up')).toBe('0.1359');
  });

  it('stops at a bound and never moves against the step', () => {
    expect(steppedPrice('cpc', '0.0052', 'down')).toBe('0.0050');
    expect(steppedPrice('cpc', '0.0050', 'down')).toBe('0.0050');
    // Saved before the minimum rose: lowering it must not raise it to the minimum.
    expect(steppedPrice('cpc', '0.0040', 'down')).toBe('0.0040');
    expect(steppedPrice('cpm', '999999000', 'up')).toBe(MAXIMUM_PRICE);
  });
});
