import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseDecimal, compareDecimals } from '../format/decimal';
import type { ColumnDef, ColumnType } from './columnSet';
import { CsvError, neutralizeFormula, parseCsv, toCsv } from './csv';

const TEXT_TYPES: ColumnType[] = ['text', 'id', 'date', 'datetime'];
const NUMERIC_TYPES: ColumnType[] = ['count', 'money', 'cost', 'percent'];
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN = /^-?\d+(?:\.\d+)?$/;

/** Any unicode text, with the characters CSV and spreadsheets care about made frequent. */
const nasty = fc.string({
  unit: fc.oneof(
    { weight: 3, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
    { weight: 2, arbitrary: fc.constantFrom('"', ',', '\r', '\n', '\r\n', '=', '+', '-', '@', '\t', "'", ' ', ';', '\uFEFF') },
  ),
  maxLength: 12,
});
const missing = fc.constantFrom(null, undefined, '');
/** A canonical decimal string, as the API sends NUMERIC values. */
const decimalString = fc
  .tuple(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), fc.nat({ max: 8 }))
  .map(([units, scale]) => {
    const digits = (units < 0n ? -units : units).toString().padStart(scale + 1, '0');
    const text = scale ? `${digits.slice(0, -scale)}.${digits.slice(-scale)}` : digits;
    return units < 0n ? `-${text}` : text;
  });
const numberCell = fc.oneof(decimalString, fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }).filter((x) => Number.isFinite(x)));

const columnsOf = (types: ColumnType[]): ColumnDef[] => types.map((type, i) => ({ id: `c${i}`, title: `Column ${i}`, type, total: 'none' }));
const expectedText = (value: unknown) => (value === null || value === undefined || value === '' ? '' : neutralizeFormula(String(value)));

describe('toCsv / parseCsv: properties', () => {
  it('round-trips every text cell and header (up to the documented leading quote) for any unicode', () => {
    const table = fc.integer({ min: 1, max: 5 }).chain((width) =>
      fc.record({
        types: fc.array(fc.constantFrom(...TEXT_TYPES), { minLength: width, maxLength: width }),
        headers: fc.array(nasty, { minLength: width, maxLength: width }),
        cells: fc.array(fc.array(fc.oneof(nasty, missing), { minLength: width, maxLength: width }), { maxLength: 8 }),
      }),
    );
    fc.assert(
      fc.property(table, ({ types, headers, cells }) => {
        const columns = columnsOf(types);
        const rows = cells.map((line) => Object.fromEntries(line.map((v, i) => [`c${i}`, v])));
        const parsed = parseCsv(toCsv(columns, rows, { headers }));
        expect(parsed).toEqual([headers.map(neutralizeFormula), ...cells.map((line) => line.map(expectedText))]);
      }),
    );
  });

  it('never lets a text cell, a header or the totals label start with a formula character', () => {
    fc.assert(
      fc.property(fc.array(fc.array(nasty, { minLength: 2, maxLength: 2 }), { maxLength: 6 }), nasty, nasty, (cells, header, label) => {
        const columns = columnsOf(['text', 'id']);
        const rows = cells.map(([a, b]) => ({ c0: a, c1: b }));
        const parsed = parseCsv(toCsv(columns, rows, { headers: [header, 'id'], totals: { c0: null, c1: null }, totalsLabel: label }));
        for (const line of parsed) for (const cell of line) expect(cell).not.toMatch(FORMULA_START);
      }),
    );
  });

  it('writes numeric columns as plain decimals that read back exactly', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom(...NUMERIC_TYPES), fc.oneof(numberCell, missing)), { minLength: 1, maxLength: 6 }), (cells) => {
        const columns = columnsOf(cells.map(([type]) => type));
        const row = Object.fromEntries(cells.map(([, v], i) => [`c${i}`, v]));
        const [, written] = parseCsv(toCsv(columns, [row]));
        cells.forEach(([, value], i) => {
          if (value === null || value === undefined || value === '') return expect(written[i]).toBe('');
          expect(written[i]).toMatch(PLAIN);
          if (typeof value === 'string') expect(written[i]).toBe(value); // as the API sent it, decimals and all
          else expect(compareDecimals(parseDecimal(written[i]), parseDecimal(value))).toBe(0);
        });
      }),
    );
  });

  it('lets nothing but a plain decimal (or an empty field) into a numeric column, whatever the value', () => {
    const anything = fc.oneof(nasty, fc.anything(), nasty.map((s) => `=${s}`), nasty.map((s) => `-${s}`), nasty.map((s) => `1${s}`));
    fc.assert(
      fc.property(fc.constantFrom(...NUMERIC_TYPES), anything, (type, value) => {
        const [, [cell]] = parseCsv(toCsv(columnsOf([type]), [{ c0: value }]));
        expect(cell === '' || PLAIN.test(cell)).toBe(true);
      }),
    );
  });

  it('ends every record with CRLF and nothing else outside quotes', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'grapheme-ascii' }).filter((s) => !/[\r\n]/.test(s)), { maxLength: 6 }), (values) => {
        const text = toCsv(columnsOf(['text']), values.map((c0) => ({ c0 })));
        expect(text.endsWith('\r\n')).toBe(true);
        expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
        expect(text.split('\r\n')).toHaveLength(values.length + 2);
      }),
    );
  });
});

describe('toCsv: examples', () => {
  const columns: ColumnDef[] = [
    { id: 'site', title: 'Site', type: 'text', total: 'none' },
    { id: 'cost', title: 'Cost', type: 'cost', total: 'sum' },
    { id: 'impressions', title: 'Impressions', type: 'count', total: 'sum' },
    { id: 'ctr', title: 'CTR', type: 'percent', total: 'avg' },
  ];

  it('writes headers, rows and totals with CRLF, quoting only where needed', () => {
    const rows = [
      { site: 'news, "daily"', cost: '1234.5000', impressions: 1234567, ctr: '0.012345' },
      { site: 'line\nbreak', cost: null, impressions: undefined, ctr: '' },
      { site: 'plain', cost: 0.1, impressions: 1e21, ctr: '1e-3' },
    ];
    const text = toCsv(columns, rows, { headers: ['Сайт', 'Cost', 'Impressions', 'CTR'], totals: { site: null, cost: '1234.6000', impressions: '1234567', ctr: '0.0123' }, totalsLabel: 'Итого' });
    expect(text).toBe(
      'Сайт,Cost,Impressions,CTR\r\n' +
        '"news, ""daily""",1234.5000,1234567,0.012345\r\n' +
        '"line\nbreak",,,\r\n' +
        'plain,0.1,1000000000000000000000,0.001\r\n' +
        'Итого,1234.6000,1234567,0.0123\r\n',
    );
  });

  it('neutralizes formulas in text, and blanks non-numbers in numeric columns', () => {
    const rows = [
      { site: '=HYPERLINK("http://evil","x")', cost: '=1+1', impressions: '-2+3', ctr: '@SUM(A1)' },
      { site: '+1', cost: '-1.5', impressions: -3, ctr: 'NaN' },
      { site: '\tx', cost: Infinity, impressions: ' 12 ', ctr: '0x10' },
    ];
    expect(parseCsv(toCsv(columns, rows)).slice(1)).toEqual([
      ["'=HYPERLINK(\"http://evil\",\"x\")", '', '', ''],
      ["'+1", '-1.5', '-3', ''],
      ["'\tx", '', '12', ''],
    ]);
  });

  it('says what is wrong when headers do not match the columns', () => {
    expect(() => toCsv(columns, [], { headers: ['a'] })).toThrow('toCsv: 1 headers for 4 columns (site, cost, impressions, ctr)');
  });
});

describe('parseCsv', () => {
  it('reads LF and CR line ends, a BOM, empty fields and a missing final line end', () => {
    expect(parseCsv('\uFEFFa,b\nc,\r\n,d\re,"f\r\ng"')).toEqual([
      ['a', 'b'],
      ['c', ''],
      ['', 'd'],
      ['e', 'f\r\ng'],
    ]);
    expect(parseCsv('')).toEqual([]);
    expect(parseCsv('a,')).toEqual([['a', '']]);
    expect(parseCsv('\r\n')).toEqual([['']]);
  });

  it('keeps a quote inside an unquoted field, and names the line of a broken quoted one', () => {
    expect(parseCsv('5" disk,x')).toEqual([['5" disk', 'x']]);
    expect(() => parseCsv('a\r\n"b\r\nc')).toThrow(new CsvError('Line 2: a quoted field is not closed'));
    expect(() => parseCsv('a\n"b\nc"d,e')).toThrow(/^Line 3: "d" after a closing quote/);
  });
});
