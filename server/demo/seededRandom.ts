import { createHash } from 'node:crypto';

const runningSums = new WeakMap<object, Float64Array>();

/**
 * A small deterministic random source for generated reference data (sites, mobile apps): the same seed gives
 * the same numbers on every run and every machine, so generated ids, domains and names never change.
 * sfc32 seeded from the SHA-256 of the seed text; not for anything secret.
 */
export class SeededRandom {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: string) {
    const h = createHash('sha256').update(seed).digest();
    this.a = h.readUInt32BE(0);
    this.b = h.readUInt32BE(4);
    this.c = h.readUInt32BE(8);
    this.d = h.readUInt32BE(12);
    for (let i = 0; i < 12; i++) this.next();
  }

  /** A number in [0, 1). */
  next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return (t >>> 0) / 4294967296;
  }

  /** True with probability `p`. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** A number in [min, max) spread evenly on a log scale (ranks, visits). */
  logUniform(min: number, max: number): number {
    return Math.exp(Math.log(min) + this.next() * (Math.log(max) - Math.log(min)));
  }

  /** One item of a non-empty list. */
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  /**
   * One item, by weight: `[[item, weight], ...]`. The list's running sums are kept (per list, while it lives), so
   * drawing again from the same list is a binary search: the generators draw millions of times from a few lists.
   */
  weighted<T>(items: readonly (readonly [T, number])[]): T {
    let sums = runningSums.get(items);
    if (!sums) {
      sums = new Float64Array(items.length);
      let total = 0;
      items.forEach(([, w], i) => (sums![i] = total += w));
      runningSums.set(items, sums);
    }
    const x = this.next() * (sums[sums.length - 1] ?? 0);
    let lo = 0;
    let hi = items.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (sums[mid] > x) hi = mid;
      else lo = mid + 1;
    }
    return items[lo][0];
  }

  /** `count` different items of `items` (all of them when there are fewer), in the order drawn. */
  sample<T>(items: readonly T[], count: number): T[] {
    const pool = [...items];
    const out: T[] = [];
    while (out.length < count && pool.length) out.push(pool.splice(Math.floor(this.next() * pool.length), 1)[0]);
    return out;
  }
}
