import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { ColumnDef, ColumnType, TotalRule } from './columnSet';
import { ExactSum } from './exactSum';
import { columnTotal, computeTotals } from './totals';

// An oracle written apart from engine/format/decimal.ts: decimals as BigInt units at a scale.
interface Exact {
  units: bigint;
  scale: number;
}
const pow10 = (n: number) => 10n ** BigInt(n);
const at = (d: Exact, scale: number) => d.units * pow10(scale - d.scale);
/** `n / d`, rounded half away from zero (d > 0). */
function roundedDiv(n: bigint, d: bigint): bigint {
  const q = (n < 0n ? -n : n) / d;
  const r = (n < 0n ? -n : n) % d;
  const magnitude = r * 2n >= d ? q + 1n : q;
  return n < 0n ? -magnitude : magnitude;
}
/** The plain decimal string of `units / 10^scale`. */
function plain(units: bigint, scale: number): string {
  const digits = (units < 0n ? -units : units).toString().padStart(scale + 1, '0');
  const int = digits.slice(0, digits.length - scale);
  const text = scale ? `${int}.${digits.slice(-scale)}` : int;
  return units < 0n ? `-${text}` : text;
}
function expectedSum(values: Exact[], scale: number): string {
  const s = Math.max(scale, ...values.map((v) => v.scale));
  const total = values.reduce((sum, v) => sum + at(v, s), 0n);
  return plain(roundedDiv(total, pow10(s - scale)), scale);
}
function expectedMean(values: Exact[], scale: number): string {
  const s = Math.max(scale, ...values.map((v) => v.scale));
  const total = values.reduce((sum, v) => sum + at(v, s), 0n);
  return plain(roundedDiv(total, BigInt(values.length) * pow10(s - scale)), scale);
}

/** A decimal and the ways the API (or a careless source) may write it. */
const exact = fc.record({
  units: fc.bigInt({ min: -(10n ** 24n), max: 10n ** 24n }),
  scale: fc.nat({ max: 9 }),
});
const written = exact.chain((d) =>
  fc.constantFrom<[Exact, unknown]>(
    [d, plain(d.units, d.scale)], // the usual: '12.3400'
    [d, `${d.units}e-${d.scale}`], // exponent form
    [d, ` ${plain(d.units, d.scale)} `], // padded
    ...(d.scale === 0 && d.units >= -(2n ** 53n) && d.units <= 2n ** 53n ? [[d, Number(d.units)] as [Exact, unknown]] : []), // counts as numbers
  ),
);
/** Short decimals as the API sends them: the fast path. */
const short = fc
  .record({ units: fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }), scale: fc.nat({ max: 6 }) })
  .map((d): [Exact, unknown] => [d, plain(d.units, d.scale)]);
const cell = fc.oneof(written, short);
const MISSING = [null, undefined, '', 'n/a', '  ', Number.NaN, Infinity, {}] as const;
const missing = fc.constantFrom(...MISSING);

const column = (type: ColumnType, total: TotalRule = 'sum'): ColumnDef => ({ id: 'v', title: 'V', type, total });
const rowsOf = (cells: unknown[]) => cells.map((v) => ({ v }));
const SCALES: [ColumnType, number][] = [
  ['money', 2],
  ['cost', 4],
  ['count', 0],
  ['percent', 4],
];

describe('totals: properties', () => {
  it.each(SCALES)('a %s sum is the exact sum rounded once, half away from zero, to %i decimals', (type, scale) => {
    fc.assert(
      fc.property(fc.array(cell, { minLength: 1, maxLength: 40 }), (cells) => {
        expect(columnTotal(column(type), rowsOf(cells.map(([, v]) => v)))).toBe(expectedSum(cells.map(([d]) => d), scale));
      }),
    );
  });

  it('an average (ctr) is the exact mean rounded half away from zero to 4 decimals', () => {
    fc.assert(
      fc.property(fc.array(cell, { minLength: 1, maxLength: 40 }), (cells) => {
        expect(columnTotal(column('percent', 'avg'), rowsOf(cells.map(([, v]) => v)))).toBe(expectedMean(cells.map(([d]) => d), 4));
      }),
    );
  });

  it('an average of a type without a fixed scale keeps the values’ scale, at least 4 decimals', () => {
    fc.assert(
      fc.property(fc.array(cell, { minLength: 1, maxLength: 20 }), (cells) => {
        const scale = Math.max(4, ...cells.map(([d]) => d.scale));
        expect(columnTotal(column('id', 'avg'), rowsOf(cells.map(([, v]) => v)))).toBe(expectedMean(cells.map(([d]) => d), scale));
      }),
    );
  });

  it('does not depend on the order of the rows', () => {
    const columns = [column('cost'), { ...column('percent', 'avg'), id: 'w' }];
    const rows = fc.array(fc.record({ v: fc.oneof(cell.map(([, v]) => v), missing), w: fc.oneof(cell.map(([, v]) => v), missing) }), { maxLength: 30 });
    fc.assert(
      fc.property(
        rows.chain((list) => fc.tuple(fc.constant(list), fc.shuffledSubarray(list, { minLength: list.length, maxLength: list.length }))),
        ([list, shuffled]) => {
          expect(computeTotals(columns, shuffled)).toEqual(computeTotals(columns, list));
        },
      ),
    );
  });

  it('leaves missing values and non-numbers out, of sums and of the count of an average', () => {
    fc.assert(
      fc.property(fc.array(cell, { maxLength: 20 }), fc.array(fc.tuple(fc.nat(), missing), { maxLength: 20 }), fc.boolean(), (cells, holes, absent) => {
        const values: unknown[] = cells.map(([, v]) => v);
        for (const [position, hole] of holes) values.splice(position % (values.length + 1), 0, hole);
        const rows = values.map((v) => (absent && (v === undefined || v === null) ? {} : { v }));
        const expectAvg = cells.length ? expectedMean(cells.map(([d]) => d), 4) : null;
        const expectSum = cells.length ? expectedSum(cells.map(([d]) => d), 2) : null;
        expect(columnTotal(column('percent', 'avg'), rows)).toBe(expectAvg);
        expect(columnTotal(column('money'), rows)).toBe(expectSum);
      }),
    );
  });

  it('is null for a column whose rule is none, whatever the values', () => {
    fc.assert(
      fc.property(fc.array(cell), (cells) => {
        expect(columnTotal(column('cost', 'none'), rowsOf(cells.map(([, v]) => v)))).toBeNull();
      }),
    );
  });
});

describe('totals: edges', () => {
  it('stays exact where float sums would not: many values near the fast path limit, and beyond it', () => {
    const big = '999999999999.999'; // 15 digits: the fast path
    expect(columnTotal(column('cost'), rowsOf(Array(5000).fill(big)))).toBe('4999999999999995.0000');
    const counts = rowsOf([2 ** 53 - 1, 2 ** 53 - 1, 1, 999_999_999_999_999]);
    expect(columnTotal(column('count'), counts)).toBe(expectedSum([2n ** 53n - 1n, 2n ** 53n - 1n, 1n, 999_999_999_999_999n].map((units) => ({ units, scale: 0 })), 0));
    expect(columnTotal(column('money'), rowsOf(['0.1', 0.2, '0.30000000000000000001']))).toBe('0.60');
  });

  it('rounds half away from zero once, not per value', () => {
    expect(columnTotal(column('money'), rowsOf(['0.004', '0.004']))).toBe('0.01');
    expect(columnTotal(column('money'), rowsOf(['-0.005']))).toBe('-0.01');
    expect(columnTotal(column('money'), rowsOf(['-0.004']))).toBe('0.00');
    expect(columnTotal(column('percent', 'avg'), rowsOf(['0.00015', '0.00015', '0.00015']))).toBe('0.0002');
  });

  it('averages 200,000 values of a type without a fixed scale (no argument-spread limit)', () => {
    const rows = rowsOf(Array.from({ length: 200_000 }, (_, i) => String(i % 10)));
    expect(columnTotal(column('id', 'avg'), rows)).toBe('4.5000');
  });

  it('ExactSum counts only numbers and reports the largest scale', () => {
    const sum = new ExactSum();
    for (const value of ['1.50', 2, null, 'x', '3e-5']) sum.add(value);
    expect(sum.count).toBe(3);
    expect(sum.maxScale).toBe(5);
    expect(sum.total()).toEqual({ units: 350003n, scale: 5 });
  });
});
