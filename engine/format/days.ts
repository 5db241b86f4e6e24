/** Calendar days written `YYYY-MM-DD`, computed in UTC so no time zone shifts them. */

const DAY_MS = 86_400_000;

const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** The UTC day of a moment, `YYYY-MM-DD`. */
export const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** A day `days` after (or before, when negative) a day. */
export function addDays(day: string, days: number): string {
  return dayOf(dayStart(day) + days * DAY_MS);
}

/** Whole days from `start` to `end` (`end - start`). */
export function daysBetween(start: string, end: string): number {
  return Math.round((dayStart(end) - dayStart(start)) / DAY_MS);
}

/**
 * Every day from `start` to `end`, both included (empty when `end` is before `start`).
 * @example everyDay('2026-02-27', '2026-03-01'); // ['2026-02-27', '2026-02-28', '2026-03-01']
 */
export function everyDay(start: string, end: string): string[] {
  const days: string[] = [];
  for (let t = dayStart(start), last = dayStart(end); t <= last; t += DAY_MS) days.push(dayOf(t));
  return days;
}

/** A range of days, `YYYY-MM-DD`, both included. */
export interface DayRange {
  start: string;
  end: string;
}

/** Why a range of days cannot be asked for (a call limited to `maxDays` would answer 422), or null when it can. */
export function dayRangeProblem(range: DayRange, maxDays: number): 'format' | 'order' | 'length' | null {
  const day = /^\d{4}-\d{2}-\d{2}$/;
  if (!day.test(range.start) || !day.test(range.end)) return 'format';
  const days = daysBetween(range.start, range.end);
  if (Number.isNaN(days)) return 'format';
  if (days < 0) return 'order';
  return days + 1 > maxDays ? 'length' : null;
}
