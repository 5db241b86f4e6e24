import { describe, expect, it } from 'vitest';
import { minorUnitExponent, toMinorUnits } from './minorUnits';

describe('toMinorUnits', () => {
  it('counts the smallest unit exactly, where a float would not', () => {
    expect(toMinorUnits('1250.50', 'USD')).toBe(125050);
    // 1.13 * 100 is 112.99999999999999 and 4.35 * 100 is 434.99999999999994 in binary floating point.
    expect(toMinorUnits('1.13', 'usd')).toBe(113);
    expect(toMinorUnits('4.35', 'EUR')).toBe(435);
    expect(toMinorUnits('0.1', 'EUR')).toBe(10);
    expect(toMinorUnits('999999999999.99', 'USD')).toBe(99999999999999);
    expect(toMinorUnits('1000', 'JPY')).toBe(1000);
    expect(toMinorUnits('1000.00', 'KRW')).toBe(1000);
    expect(toMinorUnits('12.34', 'BHD')).toBe(12340);
    expect(toMinorUnits('1000.00', 'ISK')).toBe(100000);
  });

  it('refuses what cannot be charged exactly', () => {
    expect(() => toMinorUnits('1000.50', 'JPY')).toThrow(/no minor unit/);
    expect(() => toMinorUnits('10.50', 'ISK')).toThrow(/no minor unit/);
    expect(() => toMinorUnits('10.005', 'USD')).toThrow(/2 decimals/);
    for (const bad of ['', '-5', '1e3', '1,5', ' 5', '0', '0.00', '.5', 'NaN']) expect(() => toMinorUnits(bad, 'USD'), bad).toThrow();
  });

  it('knows the exponents', () => {
    expect([minorUnitExponent('USD'), minorUnitExponent('jpy'), minorUnitExponent('KWD')]).toEqual([2, 0, 3]);
  });
});
