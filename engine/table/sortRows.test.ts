import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { compareDecimals, tryParseDecimal, type Decimal } from '../format/decimal';
import { collatedOrder, compareText } from './collate';
import type { ColumnDef, ColumnType, SortDirection } from './columnSet';
import { compareCells, sortRows } from './sortRows';

type Row = { i: number; v: unknown };
const column = (type: ColumnType): ColumnDef => ({ id: 'v', title: 'V', type, total: 'none' });
const isMissing = (v: unknown) => v === null || v === undefined || v === '';
const numeric = (type: ColumnType) => type !== 'text' && type !== 'date' && type !== 'datetime';

/** The rule, spelled out: a stable sort comparing values one pair at a time (slow, obviously right). */
function reference(rows: Row[], type: ColumnType, direction: SortDirection): number[] {
  const sign = direction === 'asc' ? 1 : -1;
  const group = (v: unknown) => (isMissing(v) ? 2 : numeric(type) && tryParseDecimal(v) ? 0 : 1);
  return [...rows]
    .sort((a, b) => {
      const ga = group(a.v);
      const gb = group(b.v);
      if (ga !== gb) return ga - gb;
      if (ga === 2) return 0;
      if (ga === 0) return sign * compareDecimals(tryParseDecimal(a.v) as Decimal, tryParseDecimal(b.v) as Decimal);
      return sign * compareText(String(a.v), String(b.v));
    })
    .map((r) => r.i);
}

const text = fc.string({
  unit: fc.oneof(
    { weight: 3, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
    { weight: 3, arbitrary: fc.constantFrom('a', 'A', 'á', 'b', 's', 'ss', 'ß', 'æ', 'ae', '0', '00', '1', '9', '10', '-', ' ', '.', '\u0301', 'ー', 'カ', '😀', '\u0000') },
  ),
  maxLength: 8,
});
/** Decimals that floats cannot tell apart, written in the forms the engine reads. */
const decimal = fc.oneof(
  fc.constantFrom('0.1', '0.10', '0.10000000000000000001', '0.09999999999999999999', '1e-1', '-0', '0', '1e400', '1e401', ' 2 '),
  fc.tuple(fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }), fc.nat({ max: 20 })).map(([u, s]) => `${u}e-${s}`),
  fc.integer({ min: -5, max: 5 }),
  fc.double({ noNaN: true }),
);

const rowsOf = (values: unknown[]): Row[] => values.map((v, i) => ({ i, v }));
const directions = fc.constantFrom<SortDirection>('asc', 'desc');

describe('sortRows: properties', () => {
  it('orders text exactly as the collator does, stable, blanks last, in both directions', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(text, fc.constantFrom(null, '')), { maxLength: 40 }), fc.constantFrom<ColumnType>('text', 'date'), directions, (values, type, direction) => {
        const rows = rowsOf(values);
        expect(sortRows(rows, column(type), direction).map((r) => r.i)).toEqual(reference(rows, type, direction));
      }),
      { numRuns: 300 },
    );
  });

  it('orders numbers exactly (even where floats tie), then values that are no number, then blanks', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(decimal, decimal, text, fc.constantFrom(null, undefined, '')), { maxLength: 40 }), fc.constantFrom<ColumnType>('cost', 'count', 'id'), directions, (values, type, direction) => {
        const rows = rowsOf(values);
        expect(sortRows(rows, column(type), direction).map((r) => r.i)).toEqual(reference(rows, type, direction));
      }),
      { numRuns: 300 },
    );
  });

  it('compareCells agrees with the order sortRows gives', () => {
    fc.assert(
      fc.property(fc.oneof(decimal, text), fc.oneof(decimal, text), (a, b) => {
        fc.pre(!isMissing(a) && !isMissing(b));
        const [first] = sortRows(rowsOf([a, b]), column('cost'), 'asc');
        const c = compareCells(column('cost'), a, b);
        expect(first.i).toBe(c <= 0 ? 0 : 1);
      }),
    );
  });
});

describe('collatedOrder', () => {
  it('sorts digit runs as numbers, ignores case and accents, keeps ties in input order either way', () => {
    const values = ['item 10', 'Item 9', 'ítem 9', 'item 009', 'b', 'a'];
    expect(collatedOrder(values, 'asc').map((i) => values[i])).toEqual(['a', 'b', 'item 10', 'Item 9', 'ítem 9', 'item 009'].sort(compareText));
    expect(collatedOrder(values, 'asc')).toEqual([5, 4, 1, 2, 3, 0]);
    expect(collatedOrder(values, 'desc')).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('falls back to the collator where one character stands for two (ß is ss)', () => {
    const values = ['st', 'ßa', 'sr', 'ssb', 'sa'];
    const expected = values.map((_, i) => i).sort((a, b) => compareText(values[a], values[b]) || a - b);
    expect(collatedOrder(values, 'asc')).toEqual(expected);
  });
});
