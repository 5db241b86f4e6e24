/**
 * The demo's click-through rates are those of real networks, per ad format: popunders and direct links a few percent
 * at most, push (web push, in-page) around 0.5–5 %, banners 0.05–1 %. Both halves of the demo must keep to them: the
 * traffic model the campaign form's estimate reads (traffic_daily, every country and day) and the statistics the demo
 * ad server writes for a campaign (clicks over impressions, weights summed).
 */
import { describe, expect, it } from 'vitest';
import { EVENT_KIND } from '../areas/statistics/events';
import { loadAdFormats } from '../settings/adFormats';
import { trafficOf } from './campaignTraffic';
import { generateEvents } from './generateEvents';
import { trafficDays, trafficForDay } from './generateTraffic';

/** Format → [lowest, highest] CTR, as fractions. */
const BANDS: Record<string, [number, number]> = {
  popunder: [0.002, 0.03],
  'direct-link': [0.005, 0.05],
  'web-push': [0.005, 0.05],
  'in-page': [0.005, 0.05],
  'notification-widget': [0.002, 0.03],
  banner: [0.0005, 0.01],
  native: [0.001, 0.01],
  gallery: [0.001, 0.03],
  interstitial: [0.003, 0.05],
  'in-stream': [0.001, 0.02],
  'ios-calendar': [0.005, 0.05],
};

const formats = [...loadAdFormats().values()];
const NOW = new Date('2026-11-26T18:00:00Z');

describe('click-through rates per ad format', () => {
  it('has a band for every format', () => {
    expect(formats.map((f) => f.id).filter((id) => !BANDS[id])).toEqual([]);
  });

  it('the traffic model keeps every country and day of every format in its band', () => {
    for (const format of formats) {
      const [low, high] = BANDS[format.id];
      for (const day of trafficDays(7, NOW)) {
        for (const row of trafficForDay({ id: format.id, targets: format.targets }, day, false)) {
          if (row.impressions < 10_000) continue;
          const ctr = row.clicks / row.impressions;
          expect(ctr, `${format.id} country ${row.countryId} on ${day}`).toBeGreaterThanOrEqual(low);
          expect(ctr, `${format.id} country ${row.countryId} on ${day}`).toBeLessThanOrEqual(high);
        }
      }
    }
  });

  it('a campaign of every format gets statistics with a CTR in its band, creatives of every appeal included', async () => {
    for (const [n, format] of formats.entries()) {
      const [low, high] = BANDS[format.id];
      const pricingModel = format.pricing_models[0];
      const campaign = { id: 100 + n, userId: 1, adFormat: format.id, pricingModel, price: pricingModel.startsWith('cpc') ? '0.5000' : pricingModel === 'cpa' ? '20.0000' : '9.0000', creativeIds: [101, 102, 103] };
      let impressions = 0;
      let clicks = 0;
      await generateEvents([{ ...campaign, traffic: trafficOf(campaign) }], { events: 6_000, days: 7, now: NOW }, async (rows) => {
        for (const r of rows) {
          if (r.kind === EVENT_KIND.impression) impressions += r.weight;
          if (r.kind === EVENT_KIND.click) clicks += r.weight;
        }
      });
      expect(impressions, format.id).toBeGreaterThan(10_000);
      expect(clicks / impressions, format.id).toBeGreaterThanOrEqual(low);
      expect(clicks / impressions, format.id).toBeLessThanOrEqual(high);
    }
  });
});
