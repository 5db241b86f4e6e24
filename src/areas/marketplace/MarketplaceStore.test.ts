import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FlatDeal, Site } from '../../../generated/types';
import { dealQuery, isPriceBound, MarketplaceStore, NO_FILTERS } from './MarketplaceStore';

const report = { description: null, favicon_url: null, audience_age: null, category: 'News / Local', category_rank: null, female: null, male: null, global_rank: null, time_on_site: null, pages_per_visit: null, top_countries: [], total_visits: 1000, title: null, audience_ages: [], country_shares: [] };
const site = (id: number, domain: string, premium: boolean, visits: number, category = 'News / Local'): Site => ({
  id, domain, premium, is_new: false, tubecorp: false, logo: null, category_group_id: 12, category_ids: [], ad_formats: ['banner'], placement_type_ids: [], traffic_type_id: 1, marketplace: true,
  site_report: { ...report, total_visits: visits, category },
});
const SITES = [site(1, 'zeta-news.com', false, 500), site(2, 'alpha-sport.com', true, 100, 'Sports / Football'), site(3, 'beta-news.net', false, 900)];

function fakeApi() {
  const calls: { url: string; params?: Record<string, unknown>; signal: AbortSignal }[] = [];
  const get = vi.fn(async (url: string, options: { params?: Record<string, unknown>; signal: AbortSignal }) => {
    calls.push({ url, params: options.params, signal: options.signal });
    return url === 'sites/marketplace' ? { data: SITES } : { data: [] as FlatDeal[], recordsFiltered: 0 };
  });
  return { api: { get } as never, calls };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('dealQuery', () => {
  it('sends the filters set, a page from 1, and leaves out half-typed price bounds', () => {
    expect(dealQuery({ ...NO_FILTERS, ad_format_id: 'banner', tier_id: '2', price_from: '10.5', price_to: '1.', search: ' news ', available: true }, { column: 'price', direction: 'asc' }, 2, 25)).toEqual({
      page: 3, per_page: 25, sort: 'price', order: 'asc', ad_format_id: ['banner'], tier_id: [2], price_from: '10.5', search: 'news', status: ['available'],
    });
    expect([isPriceBound(''), isPriceBound('12.50'), isPriceBound('12.505'), isPriceBound('-1')]).toEqual([true, true, false, false]);
  });
});

describe('MarketplaceStore', () => {
  it('loads the sites and the deals, then reloads the deals once typing rests, cancelling the load it supersedes', async () => {
    const { api, calls } = fakeApi();
    const store = new MarketplaceStore(api, { debounceMs: 300 });
    store.start();
    await vi.runAllTimersAsync();
    expect(calls.map((c) => c.url).sort()).toEqual(['flat-deals', 'sites/marketplace']);
    store.setFilter('search', 'n');
    store.setFilter('search', 'ne');
    store.setFilter('search', 'news');
    await vi.advanceTimersByTimeAsync(299);
    expect(calls.filter((c) => c.url === 'flat-deals')).toHaveLength(1);
    await vi.runAllTimersAsync();
    const loads = calls.filter((c) => c.url === 'flat-deals');
    expect(loads).toHaveLength(2);
    expect(loads[1]!.params).toMatchObject({ search: 'news', page: 1 });
    store.dispose();
  });

  it('clears a country group of another format when the format changes, and lists sites premium first then by visits', async () => {
    const { api } = fakeApi();
    const store = new MarketplaceStore(api, { debounceMs: 0 });
    store.start();
    await vi.runAllTimersAsync();
    store.setFilter('ad_format_id', 'banner');
    store.setFilter('country_group_id', 'banner-1');
    store.setFilter('ad_format_id', 'banner');
    expect(store.filters.country_group_id).toBe('banner-1');
    store.setFilter('ad_format_id', 'popunder');
    expect(store.filters.country_group_id).toBe('');
    expect(store.hasFilters).toBe(true);
    store.clearFilters();
    expect(store.hasFilters).toBe(false);
    expect(store.visibleSites.map((s) => s.id)).toEqual([2, 3, 1]);
    store.setSiteSearch('NEWS');
    expect(store.visibleSites.map((s) => s.domain)).toEqual(['beta-news.net', 'zeta-news.com']);
    store.dealsOfSite(SITES[0]!);
    expect(store.filters).toEqual({ ...NO_FILTERS, search: 'zeta-news.com' });
    store.dispose();
  });
});
