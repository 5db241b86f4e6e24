import { MISSING_VALUE, formatNumber } from '../format/numberFormat';
import { isNumericType, type ColumnDef } from './columnSet';

/**
 * The text of one cell by its column type: numbers through the shared locale formatters (money 2 decimals,
 * cost 4, counts grouped, percent from a fraction), ids, dates and text as they came, missing values as `—`.
 * @example
 * formatCell({ id: 'ctr', title: 'CTR', type: 'percent', total: 'avg' }, 0.01234, 'en'); // '1.23%'
 */
export function formatCell(column: ColumnDef, value: unknown, locale = 'en'): string {
  if (value === null || value === undefined || value === '') return MISSING_VALUE;
  if (isNumericType(column.type)) return formatNumber(value, column.type as 'count' | 'money' | 'cost' | 'percent', locale);
  return String(value);
}
