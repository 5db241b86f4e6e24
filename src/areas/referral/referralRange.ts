import { addDays, dayRangeProblem, type DayRange } from '../../../engine/format';

export type { DayRange };

/** The quick ranges of the statistics, ending today (or, for last month, at its last day). */
export const RANGE_PRESETS = ['last7', 'last30', 'thisMonth', 'lastMonth'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

/** How the statistics are grouped (referral-statistics.query.schema.json). */
export const GROUPINGS = ['day', 'month', 'referral'] as const;
export type Grouping = (typeof GROUPINGS)[number];

/** The longest range the server answers, in days (referral-statistics.query.schema.json). */
export const MAX_RANGE_DAYS = 366;

/** The days a preset covers on `today` (a UTC day, as the server groups the spend's hours). */
export function presetRange(preset: RangePreset, today: string): DayRange {
  const monthStart = `${today.slice(0, 8)}01`;
  switch (preset) {
    case 'last7':
      return { start: addDays(today, -6), end: today };
    case 'last30':
      return { start: addDays(today, -29), end: today };
    case 'thisMonth':
      return { start: monthStart, end: today };
    case 'lastMonth': {
      const end = addDays(monthStart, -1);
      return { start: `${end.slice(0, 8)}01`, end };
    }
  }
}

/** Why a range cannot be asked for (the server would answer 422), or null when it can. */
export const rangeProblem = (range: DayRange) => dayRangeProblem(range, MAX_RANGE_DAYS);
