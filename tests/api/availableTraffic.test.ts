import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedTraffic } from '../../server/demo/generateTraffic';
import { api, build, login, type TestApp } from './helper';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await build();
  // Plain test databases have no traffic: this file asks for it.
  await seedTraffic(t.database.db, { today: new Date('2026-11-22T12:00:00Z') });
  token = await login(t.app, 'advertiser@adnet.test');
});
afterAll(() => t?.close());

const estimate = (body: unknown, opts: { host?: string; token?: string; headers?: Record<string, string> } = {}) => api(t.app, 'POST', 'available-traffic', { token, body, ...opts });
const byCountry = (body: unknown) => api(t.app, 'POST', 'available-traffic-by-country', { token, body });

describe('POST available-traffic', () => {
  it('answers the per-day estimate of a campaign form, money as 4-decimal strings', async () => {
    const res = await estimate({
      ad_format_id: 'popunder',
      pricing_model: 'cpm',
      price: '2.5',
      targets: { country: { accept: true, countries: [840, 276, 250] }, 'operating-system': { accept: false, operating_systems: [3] }, 'connection-type': { type: 'wifi' }, region: { accept: true, regions: [12] } },
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ ad_format_id: 'popunder', pricing_model: 'cpm', price: '2.5000', minimum_price: '0.0500', countries: 3, days: 7, unnarrowed_targets: ['region'], approximate_targets: [], ignored_targets: [] });
    for (const key of ['spend', 'effective_cpm', 'effective_cpc', 'effective_cpa', 'recommended_price']) expect(data[key]).toMatch(/^\d+\.\d{4}$/);
    expect(data.available_impressions).toBeGreaterThan(data.impressions);
    expect(data.impressions).toBeGreaterThan(0);
    expect(data.win_rate_at_price).toBeGreaterThan(0);
    expect(data.win_rate_at_price).toBeLessThan(1);
    expect(data.ctr).toBeGreaterThan(0);
  });

  it('defaults to the first pricing model of the format and its recommended price', async () => {
    const data = (await estimate({ ad_format_id: 'web-push' })).json().data;
    expect(data.pricing_model).toBe('cpc');
    expect(data.price).toBe(data.recommended_price);
    expect(data.countries).toBeGreaterThan(50);
  });

  it('wants a token', async () => {
    const res = await estimate({ ad_format_id: 'banner' }, { token: '' });
    expect(res.statusCode).toBe(401);
    expect((await api(t.app, 'POST', 'available-traffic-by-country', { body: { ad_format_id: 'banner' } })).statusCode).toBe(401);
  });

  it('refuses formats the network does not sell and pricing models the format does not have', async () => {
    const unknown = await estimate({ ad_format_id: 'hologram' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ ad_format_id: ['Choose an ad format this network offers.'] });
    const pushhub = await estimate({ ad_format_id: 'banner' }, { host: 'pushhub.localhost', token: await login(t.app, 'advertiser@pushhub.test', 'pushhub.localhost') });
    expect(pushhub.statusCode).toBe(422);
    expect(Object.keys(pushhub.json().errors)).toEqual(['ad_format_id']);
    const model = await estimate({ ad_format_id: 'popunder', pricing_model: 'cpc' }, { headers: { 'accept-language': 'de' } });
    expect(model.statusCode).toBe(422);
    expect(model.json().errors.pricing_model).toHaveLength(1);
    expect(model.json().errors.pricing_model[0]).not.toBe('Popunder campaigns cannot use this pricing model.');
  });

  it('validates targets with the campaign form schemas', async () => {
    const bad = await estimate({ ad_format_id: 'banner', targets: { country: { accept: true, countries: ['x'] } } });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).some((k) => k.startsWith('targets.country.countries'))).toBe(true);
    const unknown = await estimate({ ad_format_id: 'banner', targets: { weather: { sunny: true } } });
    expect(unknown.statusCode).toBe(422);
    const price = await estimate({ ad_format_id: 'banner', price: '1.23456' });
    expect(price.statusCode).toBe(422);
    expect(Object.keys(price.json().errors)).toEqual(['price']);
    const extra = await estimate({ ad_format_id: 'banner', budget: 5 });
    expect(extra.statusCode).toBe(422);
  });

  it("leaves out targets the network does not offer for the format (PushHub sells no city targeting)", async () => {
    const res = await estimate({ ad_format_id: 'web-push', targets: { city: { accept: true, cities: [1] } } }, { host: 'pushhub.localhost', token: await login(t.app, 'advertiser@pushhub.test', 'pushhub.localhost') });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ ignored_targets: ['city'], unnarrowed_targets: [] });
  });
});

describe('POST available-traffic-by-country', () => {
  it('answers one row per country, most impressions first, adding up to the estimate', async () => {
    const body = { ad_format_id: 'banner', pricing_model: 'cpm', price: '0.8000', targets: { country: { accept: false, countries: [356] }, browser: { accept: true, browsers: [1, 10, 11] } } };
    const total = (await estimate(body)).json().data;
    const res = await byCountry(body);
    expect(res.statusCode).toBe(200);
    const rows = res.json().data as { country_id: number; iso2: string; impressions: number; requests: number; available_impressions: number; clicks: number; spend: string; recommended_price: string }[];
    expect(rows).toHaveLength(total.countries);
    expect(rows.some((r) => r.country_id === 356)).toBe(false);
    expect(rows[0].iso2).toMatch(/^[A-Z]{2}$/);
    expect(rows.map((r) => r.impressions)).toEqual([...rows.map((r) => r.impressions)].sort((a, b) => b - a));
    for (const key of ['requests', 'available_impressions', 'impressions', 'clicks'] as const) expect(rows.reduce((a, r) => a + r[key], 0)).toBe(total[key]);
    expect(rows.reduce((a, r) => a + Number(r.spend.replace('.', '')), 0)).toBe(Number(total.spend.replace('.', '')));
    const us = rows.find((r) => r.iso2 === 'US')!;
    const br = rows.find((r) => r.iso2 === 'BR')!;
    expect(Number(us.recommended_price)).toBeGreaterThan(Number(br.recommended_price));
  });

  it('is 422 for a malformed target too', async () => {
    const res = await byCountry({ ad_format_id: 'banner', targets: { 'connection-type': { type: 'satellite' } } });
    expect(res.statusCode).toBe(422);
  });
});
