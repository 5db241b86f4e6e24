import { compareDecimals, tryParseDecimal } from '../format/decimal';
import { isNumericType, type ColumnDef, type SortDirection } from './columnSet';

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

const missing = (value: unknown) => value === null || value === undefined || value === '';

/** Compares two cell values of a column, ascending; numbers (and numeric ids) exactly, text by collation. */
export function compareCells(column: ColumnDef, a: unknown, b: unknown): number {
  if (isNumericType(column.type) || column.type === 'id') {
    const x = tryParseDecimal(a);
    const y = tryParseDecimal(b);
    if (x && y) return compareDecimals(x, y);
  }
  return collator.compare(String(a), String(b));
}

/**
 * A sorted copy of the rows by one column; rows without a value go last in either direction and the sort is
 * stable, so equal rows keep their order.
 */
export function sortRows<R extends Record<string, unknown>>(rows: readonly R[], column: ColumnDef, direction: SortDirection): R[] {
  const sign = direction === 'asc' ? 1 : -1;
  return [...rows].sort((ra, rb) => {
    const a = ra[column.id];
    const b = rb[column.id];
    if (missing(a) || missing(b)) return missing(a) === missing(b) ? 0 : missing(a) ? 1 : -1;
    return sign * compareCells(column, a, b);
  });
}
