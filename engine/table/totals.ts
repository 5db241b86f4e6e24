import { averageDecimals, formatDecimal, sumDecimals, tryParseDecimal, type Decimal } from '../format/decimal';
import type { ColumnDef, ColumnType } from './columnSet';

/** A totals row: column id → exact decimal string, or null where the column has no total. */
export type TotalsRow = Record<string, string | null>;

/** Decimals a total keeps, matching what its cell shows (percent is a fraction shown ×100 with 2 decimals). */
const TOTAL_SCALE: Partial<Record<ColumnType, number>> = { money: 2, cost: 4, count: 0, percent: 4 };

/** The total of one column over the rows, by its rule; null when the rule is none or no row has a value. */
export function columnTotal(column: ColumnDef, rows: readonly Record<string, unknown>[]): string | null {
  if (column.total === 'none') return null;
  const values: Decimal[] = [];
  for (const row of rows) {
    const value = tryParseDecimal(row[column.id]);
    if (value) values.push(value);
  }
  if (values.length === 0) return null;
  const fixed = TOTAL_SCALE[column.type];
  if (column.total === 'avg') {
    const scale = fixed ?? Math.max(...values.map((v) => v.scale), 4);
    return formatDecimal(averageDecimals(values, scale)!, scale);
  }
  const sum = sumDecimals(values);
  return formatDecimal(sum, fixed ?? sum.scale);
}

/**
 * The totals row of a table, computed exactly by each column's rule (ctr averaged, metrics summed;
 * money to 2 decimals, cost to 4).
 * @example
 * computeTotals(columns, [{ payouts: '0.1' }, { payouts: '0.2' }]).payouts; // '0.30'
 */
export function computeTotals(columns: readonly ColumnDef[], rows: readonly Record<string, unknown>[]): TotalsRow {
  const totals: TotalsRow = {};
  for (const column of columns) totals[column.id] = columnTotal(column, rows);
  return totals;
}
