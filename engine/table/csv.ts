import { formatDecimal, parseDecimal } from '../format/decimal';
import { isNumericType, type ColumnDef } from './columnSet';
import type { TotalsRow } from './totals';

/** How `toCsv` writes a table. */
export interface CsvOptions {
  /** Header texts in column order (translated titles); defaults to the columns' English titles. */
  headers?: readonly string[];
  /** A totals row to write last (as `TableStore.totals` gives it). */
  totals?: TotalsRow;
  /** The text in the first cell of the totals row when that column has no total; defaults to `Total`. */
  totalsLabel?: string;
}

/** Thrown by `parseCsv` on text that is not valid CSV; the message names the line. */
export class CsvError extends Error {
  override name = 'CsvError';
}

/** The first characters that make a spreadsheet read a cell as a formula (OWASP, "CSV Injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A decimal a numeric column may carry: plain, or a JSON number's exponent form. Nothing else gets through. */
const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d{1,3})?$/;
/** A plain decimal, written as it came. */
const PLAIN = /^-?\d+(?:\.\d+)?$/;
/** Quote a field holding a quote, a comma or a line break, or starting with a BOM (which a reader would drop). */
const NEEDS_QUOTES = /[",\r\n]|^\uFEFF/;
const missing = (value: unknown) => value === null || value === undefined || value === '';

/**
 * A text cell made safe to open in a spreadsheet: a leading `=`, `+`, `-`, `@`, tab or carriage return gets a
 * `'` in front, so it is shown as text and never run as a formula.
 */
export function neutralizeFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/**
 * A numeric cell as a plain machine value: no grouping, no exponent, its own decimals (`'1.50'` stays `1.50`,
 * a percent stays the fraction). Empty when missing or not a decimal, so a numeric column cannot carry a formula.
 */
function numericField(value: unknown): string {
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'number' && !Number.isFinite(value)) return '';
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (PLAIN.test(text)) return text;
  if (!DECIMAL.test(text)) return '';
  const decimal = parseDecimal(text);
  return formatDecimal(decimal, decimal.scale);
}

/** One field: the text, quoted (inner quotes doubled) when it holds a quote, a comma or a line break. */
function field(text: string): string {
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A cell of a column, as written to CSV (before quoting). */
function cellText(column: ColumnDef, value: unknown): string {
  if (missing(value)) return '';
  if (isNumericType(column.type)) return numericField(value);
  return neutralizeFormula(typeof value === 'object' ? JSON.stringify(value) : String(value));
}

/**
 * A table as CSV text (RFC 4180): a header line, one line per row, then the totals row if given; fields
 * separated by commas, lines ended by CRLF. Numbers are plain machine values, missing values empty fields,
 * and text that a spreadsheet would run as a formula is prefixed with `'` (see `neutralizeFormula`).
 * @throws {RangeError} when `headers` does not have one text per column.
 * @example
 * toCsv(columns, [{ date: '2026-11-01', cost: '1.5000' }], { totals: table.totals });
 * // 'Date,Cost\r\n2026-11-01,1.5000\r\nTotal,1.5000\r\n'
 */
export function toCsv(columns: readonly ColumnDef[], rows: readonly Record<string, unknown>[], options: CsvOptions = {}): string {
  const headers = options.headers ?? columns.map((c) => c.title);
  if (headers.length !== columns.length) {
    throw new RangeError(`toCsv: ${headers.length} headers for ${columns.length} columns (${columns.map((c) => c.id).join(', ')})`);
  }
  const lines = [headers.map((h) => field(neutralizeFormula(h))).join(',')];
  for (const row of rows) lines.push(columns.map((column) => field(cellText(column, row[column.id]))).join(','));
  const { totals } = options;
  if (totals) {
    const label = options.totalsLabel ?? 'Total';
    const cells = columns.map((column, index) => {
      const value = totals[column.id];
      return field(index === 0 && missing(value) ? neutralizeFormula(label) : cellText(column, value));
    });
    lines.push(cells.join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * Reads CSV text (RFC 4180) into rows of fields. Accepts CRLF, LF or CR line ends and a leading byte order
 * mark; a final line end does not start an empty row. Quotes inside an unquoted field are kept as they are.
 * @throws {CsvError} for a quoted field that is not closed, or text after a closing quote.
 * @example
 * parseCsv('a,"b ""c"""\r\n1,2\r\n'); // [['a', 'b "c"'], ['1', '2']]
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  const endRow = () => {
    rows.push(row);
    row = [];
  };
  while (i < text.length) {
    let value = '';
    if (text[i] === '"') {
      const start = line;
      i++;
      for (;;) {
        const close = text.indexOf('"', i);
        if (close < 0) throw new CsvError(`Line ${start}: a quoted field is not closed`);
        value += text.slice(i, close);
        for (let k = i; k < close; k++) if (text[k] === '\n' || (text[k] === '\r' && text[k + 1] !== '\n')) line++;
        i = close + 1;
        if (text[i] !== '"') break;
        value += '"';
        i++;
      }
      if (i < text.length && !/[,\r\n]/.test(text[i])) {
        throw new CsvError(`Line ${line}: "${text[i]}" after a closing quote; a quote inside a quoted field is written ""`);
      }
    } else {
      let end = i;
      while (end < text.length && text[end] !== ',' && text[end] !== '\r' && text[end] !== '\n') end++;
      value = text.slice(i, end);
      i = end;
    }
    row.push(value);
    if (text[i] === ',') {
      i++;
      if (i === text.length) row.push('');
    } else {
      if (text[i] === '\r' && text[i + 1] === '\n') i++;
      i++;
      line++;
      endRow();
    }
  }
  if (row.length) endRow();
  return rows;
}
