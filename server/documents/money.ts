import type { DecimalString, DocumentCurrency, DocumentLocale } from './types';

const DECIMAL = /^-?\d+(\.\d+)?$/;
const ISO_CODE = /^[A-Z]{3}$/;

/** The Intl locale of a panel locale (the panel says "jp" for Japanese). */
export function intlLocale(locale: DocumentLocale): string {
  return locale === 'jp' ? 'ja' : locale;
}

/**
 * Checks that a money value is an exact decimal string.
 * @throws naming the value, when it is not one (a float's exponent, a comma, an empty string)
 */
export function assertDecimal(value: DecimalString, what = 'amount'): void {
  if (typeof value !== 'string' || !DECIMAL.test(value)) throw new Error(`Document ${what} must be a decimal string such as "1250.00", got ${JSON.stringify(value)}`);
}

/**
 * A money amount for `locale` with grouping, 2 decimals and the currency's sign where the locale puts it
 * ("$1,250.00" in en, "1 250,00 $" in ru). Intl is fed the string, so no float ever rounds it.
 * @throws when `amount` is not a decimal string
 * @example formatMoney('1250.5', 'de', { code: 'EUR', sign: '€' }) // '1.250,50 €'
 */
export function formatMoney(amount: DecimalString, locale: DocumentLocale, currency: DocumentCurrency): string {
  assertDecimal(amount);
  const sign = currency.sign || currency.code;
  if (!ISO_CODE.test(currency.code)) return `${formatDecimal(amount, locale)} ${sign}`;
  const format = new Intl.NumberFormat(intlLocale(locale), { style: 'currency', currency: currency.code, minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return format
    .formatToParts(amount as Intl.StringNumericLiteral)
    .map((part) => (part.type === 'currency' ? sign : part.value))
    .join('');
}

/** A decimal string with the locale's grouping and 2 decimals, without a currency. */
export function formatDecimal(amount: DecimalString, locale: DocumentLocale): string {
  assertDecimal(amount);
  const format = new Intl.NumberFormat(intlLocale(locale), { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return format.format(amount as Intl.StringNumericLiteral);
}
