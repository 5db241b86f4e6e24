import { formatDecimal, tryParseDecimal } from './decimal';

/** How a number is shown: money (2 decimals), cost (4), count (integer), percent (a fraction shown ×100, 2 decimals). */
export type NumberKind = 'money' | 'cost' | 'count' | 'percent';

/** What a missing value (null, undefined, '') shows as. */
export const MISSING_VALUE = '—';

const OPTIONS: Record<NumberKind, Intl.NumberFormatOptions> = {
  money: { minimumFractionDigits: 2, maximumFractionDigits: 2 },
  cost: { minimumFractionDigits: 4, maximumFractionDigits: 4 },
  count: { maximumFractionDigits: 0 },
  percent: { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 },
};

const cache = new Map<string, Intl.NumberFormat>();

/**
 * The shared `Intl.NumberFormat` of a locale and kind, created once and reused (never one per row or cell).
 * @throws {RangeError} when the locale tag is malformed.
 */
export function numberFormat(locale: string, kind: NumberKind): Intl.NumberFormat {
  const key = `${locale}\u0000${kind}`;
  let format = cache.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { useGrouping: true, roundingMode: 'halfExpand', ...OPTIONS[kind] });
    cache.set(key, format);
  }
  return format;
}

/**
 * Formats a number for a cell, exactly: decimal strings are never turned into floats on the way
 * (`Intl.NumberFormat` formats the decimal string itself). Missing values give `—`; a value that is not a
 * number is shown as it came.
 * @example
 * formatNumber('1234.5', 'money', 'en'); // '1,234.50'
 * formatNumber(0.01234, 'percent', 'en'); // '1.23%'
 */
export function formatNumber(value: unknown, kind: NumberKind, locale = 'en'): string {
  if (value === null || value === undefined || value === '') return MISSING_VALUE;
  const decimal = tryParseDecimal(value);
  if (!decimal) return String(value);
  const exact = formatDecimal(decimal, decimal.scale) as `${number}`;
  return numberFormat(locale, kind).format(exact);
}
