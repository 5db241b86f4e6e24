import { formatDecimal, parseDecimal, sumDecimals } from '../../engine/format';

// Money typed by people: input with `,` or `.`, kept as exact decimal strings, never as floats.

/**
 * What the user may have typed so far: digits, one separator (`,` or `.`) and at most `decimals`
 * digits after it; anything else is dropped. Keeps the typed separator.
 */
export function sanitizeMoneyInput(text: string, decimals = 2): string {
  let out = '';
  let separator = '';
  let fraction = 0;
  for (const ch of text.replace(/[\s\u00a0\u202f']/g, '')) {
    if (ch >= '0' && ch <= '9') {
      if (separator) {
        if (fraction >= decimals) continue;
        fraction += 1;
      }
      out += ch;
    } else if ((ch === ',' || ch === '.') && !separator && decimals > 0) {
      separator = ch;
      out += ch;
    }
  }
  return out;
}

/** The canonical decimal string of (sanitized) input: `.` separator, no leading zeros, `''` when empty (`"007,5"` → `"7.5"`). */
export function toDecimalString(input: string, decimals = 2): string {
  const clean = sanitizeMoneyInput(input, decimals).replace(',', '.');
  if (clean === '' || clean === '.') return '';
  const [rawInt, rawFraction = ''] = clean.split('.');
  const int = rawInt.replace(/^0+(?=\d)/, '') || '0';
  const fraction = rawFraction.replace(/0+$/, '');
  return fraction ? `${int}.${fraction}` : int;
}

/** A decimal string with exactly `decimals` digits after the point (`"12.5"` → `"12.50"`); `''` stays `''`. */
export function padDecimal(value: string, decimals = 2): string {
  if (value === '') return '';
  const [int, fraction = ''] = value.split('.');
  if (decimals === 0) return int;
  return `${int}.${fraction.padEnd(decimals, '0').slice(0, decimals)}`;
}

/**
 * Sum of decimal strings, exactly, with `decimals` digits (`addMoney(["0.1", "0.2"])` → `"0.30"`);
 * the arithmetic is the engine's BigInt-based Decimal.
 */
export function addMoney(values: readonly string[], decimals = 2): string {
  return formatDecimal(sumDecimals(values.map((v) => parseDecimal(v))), decimals);
}

/** The sign to show for a currency: ISO codes become their symbol (`USD` → `$`), anything else is shown as given. */
export function currencySign(currency: unknown, locale = 'en'): string {
  if (typeof currency !== 'string' || currency === '') return '';
  if (!/^[A-Z]{3}$/.test(currency)) return currency;
  try {
    const parts = new Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay: 'narrowSymbol' }).formatToParts(0);
    return parts.find((p) => p.type === 'currency')?.value ?? currency;
  } catch {
    return currency;
  }
}
