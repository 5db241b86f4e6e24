import { describe, expect, it, vi } from 'vitest';
import { pendingCalls } from '../../../engine/state/pendingCalls';
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
    expect(get).toHaveBeenCalledWith('week-spent', { signal: expect.any(AbortSignal) });
    expect(store.total).toBe('12.3401');
    expect(store.status).toBe('ready');
  });

  it('goes loading → ready, and a call during the load shares it', async () => {
    const { calls, call } = pendingCalls();
    const store = new WeekSpendStore({ get: call } as never);
    const first = store.load();
    void store.load();
    expect([store.status, calls.length]).toEqual(['loading', 1]);
    calls[0].resolve({ data: [{ money: '1.5' }] });
    await first;
    expect([store.status, store.total]).toEqual(['ready', '1.5000']);
  });

  it('keeps a failure in status and error, and tries again on the next load', async () => {
    const get = vi.fn().mockRejectedValueOnce(new Error('nope')).mockResolvedValueOnce({ data: [{ money: '2' }] });
    const store = new WeekSpendStore({ get } as never);
    await store.load();
    expect(store.status).toBe('error');
    expect((store.error as Error).message).toBe('nope');
    expect(store.total).toBeNull();
    await store.load();
    expect([store.status, store.error, store.total]).toEqual(['ready', null, '2.0000']);
  });

  it('reset (sign-out) cancels the load in flight and drops its answer', async () => {
    const { calls, call } = pendingCalls();
    const store = new WeekSpendStore({ get: call } as never);
    const load = store.load();
    store.reset();
    expect(calls[0].signal?.aborted).toBe(true);
    calls[0].resolve({ data: [{ money: '9' }] });
    await load;
    expect([store.status, store.total]).toEqual(['idle', null]);
  });
});
