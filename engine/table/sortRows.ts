import { compareDecimals, decimalToNumber, tryParseDecimal, type Decimal } from '../format/decimal';
import { collatedOrder, compareText } from './collate';
import { cellValue, isNumericType, type ColumnDef, type SortDirection } from './columnSet';

const missing = (value: unknown) => value === null || value === undefined || value === '';

/** A plain decimal string, as the API sends NUMERIC values: read with `Number` without a full parse. */
const PLAIN_DECIMAL = /^[+-]?\d+(?:\.\d+)?$/;

/** Whether a column sorts its values as numbers (numeric columns and ids; text that is no number sorts after). */
const sortsAsNumber = (column: ColumnDef) => isNumericType(column.type) || column.type === 'id';

/** The nearest float of a numeric cell value, or null when it is not a number. Floats order decimals correctly
 * except that two close decimals may share one float, which `exactTie` settles. */
function numberKey(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && PLAIN_DECIMAL.test(value)) return Number(value);
  const decimal = tryParseDecimal(value);
  if (!decimal) return null;
  const float = Number(String(value).trim().replace(/_/g, '')); // cheaper than the exact digits for huge exponents
  return Number.isNaN(float) ? decimalToNumber(decimal) : float;
}

/** Compares two numeric cell values whose floats are equal, exactly: -1, 0 or 1. */
function exactTie(a: unknown, b: unknown): number {
  if (a === b || (typeof a === 'number' && typeof b === 'number')) return 0;
  return compareDecimals(tryParseDecimal(a) as Decimal, tryParseDecimal(b) as Decimal);
}

/**
 * Compares two present cell values of a column, ascending, as `sortRows` orders them: numbers (and numeric
 * ids) exactly, before any value of a numeric column that is no number; text by collation (the runtime
 * locale, digit runs as numbers, case and accents ignored).
 */
export function compareCells(column: ColumnDef, a: unknown, b: unknown): number {
  if (sortsAsNumber(column)) {
    const x = numberKey(a);
    const y = numberKey(b);
    if (x !== null && y !== null) return x < y ? -1 : x > y ? 1 : exactTie(a, b);
    if (x !== null || y !== null) return x !== null ? -1 : 1;
  }
  return compareText(String(a), String(b));
}

/** Indices of `values` (all numbers) in order, stable, with one float per value and exact ties. */
function numericOrder(values: readonly unknown[], keys: readonly number[], sign: 1 | -1): number[] {
  const order = keys.map((_, i) => i);
  return order.sort((a, b) => {
    const x = keys[a];
    const y = keys[b];
    if (x !== y) return x < y ? -sign : sign;
    return sign * exactTie(values[a], values[b]) || a - b;
  });
}

/**
 * A sorted copy of the rows by one column, stable (equal values keep their order in either direction).
 * Numbers sort exactly, then any values of a numeric column that are no number (as text), then rows without
 * a value, last in either direction. Each value is read once (a decorate-sort-undecorate): 50,000 rows sort
 * in tens of milliseconds, where parsing decimals or calling the collator per comparison takes hundreds.
 */
export function sortRows<R extends object>(rows: readonly R[], column: ColumnDef, direction: SortDirection): R[] {
  const sign = direction === 'asc' ? 1 : -1;
  const asNumber = sortsAsNumber(column);
  const numbers: R[] = [];
  const numberValues: unknown[] = [];
  const keys: number[] = [];
  const texts: R[] = [];
  const textValues: string[] = [];
  const blanks: R[] = [];
  for (const row of rows) {
    const value = cellValue(row, column.id);
    const key = asNumber && !missing(value) ? numberKey(value) : null;
    if (key !== null) {
      numbers.push(row);
      numberValues.push(value);
      keys.push(key);
    } else if (missing(value)) blanks.push(row);
    else {
      texts.push(row);
      textValues.push(String(value));
    }
  }
  const sorted: R[] = [];
  for (const i of numericOrder(numberValues, keys, sign)) sorted.push(numbers[i]);
  for (const i of collatedOrder(textValues, direction)) sorted.push(texts[i]);
  for (const row of blanks) sorted.push(row);
  return sorted;
}
