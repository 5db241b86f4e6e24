/** An exact decimal: `units / 10^scale` (for example 12.30 is `{ units: 1230n, scale: 2 }`). */
export interface Decimal {
  readonly units: bigint;
  readonly scale: number;
}

/** Thrown when a value is not a decimal number. */
export class DecimalError extends Error {
  override name = 'DecimalError';
}

const PATTERN = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;
const pow10 = (n: number): bigint => 10n ** BigInt(n);

/** The decimal zero. */
export const ZERO: Decimal = Object.freeze({ units: 0n, scale: 0 });

/** The largest exponent (and number of fraction digits) accepted: every finite double (5e-324 … 1.8e308) fits, a hang does not. */
export const MAX_EXPONENT = 400;

/**
 * Parses a decimal string (or a JSON number, read through its shortest decimal form, or a bigint) exactly.
 * @throws {DecimalError} when the value is not a finite decimal number.
 * @example
 * parseDecimal('12.30'); // { units: 1230n, scale: 2 }
 */
export function parseDecimal(value: string | number | bigint): Decimal {
  if (typeof value === 'bigint') return { units: value, scale: 0 };
  if (typeof value === 'number' && !Number.isFinite(value)) throw new DecimalError(`Not a finite number: ${value}`);
  const text = String(value).trim().replace(/_/g, '');
  const m = PATTERN.exec(text);
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) throw new DecimalError(`Not a decimal number: "${String(value)}"`);
  const [, sign, int, frac = '', exp = '0'] = m;
  // An exponent like 1e-999999999 would make every later sum or comparison build a billion-digit number.
  if (Math.abs(Number(exp)) > MAX_EXPONENT || frac.length > MAX_EXPONENT) throw new DecimalError(`Exponent out of range: "${String(value)}"`);
  let units = BigInt((int || '0') + frac);
  let scale = frac.length - Number(exp);
  if (scale < 0) {
    units *= pow10(-scale);
    scale = 0;
  }
  return { units: sign === '-' ? -units : units, scale };
}

/** Parses a value that may be missing or malformed: null for null, undefined, '' and non-numbers. */
export function tryParseDecimal(value: unknown): Decimal | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'bigint') return null;
  try {
    return parseDecimal(value);
  } catch {
    return null;
  }
}

/** The same value at a larger scale (never loses digits). */
function rescale(d: Decimal, scale: number): Decimal {
  return scale === d.scale ? d : { units: d.units * pow10(scale - d.scale), scale };
}

/** The exact sum of two decimals. */
export function addDecimals(a: Decimal, b: Decimal): Decimal {
  const scale = Math.max(a.scale, b.scale);
  return { units: rescale(a, scale).units + rescale(b, scale).units, scale };
}

/** The exact sum of many decimals (zero for none). */
export function sumDecimals(values: Iterable<Decimal>): Decimal {
  let total = ZERO;
  for (const v of values) total = addDecimals(total, v);
  return total;
}

/** Integer division rounding half away from zero (commercial "round half up"). */
function divRound(n: bigint, d: bigint): bigint {
  const negative = n < 0n !== d < 0n;
  const an = n < 0n ? -n : n;
  const ad = d < 0n ? -d : d;
  const q = (an * 2n + ad) / (ad * 2n);
  return negative ? -q : q;
}

/**
 * Rounds to `scale` decimals, half up (away from zero for negatives: -0.125 → -0.13, as money is rounded).
 * @example
 * formatDecimal(roundDecimal(parseDecimal('2.345'), 2), 2); // '2.35'
 */
export function roundDecimal(d: Decimal, scale: number): Decimal {
  if (scale >= d.scale) return rescale(d, scale);
  return { units: divRound(d.units, pow10(d.scale - scale)), scale };
}

/**
 * The mean of the values, rounded half up to `scale` decimals; null for no values.
 * @example
 * averageDecimals(['0.01', '0.02'].map(parseDecimal), 4); // 0.0150
 */
export function averageDecimals(values: readonly Decimal[], scale: number): Decimal | null {
  if (values.length === 0) return null;
  const sum = sumDecimals(values);
  const n = BigInt(values.length);
  const units =
    scale >= sum.scale ? divRound(sum.units * pow10(scale - sum.scale), n) : divRound(sum.units, n * pow10(sum.scale - scale));
  return { units, scale };
}

/** -1, 0 or 1 as `a` is less than, equal to or greater than `b`. */
export function compareDecimals(a: Decimal, b: Decimal): -1 | 0 | 1 {
  const scale = Math.max(a.scale, b.scale);
  const x = rescale(a, scale).units;
  const y = rescale(b, scale).units;
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * The plain decimal string with exactly `decimals` digits after the point (rounded half up), no grouping.
 * @example
 * formatDecimal(addDecimals(parseDecimal('0.1'), parseDecimal('0.2')), 2); // '0.30'
 */
export function formatDecimal(d: Decimal, decimals: number): string {
  const r = roundDecimal(d, decimals);
  const negative = r.units < 0n;
  const digits = (negative ? -r.units : r.units).toString().padStart(decimals + 1, '0');
  const int = digits.slice(0, digits.length - decimals);
  const frac = decimals > 0 ? `.${digits.slice(digits.length - decimals)}` : '';
  return `${negative && r.units !== 0n ? '-' : ''}${int}${frac}`;
}

/** The nearest float, for charts and other places where exactness does not matter. */
export function decimalToNumber(d: Decimal): number {
  return Number(formatDecimal(d, d.scale));
}
