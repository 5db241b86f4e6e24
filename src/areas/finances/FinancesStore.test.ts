import { describe, expect, it, vi } from 'vitest';
import type { RequestOptions } from '../../../engine/api';
import { FinancesStore, lastDays, rangeProblem } from './FinancesStore';

const NOW = Date.parse('2026-11-26T10:00:00Z');

function setup() {
  const calls: { url: string; options: RequestOptions }[] = [];
  const api = {
    get: async <T,>(url: string, options: RequestOptions = {}) => {
      calls.push({ url, options });
      if (url === 'finances/summary') return { data: { balance: '120.00', days_left: 4 } } as T;
      return { data: { rows: [{ date: '2026-11-25', debit: '12.50', credit: '0.00' }, { date: '2026-11-26', debit: '0.00', credit: '500.00' }], totals: { debit: '12.50', credit: '500.00' } } } as T;
    },
  };
  return { store: new FinancesStore(api, () => NOW), calls };
}

describe('FinancesStore', () => {
  it('starts on the last 30 days, today included', () => {
    expect(lastDays(NOW, 7)).toEqual({ start: '2026-11-20', end: '2026-11-26' });
    expect(setup().store.range).toEqual({ start: '2026-10-28', end: '2026-11-26' });
  });

  it('loads the summary and the range’s days, each day of the range listed (missing ones at zero)', async () => {
    const { store, calls } = setup();
    store.loadSummary();
    store.setPreset(7);
    await vi.waitFor(() => expect(store.statistics).not.toBeNull());
    expect(store.summary?.balance).toBe('120.00');
    expect(calls.at(-1)).toMatchObject({ url: 'finances/statistics', options: { params: { start: '2026-11-20', end: '2026-11-26' } } });
    expect(store.days).toHaveLength(7);
    expect(store.days[0]).toEqual({ date: '2026-11-20', debit: '0.00', credit: '0.00' });
    expect(store.days.slice(-2)).toEqual([
      { date: '2026-11-25', debit: '12.50', credit: '0.00' },
      { date: '2026-11-26', debit: '0.00', credit: '500.00' },
    ]);
    expect(store.hasMoney).toBe(true);
  });

  it('takes a range the user picks, and refuses a backwards one or one longer than a year', () => {
    const { store, calls } = setup();
    expect(rangeProblem({ start: '2026-11-10', end: '2026-11-01' })).toBe('order');
    expect(rangeProblem({ start: '2025-01-01', end: '2026-11-01' })).toBe('length');
    expect(rangeProblem({ start: '', end: '2026-11-01' })).toBe('format');
    expect(store.setRange({ start: '2026-11-10', end: '2026-11-01' })).toBe(false);
    expect(calls).toHaveLength(0);
    expect(store.setRange({ start: '2026-11-01', end: '2026-11-10' })).toBe(true);
    expect([store.preset, calls[0].options.params]).toEqual([null, { start: '2026-11-01', end: '2026-11-10' }]);
  });
});
