import { describe, expect, it } from 'vitest';
import { adjustedPrice } from './priceAdjust';

describe('adjustedPrice', () => {
  it('steps up by the ratio, rounding up to 4 places, and stops at the recommended price or the maximum, whichever is lower', () => {
    expect(adjustedPrice('1.0000', '2.0000', 10, '5.0000')).toBe('1.1000');
    expect(adjustedPrice('0.0001', '2.0000', 10, '5.0000')).toBe('0.0002');
    expect(adjustedPrice('1.9000', '2.0000', 10, '5.0000')).toBe('2.0000');
    expect(adjustedPrice('1.0000', '2.0000', 50, '1.2000')).toBe('1.2000');
  });

  it('never lowers a price that is already at or above the ceiling', () => {
    expect(adjustedPrice('3.0000', '2.0000', 10, '5.0000')).toBe('3.0000');
    expect(adjustedPrice('2', '2.0000', 10, '5.0000')).toBe('2.0000');
  });
});
