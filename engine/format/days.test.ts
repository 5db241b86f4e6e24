import { describe, expect, it } from 'vitest';
import { addDays, dayOf, dayRangeProblem, daysBetween, everyDay } from './days';

describe('days', () => {
  it('adds days across months and leap days, in UTC', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(dayOf(Date.UTC(2026, 10, 21, 23, 59))).toBe('2026-11-21');
  });

  it('counts and lists the days of a range, both ends included', () => {
    expect(daysBetween('2026-11-07', '2026-11-21')).toBe(14);
    expect(everyDay('2026-02-27', '2026-03-02')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    expect(everyDay('2026-03-02', '2026-03-01')).toEqual([]);
  });
});

describe('dayRangeProblem', () => {
  it('takes a range of at most the limit, both days counted, and names what is wrong otherwise', () => {
    expect(dayRangeProblem({ start: '2026-11-20', end: '2026-11-20' }, 1)).toBeNull();
    expect(dayRangeProblem({ start: '2026-11-19', end: '2026-11-20' }, 1)).toBe('length');
    expect(dayRangeProblem({ start: '2025-11-20', end: '2026-11-20' }, 366)).toBeNull();
    expect(dayRangeProblem({ start: '2026-11-21', end: '2026-11-20' }, 366)).toBe('order');
    expect(dayRangeProblem({ start: '', end: '2026-11-20' }, 366)).toBe('format');
  });
});

