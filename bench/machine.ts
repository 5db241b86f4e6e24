/**
 * How busy the machine was around a bench section. These machines are shared: a test run or a type check next to the
 * bench moves its timings by tens of percent, so every timed section says when that happened.
 */
import { cpus } from 'node:os';

/** Above this share of CPU time used by others, a section's timings are flagged. */
export const BUSY_LIMIT = 0.25;

/** The share of CPU time (all cores) not idle over one second, while the benchmark itself does nothing. */
export async function cpuBusy(): Promise<number> {
  const total = () => cpus().reduce((sum, c) => ({ idle: sum.idle + c.times.idle, all: sum.all + Object.values(c.times).reduce((a, b) => a + b, 0) }), { idle: 0, all: 0 });
  const a = total();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const b = total();
  return 1 - (b.idle - a.idle) / Math.max(1, b.all - a.all);
}

/**
 * Runs a timed section between two samples of the machine's load and prints a WARNING when other work kept the CPUs
 * more than 25% busy before or after it. Whatever the section started (servers, browsers) must be closed by then.
 */
export async function watched<T>(run: () => Promise<T>): Promise<T> {
  const before = await cpuBusy();
  const result = await run();
  const after = await cpuBusy();
  if (Math.max(before, after) > BUSY_LIMIT) {
    console.log(`  WARNING: other work kept the CPUs ${(before * 100).toFixed(0)}% busy before and ${(after * 100).toFixed(0)}% after this section (limit ${BUSY_LIMIT * 100}%): its timings are inflated`);
  }
  return result;
}
