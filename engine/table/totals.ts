import { formatDecimal, type Decimal } from '../format/decimal';
import { cellValue, type ColumnDef, type ColumnType } from './columnSet';
import { ExactSum } from './exactSum';

/** A totals row: column id → exact decimal string, or null where the column has no total. */
export type TotalsRow = Record<string, string | null>;

/** Decimals a total keeps, matching what its cell shows (percent is a fraction shown ×100 with 2 decimals). */
const TOTAL_SCALE: Partial<Record<ColumnType, number>> = { money: 2, cost: 4, count: 0, percent: 4 };

/** Averages of columns without a fixed scale keep at least this many decimals. */
const MIN_AVERAGE_SCALE = 4;

const pow10 = (n: number) => 10n ** BigInt(n);

/** `n / d` rounded half away from zero, like `roundDecimal`. */
function divideRounded(n: bigint, d: bigint): bigint {
  const magnitude = ((n < 0n ? -n : n) * 2n + d) / (d * 2n);
  return n < 0n ? -magnitude : magnitude;
}

/** The exact mean of values summing to `sum`, rounded half away from zero to `scale` decimals. */
function mean(sum: Decimal, count: number, scale: number): Decimal {
  const n = BigInt(count);
  const units =
    scale >= sum.scale ? divideRounded(sum.units * pow10(scale - sum.scale), n) : divideRounded(sum.units, n * pow10(sum.scale - scale));
  return { units, scale };
}

/**
 * The total of one column over the rows, by its rule; null when the rule is none or no row has a value.
 * Values that are missing or not numbers are left out (of an average's count too). A sum is exact and rounded
 * once, half up, to the column's scale (money 2, cost 4, count 0, percent 4; else the values' own); an average
 * is the exact mean rounded the same way (at least 4 decimals where the type fixes none).
 * @example
 * columnTotal({ id: 'cost', title: 'Cost', type: 'cost', total: 'sum' }, [{ cost: '0.00005' }, { cost: '1.2001' }]); // '1.2002'
 */
export function columnTotal(column: ColumnDef, rows: readonly object[]): string | null {
  if (column.total === 'none') return null;
  const sum = new ExactSum();
  for (const row of rows) sum.add(cellValue(row, column.id));
  if (sum.count === 0) return null;
  const fixed = TOTAL_SCALE[column.type];
  if (column.total === 'avg') {
    const scale = fixed ?? Math.max(sum.maxScale, MIN_AVERAGE_SCALE);
    return formatDecimal(mean(sum.total(), sum.count, scale), scale);
  }
  const total = sum.total();
  return formatDecimal(total, fixed ?? total.scale);
}

/**
 * The totals row of a table, computed exactly by each column's rule (ctr averaged, metrics summed;
 * money to 2 decimals, cost to 4).
 * @example
 * computeTotals(columns, [{ payouts: '0.1' }, { payouts: '0.2' }]).payouts; // '0.30'
 */
export function computeTotals(columns: readonly ColumnDef[], rows: readonly object[]): TotalsRow {
  const totals: TotalsRow = {};
  for (const column of columns) totals[column.id] = columnTotal(column, rows);
  return totals;
}
