import { describe, expect, it } from 'vitest';
import { HttpError } from '../../httpError';
import { addDays, checkApplication, daysBetween } from './checkApplication';
import type { FlatDealRecord } from './repository';

const deal: FlatDealRecord = {
  id: 7,
  networkId: 'adnet',
  key: 'site:10001:banner',
  kind: 'site',
  siteId: 10001,
  name: 'newsdaily.com',
  adFormatId: 'banner',
  countryGroupId: null,
  countryIds: [840],
  tierId: 1,
  trafficTypeId: 1,
  limitType: 'impressions',
  limitValue: 100_000,
  price: '250.00',
  limits: [
    { limit_type: 'impressions', rate: '2.5000', per: 1000, min_value: 50_000, max_value: 1_000_000 },
    { limit_type: 'days', rate: '40.0000', per: 1, min_value: 7, max_value: 30 },
  ],
  volumeDiscounts: [{ times_minimum: 5, percent: '10.00' }],
  leadDays: 2,
  maxDays: 30,
  totalVisits: 1_000_000,
  status: 'available',
  createdAt: new Date(),
};
const context = { today: '2026-11-28', currency: 'USD', creativeFormats: ['300x250', '728x90'] };
const body = { flat_deal_id: 7, limit_type: 'impressions' as const, limit_value: 250_000, starts_on: '2026-12-01', ends_on: '2026-12-14', creative_format: '300x250', contact_note: '  Call Ann  ' };

function errorsOf(run: () => unknown): Record<string, string[]> {
  try {
    run();
  } catch (e) {
    if (e instanceof HttpError) return Object.fromEntries(Object.entries((e.body as { errors: Record<string, unknown[]> }).errors).map(([k, v]) => [k, v.map(String)]));
    throw e;
  }
  throw new Error('no error');
}

describe('checkApplication', () => {
  it('prices the package by the deal and keeps the rest as typed, the note trimmed', () => {
    expect(checkApplication(body, deal, context)).toEqual({
      flatDealId: 7,
      limitType: 'impressions',
      limitValue: 250_000,
      price: '562.50', // 625.00 less 10 %
      currency: 'USD',
      startsOn: '2026-12-01',
      endsOn: '2026-12-14',
      creativeFormat: '300x250',
      contactNote: 'Call Ann',
    });
  });

  it('holds the period to the lead time, the horizon, the deal\'s longest run and a package of days', () => {
    expect(errorsOf(() => checkApplication({ ...body, starts_on: '2026-11-29' }, deal, context))).toEqual({ starts_on: ['The deal can start on 2026-11-30 at the earliest.'] });
    expect(errorsOf(() => checkApplication({ ...body, starts_on: '2027-06-01', ends_on: '2027-06-02' }, deal, context))).toEqual({ starts_on: ['Start by 2027-05-27: deals are booked up to 180 days ahead.'] });
    expect(errorsOf(() => checkApplication({ ...body, ends_on: '2026-11-30' }, deal, context))).toEqual({ ends_on: ['The end is before the start.'] });
    expect(errorsOf(() => checkApplication({ ...body, ends_on: '2027-01-15' }, deal, context))).toEqual({ ends_on: ['The deal runs for 30 days at most.'] });
    expect(errorsOf(() => checkApplication({ ...body, limit_type: 'days', limit_value: 10 }, deal, context))).toEqual({ ends_on: ['A package of 10 days ends on 2026-12-10.'] });
    expect(checkApplication({ ...body, limit_type: 'days', limit_value: 14 }, deal, context).price).toBe('560.00');
  });

  it('refuses a sold-out deal, a package it does not sell and a creative format it does not take, all at once', () => {
    const errors = errorsOf(() => checkApplication({ ...body, limit_type: 'clicks', creative_format: '160x600' }, { ...deal, status: 'sold_out' }, context));
    expect(errors).toEqual({
      flat_deal_id: ['This deal is sold out. Choose a similar one.'],
      limit_type: ['Choose one of: impressions, days'],
      creative_format: ['Choose one of: 300x250, 728x90'],
    });
    expect(errorsOf(() => checkApplication({ ...body, creative_format: undefined }, deal, context))).toEqual({ creative_format: ['Choose the creative format.'] });
    expect(errorsOf(() => checkApplication(body, deal, { ...context, creativeFormats: [] }))).toEqual({ creative_format: ['This deal takes no creative format.'] });
  });

  it('counts dates in whole UTC days', () => {
    expect([addDays('2026-12-30', 3), daysBetween('2026-12-01', '2026-12-14'), daysBetween('2024-02-28', '2024-03-01')]).toEqual(['2027-01-02', 14, 3]);
  });
});
