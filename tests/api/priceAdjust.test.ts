/**
 * The recommended price and price auto-adjust (server/areas/campaigns/priceAdjust.ts, the hourly job
 * `campaigns.price-auto-adjust`): a campaign answers the traffic estimate's recommended price for its targets, and
 * one with auto-adjust on climbs toward it by its step each hour, never past it nor past its maximum.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedTraffic } from '../../server/demo/generateTraffic';
import { runPriceAdjust } from '../../server/areas/campaigns/priceAdjust';
import { advertiserWithAd, api, approvedCampaign, build, type Advertiser, type TestApp } from './helper';

let t: TestApp;
let who: Advertiser;

/** An approved campaign in Germany at the minimum CPM price, with `over`'s settings. */
const campaign = (over: Record<string, unknown> = {}) => approvedCampaign(t, who, { name: 'Adjusted', price: '0.0500', targets: { country: { accept: true, countries: [276] } }, ...over });

const view = async (id: number) => (await api(t.app, 'GET', `campaigns/${id}`, { token: who.token })).json().data as { price: string; recommended_price: string | null };

beforeAll(async () => {
  t = await build();
  await seedTraffic(t.database.db, { today: new Date() });
  who = await advertiserWithAd(t);
}, 120_000);
afterAll(() => t?.close());

describe('the recommended price', () => {
  it('is part of the campaign answer, from the estimate for its targets', async () => {
    const id = await campaign();
    const { recommended_price } = await view(id);
    const estimate = await api(t.app, 'POST', 'available-traffic', { token: who.token, body: { ad_format_id: 'popunder', pricing_model: 'cpm', targets: { country: { accept: true, countries: [276] } } } });
    expect(recommended_price).toBe(estimate.json().data.recommended_price);
    expect(Number(recommended_price)).toBeGreaterThan(0.05);
  });
});

describe('price auto-adjust', () => {
  it('raises the price by its step each pass, up to the recommended price', async () => {
    const id = await campaign({ enable_price_auto_adjust: true, price_adjustment_ratio: 50, max_adjusted_price: '100.0000' });
    const fixed = await campaign();
    const { recommended_price } = await view(id);
    const prices: string[] = [];
    for (let pass = 0; pass < 30; pass++) {
      const moved = await runPriceAdjust(t.app);
      if (!moved.some((m) => m.id === id)) break;
      prices.push((await view(id)).price);
    }
    expect(prices[0]).toBe('0.0750');
    expect(prices[1]).toBe('0.1125');
    expect(prices.at(-1)).toBe(recommended_price);
    expect((await view(fixed)).price).toBe('0.0500');
  });

  it('stops at its maximum when that is lower', async () => {
    const id = await campaign({ enable_price_auto_adjust: true, price_adjustment_ratio: 100, max_adjusted_price: '0.0800' });
    await runPriceAdjust(t.app);
    await runPriceAdjust(t.app);
    expect((await view(id)).price).toBe('0.0800');
  });
});
