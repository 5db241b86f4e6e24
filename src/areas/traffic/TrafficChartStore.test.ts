import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CountryTraffic } from '../../../generated/types';
import { allowedPricingModels, TrafficChartStore, type TrafficFormat, type TrafficRequest } from './TrafficChartStore';

const FORMATS: TrafficFormat[] = [
  { id: 'banner', name: 'Banner', pricing_models: ['cpm', 'cpc', 'cpa', 'cpm_goal', 'cpc_goal'], targets: ['country', 'site'] },
  { id: 'popunder', name: 'Popunder', pricing_models: ['cpm', 'cpa', 'cpm_goal'], targets: ['country', 'site'] },
  { id: 'native', name: 'Native', pricing_models: ['cpc', 'cpm', 'cpa', 'cpc_goal'], targets: ['country'] },
  { id: 'direct-link', name: 'Direct Link', pricing_models: ['cpa'], targets: ['country', 'site'] },
];
const CHART_MODELS = ['cpc', 'cpm'];

const row = (country_id: number, name: string, impressions: number): CountryTraffic => ({
  country_id,
  iso2: '',
  name,
  requests: impressions * 2,
  available_impressions: impressions + 100,
  impressions,
  clicks: Math.round(impressions / 100),
  conversions: 0,
  spend: '0.0000',
  ctr: 0.01,
  effective_cpm: '1.2000',
  effective_cpc: '0.1200',
  effective_cpa: null,
  recommended_price: '1.5000',
  win_rate_at_price: 0.5,
});
const ROWS = [row(1, 'Germany', 5000), row(2, 'France', 3000)];

/** A fake `api.post` that answers every call with `answer()` (or its rejection) and records each body and signal. */
function fakeApi(answer: () => Promise<CountryTraffic[]> = async () => ROWS) {
  const calls: { body: TrafficRequest; signal: AbortSignal }[] = [];
  const post = vi.fn(async (_url: string, body: unknown, options?: { signal?: AbortSignal }) => {
    calls.push({ body: body as TrafficRequest, signal: options!.signal! });
    return { data: await answer() };
  });
  return { api: { post } as never, post, calls };
}

/** A store set up with the formats above, its first load answered. */
async function readyStore(answer?: () => Promise<CountryTraffic[]>) {
  const fake = fakeApi(answer);
  const store = new TrafficChartStore(fake.api, { debounceMs: 500 });
  store.setup({ formats: FORMATS, chartPricingModels: CHART_MODELS, targetTypes: ['country', 'site'] });
  await vi.runAllTimersAsync();
  return { store, ...fake };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('allowedPricingModels', () => {
  it('offers the format’s models that the traffic chart settings name, in the format’s order', () => {
    expect(allowedPricingModels(FORMATS[0], CHART_MODELS)).toEqual(['cpm', 'cpc']);
    expect(allowedPricingModels(FORMATS[2], CHART_MODELS)).toEqual(['cpc', 'cpm']);
  });

  it('falls back to all the format’s models when the settings leave none of them, or name none', () => {
    expect(allowedPricingModels(FORMATS[3], CHART_MODELS)).toEqual(['cpa']);
    expect(allowedPricingModels(FORMATS[1], null)).toEqual(['cpm', 'cpa', 'cpm_goal']);
    expect(allowedPricingModels(undefined, CHART_MODELS)).toEqual([]);
  });
});

describe('TrafficChartStore', () => {
  it('starts on the first format and its first allowed pricing model, and loads at once', async () => {
    const { store, calls } = await readyStore();
    expect(store.filters).toMatchObject({ adFormat: 'banner', pricingModel: 'cpm' });
    expect(calls).toHaveLength(1);
    expect(calls[0].body).toEqual({ ad_format_id: 'banner', pricing_model: 'cpm', targets: {} });
    expect(store.rows).toEqual(ROWS);
    expect(store.top.map((r) => r.name)).toEqual(['Germany', 'France']);
  });

  it('resets the pricing model to the format’s first allowed one when the new format does not allow it', async () => {
    const { store } = await readyStore();
    store.setPricingModel('cpc');
    store.setAdFormat('popunder');
    expect(store.filters.pricingModel).toBe('cpm');
    expect(store.pricingModels).toEqual(['cpm']);
  });

  it('keeps the pricing model when the new format allows it', async () => {
    const { store } = await readyStore();
    store.setPricingModel('cpc');
    store.setAdFormat('native');
    expect(store.filters.pricingModel).toBe('cpc');
    store.setAdFormat('direct-link');
    expect(store.filters.pricingModel).toBe('cpa');
  });

  it('clears the chosen sites when premium sites are turned off', async () => {
    const { store } = await readyStore();
    store.setPremium(true);
    store.setPremiumSites([11, 12]);
    expect(store.request?.targets.site).toEqual({ accept: true, premium: true, premium_sites: [11, 12] });
    store.setPremium(false);
    expect(store.filters.premiumSites).toEqual([]);
    expect(store.request?.targets.site).toBeUndefined();
    store.setPremium(true);
    expect(store.filters.premiumSites).toEqual([]);
  });

  it('reloads after every filter change once the filters rest, cancelling what is superseded', async () => {
    let release: ((rows: CountryTraffic[]) => void) | undefined;
    const { store, calls } = await readyStore();
    expect(store.updating).toBe(false);
    store.setCountries([1]);
    // Waiting for the filters to rest already counts as updating (the chart dims, aria-busy).
    expect(store.updating).toBe(true);
    await vi.advanceTimersByTimeAsync(499);
    expect(calls).toHaveLength(1);
    store.setCountries([1, 2]);
    store.setPrice('1.25');
    await vi.advanceTimersByTimeAsync(500);
    // Three changes, one request, with the last filters.
    expect(calls).toHaveLength(2);
    expect(calls[1].body).toEqual({ ad_format_id: 'banner', pricing_model: 'cpm', price: '1.25', targets: { country: { accept: true, countries: [1, 2] } } });

    // A slow answer is cancelled by the next change and never lands.
    const slow = fakeApi(() => new Promise((resolve) => (release = resolve)));
    const store2 = new TrafficChartStore(slow.api, { debounceMs: 500 });
    store2.setup({ formats: FORMATS, chartPricingModels: CHART_MODELS });
    store2.setPricingModel('cpc');
    await vi.advanceTimersByTimeAsync(500);
    expect(slow.calls).toHaveLength(2);
    expect(slow.calls[0].signal.aborted).toBe(true);
    expect(slow.calls[1].signal.aborted).toBe(false);
    release?.([ROWS[1]]);
    await vi.runAllTimersAsync();
    expect(store2.table.status).toBe('ready');
    expect(store2.rows).toEqual([ROWS[1]]);
  });

  it('asks nothing when a change leaves the request as it was (a price still being typed)', async () => {
    const { store, calls } = await readyStore();
    store.setPrice('1.');
    expect(store.priceInvalid).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toHaveLength(1);
    expect(store.request).not.toHaveProperty('price');
    store.setPrice('1.5');
    await vi.advanceTimersByTimeAsync(500);
    expect(calls).toHaveLength(2);
    expect(calls[1].body.price).toBe('1.5');
  });

  it('sends only the targets the format offers on this network', async () => {
    const { store } = await readyStore();
    store.setCountries([7]);
    store.setPremium(true);
    store.setAdFormat('native');
    expect(store.offers('site')).toBe(false);
    expect(store.request?.targets).toEqual({ country: { accept: true, countries: [7] } });
    store.setup({ formats: FORMATS, chartPricingModels: CHART_MODELS, targetTypes: ['site'] });
    expect(store.offers('country')).toBe(false);
    expect(store.request?.targets).toEqual({});
  });

  it('empties the traffic list when an update fails, and fills it again on retry', async () => {
    let fail = false;
    const { store } = await readyStore(async () => {
      if (fail) throw new Error('The traffic service is down');
      return ROWS;
    });
    expect(store.rows).toHaveLength(2);
    fail = true;
    store.setCountries([1]);
    await vi.runAllTimersAsync();
    expect(store.table.status).toBe('error');
    expect((store.table.error as Error).message).toBe('The traffic service is down');
    expect(store.rows).toEqual([]);
    expect(store.top).toEqual([]);
    expect(store.totals.countries).toBe(0);
    fail = false;
    store.retry();
    await vi.runAllTimersAsync();
    expect(store.table.status).toBe('ready');
    expect(store.rows).toHaveLength(2);
  });

  it('draws at most 15 countries, most impressions first, and sums every country', async () => {
    const many = Array.from({ length: 20 }, (_, i) => row(i + 1, `Country ${i + 1}`, (i + 1) * 10));
    const { store } = await readyStore(async () => many);
    expect(store.top).toHaveLength(15);
    expect(store.top[0].name).toBe('Country 20');
    expect(store.totals.countries).toBe(20);
    expect(store.totals.impressions).toBe(many.reduce((s, r) => s + r.impressions, 0));
  });
});
