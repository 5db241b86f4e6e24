import { describe, expect, it } from 'vitest';
import {
  DecimalError,
  addDecimals,
  averageDecimals,
  compareDecimals,
  decimalToNumber,
  formatDecimal,
  parseDecimal,
  roundDecimal,
  sumDecimals,
  tryParseDecimal,
} from './decimal';

const d = parseDecimal;
const f = (s: string, n: number) => formatDecimal(d(s), n);

describe('parseDecimal', () => {
  it('parses strings, numbers and bigints exactly', () => {
    expect(d('12.30')).toEqual({ units: 1230n, scale: 2 });
    expect(d('-0.5')).toEqual({ units: -5n, scale: 1 });
    expect(d('.25')).toEqual({ units: 25n, scale: 2 });
    expect(d('7.')).toEqual({ units: 7n, scale: 0 });
    expect(d(0.1)).toEqual({ units: 1n, scale: 1 });
    expect(d(1e-7)).toEqual({ units: 1n, scale: 7 });
    expect(d('1.5e3')).toEqual({ units: 1500n, scale: 0 });
    expect(d(12n)).toEqual({ units: 12n, scale: 0 });
    expect(d(' 3 ')).toEqual({ units: 3n, scale: 0 });
    expect(d('123456789012345678901234567890.12')).toEqual({ units: 12345678901234567890123456789012n, scale: 2 });
  });

  it('rejects what is not a number', () => {
    for (const bad of ['', '.', 'abc', '1.2.3', '1,5', '--1', 'NaN']) expect(() => d(bad)).toThrow(DecimalError);
    expect(() => d(Number.NaN)).toThrow(DecimalError);
    expect(() => d(Infinity)).toThrow('Not a finite number');
  });

  it('refuses hostile exponents that would make later sums build giant numbers', () => {
    for (const bad of ['1e-999999999', '1e999999999', `0.${'1'.repeat(401)}`]) expect(() => d(bad)).toThrow('Exponent out of range');
    expect(tryParseDecimal('1e-999999999')).toBeNull();
    expect(d(5e-324)).toEqual({ units: 5n, scale: 324 });
  });

  it('tryParseDecimal gives null for missing and malformed values', () => {
    expect(tryParseDecimal(null)).toBeNull();
    expect(tryParseDecimal(undefined)).toBeNull();
    expect(tryParseDecimal('')).toBeNull();
    expect(tryParseDecimal('x')).toBeNull();
    expect(tryParseDecimal({})).toBeNull();
    expect(tryParseDecimal('4.2')).toEqual({ units: 42n, scale: 1 });
  });
});

describe('arithmetic', () => {
  it('adds without float error', () => {
    expect(formatDecimal(addDecimals(d('0.1'), d('0.2')), 2)).toBe('0.30');
    expect(formatDecimal(sumDecimals(['0.1', '0.2', '0.3', '-0.6'].map(d)), 1)).toBe('0.0');
    expect(formatDecimal(sumDecimals([]), 2)).toBe('0.00');
    expect(formatDecimal(sumDecimals(Array.from({ length: 10 }, () => d('0.1'))), 4)).toBe('1.0000');
  });

  it('averages, rounding half up', () => {
    expect(formatDecimal(averageDecimals(['0.01', '0.02'].map(d), 4)!, 4)).toBe('0.0150');
    expect(formatDecimal(averageDecimals(['1', '2', '2'].map(d), 2)!, 2)).toBe('1.67');
    expect(formatDecimal(averageDecimals(['0.005', '0.005'].map(d), 2)!, 2)).toBe('0.01');
    // one rounding only: 0.0149 / 3 = 0.004966… → 0.00 (rounding first to 0.005 would give 0.01)
    expect(formatDecimal(averageDecimals(['0.0149', '0', '0'].map(d), 2)!, 2)).toBe('0.00');
    expect(formatDecimal(averageDecimals(['0.0149', '0', '0'].map(d), 3)!, 3)).toBe('0.005');
    expect(averageDecimals([], 2)).toBeNull();
  });

  it('compares across scales', () => {
    expect(compareDecimals(d('1.50'), d('1.5'))).toBe(0);
    expect(compareDecimals(d('1.49'), d('1.5'))).toBe(-1);
    expect(compareDecimals(d('-2'), d('-10'))).toBe(1);
  });
});

describe('rounding and formatting', () => {
  it('rounds half up, away from zero for negatives', () => {
    expect(f('2.345', 2)).toBe('2.35');
    expect(f('2.344', 2)).toBe('2.34');
    expect(f('-0.125', 2)).toBe('-0.13');
    expect(f('0.00005', 4)).toBe('0.0001');
    expect(f('0.00004', 4)).toBe('0.0000');
    expect(f('-0.001', 2)).toBe('0.00');
    expect(f('9.995', 2)).toBe('10.00');
    expect(roundDecimal(d('1.2'), 3)).toEqual({ units: 1200n, scale: 3 });
  });

  it('pads to the requested decimals and keeps large values exact', () => {
    expect(f('5', 2)).toBe('5.00');
    expect(f('0.5', 0)).toBe('1');
    expect(f('-12.3', 4)).toBe('-12.3000');
    expect(f('123456789012345678.125', 2)).toBe('123456789012345678.13');
  });

  it('converts to a float for charts', () => {
    expect(decimalToNumber(d('12.50'))).toBe(12.5);
  });
});
