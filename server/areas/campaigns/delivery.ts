/**
 * The delivery contract of a campaign: when it may buy traffic. An ad server reads a campaign's schedule (the
 * calendar grid, `active_from`, `active_to`) and limits and honours them while it buys; this panel's backend keeps
 * the campaign's state in step with the same rules (lifecycle.ts) and explains it on the campaign's page. Both
 * sides use these functions, so the demo ad server (server/demo/) and the panel cannot disagree about a rule.
 *
 * Times are UTC. The calendar is seven lists of open hours, Monday first; no calendar is every hour. `active_from`
 * and `active_to` are whole days: the campaign runs from 00:00 of the first to 24:00 of the last.
 * Limits are per hour, day (both from the start of the UTC hour and day) and in total, in the campaign's limit type:
 * money (spend), impressions or clicks.
 */
import { parseDecimal, roundDecimal } from '../../../engine/format/decimal';
import type { CampaignDelivery } from '../../../generated/types';

export const LIMIT_PERIODS = ['total', 'daily', 'hourly'] as const;
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];
export type LimitType = 'money' | 'impressions' | 'clicks';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A campaign's schedule as saved in its form. */
export interface Schedule {
  calendar: readonly (readonly number[])[] | null;
  activeFrom: string | null;
  activeTo: string | null;
}

/** The schedule in a campaign's saved form (the `model` column). */
export function scheduleOf(model: Record<string, unknown>): Schedule {
  const text = (v: unknown) => (typeof v === 'string' && v ? v : null);
  const calendar = Array.isArray(model.calendar_limits) && model.calendar_limits.length === 7 ? (model.calendar_limits as number[][]) : null;
  return { calendar, activeFrom: text(model.active_from), activeTo: text(model.active_to) };
}

/** Whether the calendar lets the campaign run in the hour of `at`. */
export function hourOpen(calendar: Schedule['calendar'], at: Date | number): boolean {
  if (!calendar) return true;
  const date = new Date(at);
  const day = (date.getUTCDay() + 6) % 7; // Monday first
  return calendar[day]?.includes(date.getUTCHours()) ?? false;
}

/** Ms since the epoch of 00:00 UTC of a `YYYY-MM-DD` day. */
const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** Where `at` falls against the campaign's dates: before `active_from`, within them, or after `active_to`. */
export function datesState(schedule: Pick<Schedule, 'activeFrom' | 'activeTo'>, at: Date | number): 'before' | 'within' | 'after' {
  const t = new Date(at).getTime();
  if (schedule.activeFrom && t < dayStart(schedule.activeFrom)) return 'before';
  if (schedule.activeTo && t >= dayStart(schedule.activeTo) + DAY) return 'after';
  return 'within';
}

/** The start of the next hour the schedule opens, from `at` on (the hour of `at` included); null when it never does. */
export function nextOpenHour(schedule: Schedule, at: Date | number): Date | null {
  let t = Math.floor(new Date(at).getTime() / HOUR) * HOUR;
  if (schedule.activeFrom) t = Math.max(t, dayStart(schedule.activeFrom));
  // A week of hours covers every hour the grid has.
  for (let i = 0; i <= 7 * 24; i++, t += HOUR) {
    if (datesState(schedule, t) === 'after') return null;
    if (hourOpen(schedule.calendar, t)) return new Date(t);
  }
  return null;
}

/** What a campaign has used in one period: money in micro-units (10⁻⁶), impressions, clicks. */
export interface Used {
  moneyMicros: number;
  impressions: number;
  clicks: number;
}

/** A limit in the unit `Used` counts (money in micro-units), or Infinity for none. */
export type Caps = Record<LimitPeriod, number>;

/** The campaign's limits as caps: each limit of its type, Infinity where it has none (or one beyond counting). */
export function capsOf(type: string, limits: Partial<Record<LimitPeriod, string | null>>): Caps {
  const cap = (value: string | null | undefined): number => {
    if (value === null || value === undefined || value === '') return Infinity;
    const units = roundDecimal(parseDecimal(value), type === 'money' ? 6 : 0).units;
    return units > BigInt(Number.MAX_SAFE_INTEGER) ? Infinity : Number(units);
  };
  return { total: cap(limits.total), daily: cap(limits.daily), hourly: cap(limits.hourly) };
}

/** The figure a limit of `type` counts. */
export function usedOf(type: string, used: Used): number {
  return type === 'impressions' ? used.impressions : type === 'clicks' ? used.clicks : used.moneyMicros;
}

/** The first limit (total, then daily, then hourly) that `used` has reached, or null. */
export function reachedLimit(type: string, caps: Caps, used: Record<LimitPeriod, Used>): LimitPeriod | null {
  return LIMIT_PERIODS.find((period) => usedOf(type, used[period]) >= caps[period]) ?? null;
}

/** When a limit of `period` reached at `at` lets the campaign buy again: the next hour, the next day, never (total). */
export function limitResumesAt(period: LimitPeriod, at: Date | number): Date | null {
  const t = new Date(at).getTime();
  if (period === 'hourly') return new Date(Math.floor(t / HOUR) * HOUR + HOUR);
  if (period === 'daily') return new Date(Math.floor(t / DAY) * DAY + DAY);
  return null;
}

/** What the campaign's page needs to say why a campaign is (not) buying traffic. */
export interface DeliveryInput extends Schedule {
  status: 'active' | 'paused' | 'archived';
  nextStatus: 'active' | 'paused' | null;
  /** The latest moderation status, null when never sent. */
  approval: string | null;
  limitExceededName: string | null;
  limitExceededType: string | null;
  /** The CPA test's state (cpaTest.ts); `disabled` outside CPA. */
  cpaStatus?: string;
}

/**
 * Why the campaign is or is not buying traffic at `now`, and until when when that is known. The first reason that
 * holds wins, in the order an advertiser would fix them: deleted, waiting for moderation or rejected, paused,
 * frozen (no balance), past its dates, before them, a failed CPA test, a limit reached, outside the schedule's hours.
 */
export function deliveryOf(c: DeliveryInput, now: Date): CampaignDelivery {
  const at = (d: Date | null) => d?.toISOString() ?? null;
  if (c.status === 'archived') return { state: 'archived', until: null };
  if (c.status !== 'active' && c.nextStatus === 'active') return { state: c.approval === 'rejected' || c.approval === 'needs_edits' ? 'rejected' : 'awaiting_approval', until: null };
  if (c.limitExceededName === 'balance') return { state: 'frozen', until: null };
  const dates = datesState(c, now);
  if (c.status !== 'active') return { state: dates === 'after' ? 'finished' : 'paused', until: null };
  if (dates === 'after') return { state: 'finished', until: null };
  if (dates === 'before') return { state: 'scheduled', until: at(nextOpenHour(c, now)) };
  if (c.cpaStatus === 'test_unsuccessful') return { state: 'cpa_test_failed', until: null };
  if (c.limitExceededName && (LIMIT_PERIODS as readonly string[]).includes(c.limitExceededName)) {
    const period = c.limitExceededName as LimitPeriod;
    const resumes = limitResumesAt(period, now);
    return { state: 'limit_reached', period, limit_type: c.limitExceededType as LimitType | null, until: at(resumes && nextOpenHour(c, resumes)) };
  }
  if (!hourOpen(c.calendar, now)) return { state: 'outside_schedule', until: at(nextOpenHour(c, now)) };
  return { state: 'delivering', until: null };
}
