import { describe, expect, it } from 'vitest';
import { MISSING_VALUE, formatNumber, numberFormat } from './numberFormat';

describe('formatNumber', () => {
  it('shows money with 2 decimals and grouping, exactly', () => {
    expect(formatNumber('1234.5', 'money')).toBe('1,234.50');
    expect(formatNumber(0.1 + 0.2, 'money')).toBe('0.30');
    expect(formatNumber('2.345', 'money')).toBe('2.35');
    expect(formatNumber('123456789012345678.125', 'money')).toBe('123,456,789,012,345,678.13');
    expect(formatNumber('-5', 'money')).toBe('-5.00');
  });

  it('shows cost with 4 decimals', () => {
    expect(formatNumber('0.00125', 'cost')).toBe('0.0013');
    expect(formatNumber(12, 'cost')).toBe('12.0000');
  });

  it('shows counts as grouped integers', () => {
    expect(formatNumber(1234567, 'count')).toBe('1,234,567');
    expect(formatNumber('98765432109876543210', 'count')).toBe('98,765,432,109,876,543,210');
  });

  it('shows a fraction as a percent with 2 decimals', () => {
    expect(formatNumber(0.01234, 'percent')).toBe('1.23%');
    expect(formatNumber('0.5', 'percent')).toBe('50.00%');
    expect(formatNumber('0.012345', 'percent')).toBe('1.23%');
    expect(formatNumber('0.012355', 'percent')).toBe('1.24%');
  });

  it('shows a dash for missing values and non-numbers as they came', () => {
    for (const missing of [null, undefined, '']) expect(formatNumber(missing, 'money')).toBe(MISSING_VALUE);
    expect(MISSING_VALUE).toBe('—');
    expect(formatNumber('n/a', 'count')).toBe('n/a');
  });

  it('follows the locale', () => {
    expect(formatNumber('1234.5', 'money', 'de')).toBe('1.234,50');
    expect(formatNumber('0.01234', 'percent', 'de')).toBe('1,23\u00a0%');
  });

  it('reuses one formatter per locale and kind', () => {
    expect(numberFormat('en', 'money')).toBe(numberFormat('en', 'money'));
    expect(numberFormat('en', 'money')).not.toBe(numberFormat('en', 'cost'));
    expect(numberFormat('en', 'money')).not.toBe(numberFormat('de', 'money'));
  });
});
