import { describe, expect, it } from 'vitest';
import { capsOf, datesState, deliveryOf, hourOpen, nextOpenHour, reachedLimit, type DeliveryInput, type Used } from './delivery';

/** Thursday 2026-11-26, 14:30 UTC. */
const NOW = new Date('2026-11-26T14:30:00Z');
const weekdays = (hours: number[]) => [hours, hours, hours, hours, hours, [], []];
const running: DeliveryInput = { status: 'active', nextStatus: null, approval: 'approved', limitExceededName: null, limitExceededType: null, calendar: null, activeFrom: null, activeTo: null };
const used = (moneyMicros: number, impressions: number, clicks: number): Used => ({ moneyMicros, impressions, clicks });

describe('the delivery contract', () => {
  it('reads the calendar Monday first, in UTC hours', () => {
    const calendar = weekdays([14]);
    expect(hourOpen(calendar, NOW)).toBe(true);
    expect(hourOpen(calendar, new Date('2026-11-26T15:00:00Z'))).toBe(false);
    expect(hourOpen(calendar, new Date('2026-11-28T14:00:00Z'))).toBe(false); // Saturday
    expect(hourOpen(null, NOW)).toBe(true);
  });

  it('takes active_from and active_to as whole UTC days', () => {
    const dates = { activeFrom: '2026-11-26', activeTo: '2026-11-26' };
    expect(datesState(dates, new Date('2026-11-25T23:59:59Z'))).toBe('before');
    expect(datesState(dates, NOW)).toBe('within');
    expect(datesState(dates, new Date('2026-11-27T00:00:00Z'))).toBe('after');
  });

  it('finds the next open hour across days, and none past the last day', () => {
    const schedule = { calendar: weekdays([9]), activeFrom: null, activeTo: null };
    expect(nextOpenHour(schedule, NOW)?.toISOString()).toBe('2026-11-27T09:00:00.000Z');
    expect(nextOpenHour({ ...schedule, activeTo: '2026-11-26' }, NOW)).toBeNull();
    expect(nextOpenHour({ calendar: weekdays([]), activeFrom: null, activeTo: null }, NOW)).toBeNull();
  });

  it('counts limits in the campaign type, money in micro-units, the total first', () => {
    const caps = capsOf('money', { hourly: '1.50', daily: '10', total: null });
    expect(caps).toEqual({ hourly: 1_500_000, daily: 10_000_000, total: Infinity });
    expect(reachedLimit('money', caps, { hourly: used(1_499_999, 0, 0), daily: used(0, 0, 0), total: used(0, 0, 0) })).toBeNull();
    expect(reachedLimit('money', caps, { hourly: used(1_500_000, 0, 0), daily: used(10_000_000, 0, 0), total: used(0, 0, 0) })).toBe('daily');
    const clicks = capsOf('clicks', { total: '20' });
    expect(reachedLimit('clicks', clicks, { hourly: used(9e9, 9e9, 0), daily: used(0, 0, 0), total: used(0, 0, 20) })).toBe('total');
    expect(capsOf('money', { daily: '999999999999.99' }).daily).toBe(Infinity);
  });

  it('explains why a campaign does not buy, in the order an advertiser fixes it', () => {
    expect(deliveryOf(running, NOW)).toEqual({ state: 'delivering', until: null });
    expect(deliveryOf({ ...running, status: 'paused', nextStatus: 'active', approval: 'pending' }, NOW).state).toBe('awaiting_approval');
    expect(deliveryOf({ ...running, status: 'paused', nextStatus: 'active', approval: 'rejected' }, NOW).state).toBe('rejected');
    expect(deliveryOf({ ...running, status: 'paused', limitExceededName: 'balance', limitExceededType: 'money' }, NOW).state).toBe('frozen');
    expect(deliveryOf({ ...running, status: 'paused', activeTo: '2026-11-25' }, NOW).state).toBe('finished');
    expect(deliveryOf({ ...running, status: 'paused' }, NOW).state).toBe('paused');
    expect(deliveryOf({ ...running, activeFrom: '2026-11-28', calendar: weekdays([9]) }, NOW)).toEqual({ state: 'scheduled', until: '2026-11-30T09:00:00.000Z' });
    expect(deliveryOf({ ...running, limitExceededName: 'daily', limitExceededType: 'impressions' }, NOW)).toEqual({ state: 'limit_reached', period: 'daily', limit_type: 'impressions', until: '2026-11-27T00:00:00.000Z' });
    expect(deliveryOf({ ...running, limitExceededName: 'total', limitExceededType: 'clicks' }, NOW)).toEqual({ state: 'limit_reached', period: 'total', limit_type: 'clicks', until: null });
    expect(deliveryOf({ ...running, calendar: weekdays([16, 17]) }, NOW)).toEqual({ state: 'outside_schedule', until: '2026-11-26T16:00:00.000Z' });
  });
});
