import { describe, expect, it } from 'vitest';
import { presetRange, rangeProblem } from './referralRange';

describe('presetRange', () => {
  it('ends the rolling ranges and this month today, and last month on its last day', () => {
    expect(presetRange('last7', '2026-03-02')).toEqual({ start: '2026-02-24', end: '2026-03-02' });
    expect(presetRange('last30', '2026-03-02')).toEqual({ start: '2026-02-01', end: '2026-03-02' });
    expect(presetRange('thisMonth', '2026-03-02')).toEqual({ start: '2026-03-01', end: '2026-03-02' });
    expect(presetRange('lastMonth', '2026-03-02')).toEqual({ start: '2026-02-01', end: '2026-02-28' });
  });

  it('crosses into the year before', () => {
    expect(presetRange('lastMonth', '2026-01-15')).toEqual({ start: '2025-12-01', end: '2025-12-31' });
    expect(presetRange('last7', '2026-01-03')).toEqual({ start: '2025-12-28', end: '2026-01-03' });
  });
});

describe('rangeProblem', () => {
  it('takes one day up to 366, and names what is wrong otherwise', () => {
    expect(rangeProblem({ start: '2026-11-20', end: '2026-11-20' })).toBeNull();
    expect(rangeProblem({ start: '2025-11-20', end: '2026-11-20' })).toBeNull();
    expect(rangeProblem({ start: '2025-11-19', end: '2026-11-20' })).toBe('length');
    expect(rangeProblem({ start: '2026-11-21', end: '2026-11-20' })).toBe('order');
    expect(rangeProblem({ start: '', end: '2026-11-20' })).toBe('format');
  });
});
