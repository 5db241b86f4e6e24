import { addDecimals, tryParseDecimal, ZERO, type Decimal } from '../format/decimal';

/** A plain decimal string of at most 15 digits: its units fit a float exactly. */
const SHORT_DECIMAL = /^([+-]?)(\d+)(?:\.(\d+))?$/;
const MAX_DIGITS = 15;
/** Float sums stay exact below 2^53; each addend is below 10^15 < 2^50, so flushing above 2^52 keeps them exact. */
const FLUSH_ABOVE = 2 ** 52;
const SHORT_LIMIT = 10 ** MAX_DIGITS;

/**
 * An exact running sum of decimal cell values. Short plain decimals (what the API sends) and integers
 * below 10^15 add up as float units per scale, which is exact at that size and far cheaper than a BigInt per
 * value; anything else goes through the exact decimal parser. Values that are not numbers are not counted.
 * @example
 * const sum = new ExactSum();
 * ['0.1', '0.2', null, 'n/a'].forEach((v) => sum.add(v));
 * sum.count; // 2
 * formatDecimal(sum.total(), 2); // '0.30'
 */
export class ExactSum {
  /** How many values were added. */
  count = 0;
  /** Largest scale among the values added. */
  maxScale = 0;
  private readonly units: number[] = new Array<number>(MAX_DIGITS + 1).fill(0);
  private big: Decimal = ZERO;

  /** Adds one cell value; returns false (and adds nothing) when it is missing or not a number. */
  add(value: unknown): boolean {
    if (typeof value === 'number' && Number.isInteger(value) && Math.abs(value) < SHORT_LIMIT) {
      this.addUnits(value, 0);
      return true;
    }
    const short = typeof value === 'string' ? SHORT_DECIMAL.exec(value) : null;
    if (short && short[2].length + (short[3]?.length ?? 0) <= MAX_DIGITS) {
      const units = Number(short[2] + (short[3] ?? ''));
      this.addUnits(short[1] === '-' ? -units : units, short[3]?.length ?? 0);
      return true;
    }
    const decimal = tryParseDecimal(value);
    if (!decimal) return false;
    this.big = addDecimals(this.big, decimal);
    this.note(decimal.scale);
    return true;
  }

  /** The exact sum so far, at the largest scale added (zero when nothing was). */
  total(): Decimal {
    let total = this.big;
    this.units.forEach((units, scale) => {
      if (units !== 0) total = addDecimals(total, { units: BigInt(units), scale });
    });
    return total.scale < this.maxScale ? addDecimals(total, { units: 0n, scale: this.maxScale }) : total;
  }

  private addUnits(units: number, scale: number): void {
    if (Math.abs(this.units[scale]) > FLUSH_ABOVE) {
      this.big = addDecimals(this.big, { units: BigInt(this.units[scale]), scale });
      this.units[scale] = 0;
    }
    this.units[scale] += units;
    this.note(scale);
  }

  private note(scale: number): void {
    this.count++;
    if (scale > this.maxScale) this.maxScale = scale;
  }
}
