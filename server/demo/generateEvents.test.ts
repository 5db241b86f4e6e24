/**
 * The demo ad server honours each campaign's delivery contract (areas/campaigns/delivery.ts): the statistics it
 * writes never leave the calendar's hours or the campaign's dates, never pass a limit of the campaign's type, and
 * never come from an excluded country.
 */
import { describe, expect, it } from 'vitest';
import { capsOf } from '../areas/campaigns/delivery';
import { EVENT_KIND, type EventRow } from '../areas/statistics/events';
import { generateEvents, type EventCampaign } from './generateEvents';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** A fixed "now": Thursday 2026-11-26, 18:00 UTC; 6 days of history start on Friday 2026-11-20. */
const NOW = new Date('2026-11-26T18:00:00Z');

const base: EventCampaign = { id: 1, userId: 1, adFormat: 'popunder', pricingModel: 'cpm', price: '2.0000', creativeIds: [0], countries: [] };

async function events(campaign: Partial<EventCampaign>, total = 20_000): Promise<EventRow[]> {
  const rows: EventRow[] = [];
  await generateEvents([{ ...base, ...campaign }], { events: total, days: 6, now: NOW }, async (batch) => void rows.push(...batch));
  return rows;
}

const impressions = (rows: EventRow[]) => rows.filter((r) => r.kind === EVENT_KIND.impression);
const dayOf = (at: number) => new Date(Math.floor(at / DAY) * DAY).toISOString().slice(0, 10);

/** Counts per key. */
function countBy(rows: EventRow[], key: (r: EventRow) => string | number): Map<string | number, number> {
  const out = new Map<string | number, number>();
  for (const r of rows) out.set(key(r), (out.get(key(r)) ?? 0) + 1);
  return out;
}

describe('the demo ad server', () => {
  it('buys only in the hours the calendar opens (here weekdays 9–16 UTC)', async () => {
    const open = [9, 10, 11, 12, 13, 14, 15, 16];
    const calendar = [open, open, open, open, open, [], []];
    const rows = await events({ schedule: { calendar, activeFrom: null, activeTo: null } });
    const shown = impressions(rows);
    expect(shown.length).toBeGreaterThan(100);
    for (const r of rows) {
      const at = new Date(r.occurredAt);
      expect([1, 2, 3, 4, 5]).toContain(at.getUTCDay());
      expect(open).toContain(at.getUTCHours());
    }
  });

  it('buys only between active_from and the end of active_to', async () => {
    const rows = await events({ schedule: { calendar: null, activeFrom: '2026-11-22', activeTo: '2026-11-24' } });
    const days = [...countBy(impressions(rows), (r) => dayOf(r.occurredAt)).keys()].sort();
    expect(days).toEqual(['2026-11-22', '2026-11-23', '2026-11-24']);
  });

  it('stops for the rest of the day at an impressions daily limit, counting what the day bought before the run', async () => {
    const caps = capsOf('impressions', { daily: '150' });
    const rows = await events({ limitType: 'impressions', caps });
    const perDay = countBy(impressions(rows), (r) => dayOf(r.occurredAt));
    expect([...perDay.values()].every((n) => n <= 150)).toBe(true);
    expect([...perDay.values()].filter((n) => n === 150).length).toBeGreaterThanOrEqual(5);
    // A run that starts on a day that already bought 140 buys at most 10 more that day.
    const rest: EventRow[] = [];
    const from = new Date('2026-11-26T00:00:00Z');
    const used = { total: { moneyMicros: 0, impressions: 140, clicks: 0 }, day: { moneyMicros: 0, impressions: 140, clicks: 0 } };
    await generateEvents([{ ...base, limitType: 'impressions', caps, used }], { events: 5_000, from, now: NOW }, async (batch) => void rest.push(...batch));
    expect(impressions(rest).length).toBe(10);
  });

  it('stops for the rest of the hour at a money hourly limit, and for good at a clicks total limit', async () => {
    const hourly = await events({ limitType: 'money', caps: capsOf('money', { hourly: '0.05' }) });
    const perHour = new Map<number, number>();
    for (const r of hourly) perHour.set(Math.floor(r.occurredAt / HOUR), (perHour.get(Math.floor(r.occurredAt / HOUR)) ?? 0) + r.costMicros);
    // The impression that reaches the limit is the last: at most one impression's cost (≤ 2.00 / 1000) over it.
    expect(Math.max(...perHour.values())).toBeLessThan(50_000 + 2_000);
    expect(Math.max(...perHour.values())).toBeGreaterThanOrEqual(50_000);

    const total = await events({ pricingModel: 'cpc', price: '0.0500', limitType: 'clicks', caps: capsOf('clicks', { total: '25' }) });
    const clicks = total.filter((r) => r.kind === EVENT_KIND.click);
    expect(clicks.length).toBe(25);
    const lastClick = Math.max(...clicks.map((r) => r.occurredAt));
    expect(impressions(total).every((r) => r.occurredAt <= lastClick + HOUR)).toBe(true);
  });

  it('never shows the ad in a country its target excludes', async () => {
    const rows = await events({ countries: [], excludedCountries: [840, 276] });
    const countries = countBy(impressions(rows), (r) => r.countryId);
    expect(countries.size).toBeGreaterThan(20);
    expect(countries.has(840)).toBe(false);
    expect(countries.has(276)).toBe(false);
  });
});
