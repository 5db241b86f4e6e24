import { describe, expect, it, vi } from 'vitest';
import { WeekSpendStore, sumWeekSpend } from './WeekSpendStore';

describe('sumWeekSpend', () => {
  it('sums exactly to 4 decimals (no float drift)', () => {
    expect(sumWeekSpend([{ money: '0.1' }, { money: '0.2' }])).toBe('0.3000');
    expect(sumWeekSpend([{ money: '1250.12345' }, { money: '0.00005' }])).toBe('1250.1235');
    expect(sumWeekSpend(Array.from({ length: 7 }, () => ({ money: '0.1000' })))).toBe('0.7000');
  });

  it('counts missing or malformed money as zero, and no items as 0.0000', () => {
    expect(sumWeekSpend([{ money: null }, { money: 'n/a' }, {}, { money: '3' }])).toBe('3.0000');
    expect(sumWeekSpend([])).toBe('0.0000');
  });
});

describe('WeekSpendStore', () => {
  it('loads and sums GET week-spent', async () => {
    const get = vi.fn(async () => ({ data: [{ date: '2026-11-20', money: '12.3400' }, { date: '2026-11-21', money: '0.0001' }] }));
    const store = new WeekSpendStore({ get } as never);
    expect(store.total).toBeNull();
    await store.load();
    expect(get).toHaveBeenCalledWith('week-spent');
    expect(store.total).toBe('12.3401');
    expect(store.status).toBe('ready');
  });

  it('keeps a failure in status and error', async () => {
    const store = new WeekSpendStore({ get: vi.fn().mockRejectedValue(new Error('nope')) } as never);
    await store.load();
    expect(store.status).toBe('error');
    expect(store.total).toBeNull();
  });
});
