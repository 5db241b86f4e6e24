import { describe, expect, it } from 'vitest';
import { formatDecimal, formatMoney } from './money';

const USD = { code: 'USD', sign: '$' };
const NBSP = '\u00a0';

describe('formatMoney', () => {
  it.each([
    ['en', '1250.00', '$1,250.00'],
    ['en', '1250', '$1,250.00'],
    ['en', '-3.5', '-$3.50'],
    ['ru', '1250.00', `1${NBSP}250,00${NBSP}$`],
    ['de', '1250.5', `1.250,50${NBSP}$`],
    ['es', '1234567.89', `1.234.567,89${NBSP}$`],
    ['jp', '1250.00', '$1,250.00'],
  ] as const)('%s %s → %s', (locale, amount, expected) => {
    expect(formatMoney(amount, locale, USD)).toBe(expected);
  });

  it('keeps every digit of amounts beyond a float’s precision and rounds half away from zero', () => {
    expect(formatMoney('12345678901234567.89', 'en', USD)).toBe('$12,345,678,901,234,567.89');
    expect(formatMoney('0.005', 'en', USD)).toBe('$0.01');
    expect(formatMoney('2.675', 'en', USD)).toBe('$2.68'); // 2.675 as a float is 2.67499…
  });

  it("prints the network's sign where the locale puts the currency, and the code when there is no sign", () => {
    expect(formatMoney('10', 'en', { code: 'EUR', sign: '€' })).toBe('€10.00');
    expect(formatMoney('10', 'ru', { code: 'RUB', sign: '₽' })).toBe(`10,00${NBSP}₽`);
    expect(formatMoney('10', 'en', { code: 'EUR', sign: '' })).toBe('EUR10.00');
    expect(formatMoney('10', 'en', { code: 'credits', sign: 'cr' })).toBe('10.00 cr');
  });

  it.each(['1,250.00', '1e3', '', ' 1', '.5', 'NaN', '0x10'])('refuses %j', (amount) => {
    expect(() => formatMoney(amount, 'en', USD)).toThrow(/decimal string/);
  });

  it('formats a bare decimal', () => {
    expect(formatDecimal('1250', 'de')).toBe('1.250,00');
  });
});
