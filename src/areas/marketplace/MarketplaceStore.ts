import { makeAutoObservable } from 'mobx';
import type { ApiClient } from '../../../engine/api';
import type { FormValues } from '../../../engine/form/FormStore';
import { Loader } from '../../../engine/state/Loader';
import type { ColumnSet } from '../../../engine/table/columnSet';
import { TableStore } from '../../../engine/table/TableStore';
import dealColumns from '../../../schemas/marketplace/flat-deals.columns.json';
import type { FlatDeal, FlatDealsQuery, Site } from '../../../generated/types';

/** The sort keys of the deal list (schemas/marketplace/flat-deals.columns.json). */
export const dealColumnSet = dealColumns as unknown as ColumnSet;

/** The filter bar of the deals, as typed: empty means "any". */
export interface DealFilters {
  ad_format_id: string;
  country_group_id: string;
  country_ids: number[];
  tier_id: string;
  traffic_type_id: string;
  price_from: string;
  price_to: string;
  search: string;
  available: boolean;
}

export const NO_FILTERS: DealFilters = { ad_format_id: '', country_group_id: '', country_ids: [], tier_id: '', traffic_type_id: '', price_from: '', price_to: '', search: '', available: false };

const PRICE = /^\d{1,12}(\.\d{1,2})?$/;

/** Whether a typed price bound is one the API takes (empty is "no bound"). */
export const isPriceBound = (value: string) => value.trim() === '' || PRICE.test(value.trim());

/** The query of `GET flat-deals` for filters, sort and page; a half-typed price bound is left out. */
export function dealQuery(filters: DealFilters, sort: { column: string; direction: 'asc' | 'desc' }, page: number, perPage: number): FlatDealsQuery {
  const query: FlatDealsQuery = { page: page + 1, per_page: perPage as FlatDealsQuery['per_page'], sort: sort.column as FlatDealsQuery['sort'], order: sort.direction };
  if (filters.ad_format_id) query.ad_format_id = [filters.ad_format_id];
  if (filters.country_group_id) query.country_group_id = [filters.country_group_id];
  if (filters.country_ids.length) query.country_ids = filters.country_ids;
  if (filters.tier_id) query.tier_id = [Number(filters.tier_id)];
  if (filters.traffic_type_id) query.traffic_type_id = [Number(filters.traffic_type_id)];
  for (const bound of ['price_from', 'price_to'] as const) if (filters[bound].trim() && isPriceBound(filters[bound])) query[bound] = filters[bound].trim();
  if (filters.search.trim()) query.search = filters.search.trim();
  if (filters.available) query.status = ['available'];
  return query;
}

/**
 * The marketplace: the network's marketplace sites (GET sites/marketplace, searched in the page) beside its flat deals
 * (GET flat-deals, filtered, sorted and paged on the server; a filter change reloads once typing rests and cancels
 * the load in flight), and the site whose report is open.
 */
export class MarketplaceStore {
  readonly deals: TableStore<FlatDeal, DealFilters>;
  sites: Site[] = [];
  siteSearch = '';
  /** The site whose report is open, if any. */
  openSite: Site | null = null;
  readonly siteLoader = new Loader<{ data: Site[] }>({
    fetch: (signal) => this.api.get('sites/marketplace', { signal, silent: true }),
    apply: ({ data }) => (this.sites = data),
  });

  constructor(
    private readonly api: Pick<ApiClient, 'get'>,
    options: { debounceMs?: number; filters?: DealFilters } = {},
  ) {
    this.deals = new TableStore<FlatDeal, DealFilters>({
      columnSet: dealColumnSet,
      mode: 'server',
      filters: options.filters ?? NO_FILTERS,
      pageSize: 15,
      debounceMs: options.debounceMs,
      load: async (query, signal) => {
        const answer = await this.api.get<{ data: FlatDeal[]; recordsFiltered: number }>('flat-deals', {
          params: dealQuery(query.filters, query.sort, query.page, query.pageSize),
          signal,
          silent: true,
        });
        return { rows: answer.data, recordsFiltered: answer.recordsFiltered };
      },
    });
    makeAutoObservable<MarketplaceStore, 'api'>(this, { api: false, deals: false, siteLoader: false }, { autoBind: true });
  }

  /** Loads the sites and the first page of deals. */
  start(): void {
    void this.siteLoader.once();
    void this.deals.reload();
  }

  get filters(): DealFilters {
    return this.deals.filters;
  }

  /** The filters as the lookup widgets read a form's values (the country picker). */
  get values(): FormValues {
    return { ...this.deals.filters };
  }

  /** Changes one filter (the deals reload once the filters rest); changing the format clears a group of another format. */
  setFilter<K extends keyof DealFilters>(key: K, value: DealFilters[K]): void {
    const next = { ...this.deals.filters, [key]: value };
    if (key === 'ad_format_id' && next.country_group_id && !next.country_group_id.startsWith(`${String(value)}-`)) next.country_group_id = '';
    this.deals.setFilters(next);
  }

  clearFilters(): void {
    this.deals.setFilters(NO_FILTERS);
  }

  get hasFilters(): boolean {
    return JSON.stringify(this.deals.filters) !== JSON.stringify(NO_FILTERS);
  }

  /** Shows the deals of one site (its domain as the search). */
  dealsOfSite(site: Site): void {
    this.deals.setFilters({ ...NO_FILTERS, search: site.domain });
  }

  setSiteSearch(text: string): void {
    this.siteSearch = text;
  }

  /** The sites whose domain or category holds the search, premium first, then by visits. */
  get visibleSites(): Site[] {
    const term = this.siteSearch.trim().toLowerCase();
    const found = term ? this.sites.filter((s) => s.domain.includes(term) || (s.site_report.category ?? '').toLowerCase().includes(term)) : this.sites;
    return [...found].sort((a, b) => Number(b.premium) - Number(a.premium) || (b.site_report.total_visits ?? 0) - (a.site_report.total_visits ?? 0) || a.domain.localeCompare(b.domain));
  }

  openReport(site: Site | null): void {
    this.openSite = site;
  }

  dispose(): void {
    this.deals.dispose();
    this.siteLoader.abort();
  }
}
