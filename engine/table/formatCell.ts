import { MISSING_VALUE, formatNumber } from '../format/numberFormat';
import { formatDatePattern } from '../format/datePattern';
import { isNumericType, type ColumnDef } from './columnSet';

/**
 * The text of one cell by its column type: numbers through the shared locale formatters (money 2 decimals,
 * cost 4, counts grouped, percent from a fraction), timestamps in the user's language (UTC) or in the column's fixed
 * `format`, ids, dates and text as they came, missing values as `—`.
 * @example
 * formatCell({ id: 'ctr', title: 'CTR', type: 'percent', total: 'avg' }, 0.01234, 'en'); // '1.23%'
 */
export function formatCell(column: ColumnDef, value: unknown, locale = 'en'): string {
  if (value === null || value === undefined || value === '') return MISSING_VALUE;
  if (isNumericType(column.type)) return formatNumber(value, column.type as 'count' | 'money' | 'cost' | 'percent', locale);
  if (column.format && (column.type === 'datetime' || column.type === 'date') && typeof value === 'string') return formatDatePattern(value, column.format, locale);
  if (column.type === 'datetime' && typeof value === 'string' && TIMESTAMP.test(value)) return formatTimestamp(value, locale);
  return String(value);
}

/** An API timestamp (ISO 8601 with a time): what a `datetime` cell formats; other texts (an hour key) show as they came. */
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const timestampFormats = new Map<string, Intl.DateTimeFormat>();

/** A timestamp in the user's language, in UTC (the server's time zone, as the top bar's clock): "26 Nov 2026, 14:05". */
export function formatTimestamp(iso: string, locale: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  let format = timestampFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale === 'jp' ? 'ja' : locale, { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' });
    timestampFormats.set(locale, format);
  }
  return format.format(date);
}
