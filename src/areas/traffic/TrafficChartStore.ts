import { makeAutoObservable, runInAction } from 'mobx';
import type { ApiClient } from '../../../engine/api';
import type { ColumnSet } from '../../../engine/table/columnSet';
import { TableStore } from '../../../engine/table/TableStore';
import trafficColumns from '../../../schemas/traffic/traffic-chart.columns.json';
import type { CountryTraffic } from '../../../generated/types';

/** How long the filters must rest before availability is asked again. */
export const RELOAD_DELAY_MS = 500;

/** How many countries the chart draws (the table lists them all). */
export const TOP_COUNTRIES = 15;

/** A price as `POST available-traffic-by-country` takes it (schemas/traffic/available-traffic.schema.json). */
const PRICE = /^(0|[1-9][0-9]{0,8})(\.[0-9]{1,4})?$/;

/** The columns of the traffic table (schemas/traffic/traffic-chart.columns.json). */
export const trafficColumnSet = trafficColumns as unknown as ColumnSet;

/** What the page needs of an ad format (`GET settings` → `client_ad_formats`). */
export interface TrafficFormat {
  id: string;
  name: string;
  pricing_models: string[];
  targets: string[];
}

/** The filter bar. */
export interface TrafficFilters {
  adFormat: string;
  pricingModel: string;
  countries: number[];
  premium: boolean;
  premiumSites: number[];
  /** As typed; sent only when it is a valid price. */
  price: string;
}

/** The body of `POST available-traffic-by-country`, as the campaign form's estimate sends it. */
export interface TrafficRequest {
  ad_format_id: string;
  pricing_model?: string;
  price?: string;
  targets: {
    country?: { accept: boolean; countries: number[] };
    site?: { accept: boolean; premium: boolean; premium_sites: number[] };
  };
}

/** Where the page's choices come from: the formats sold here, the settings' traffic chart models, the network's targets. */
export interface TrafficChartSetup {
  formats: readonly TrafficFormat[];
  /** `GET settings` → `traffic_chart_pricing_models`; the chart offers a format's models among these. */
  chartPricingModels?: readonly string[] | null;
  /** The network's `targetTypes`: a filter shows only when the network sells its target. */
  targetTypes?: readonly string[] | null;
}

/**
 * The pricing models the chart offers for a format: the format's, narrowed to the traffic chart's models of the
 * settings when that leaves any (a format sold only by CPA still gets its own models).
 */
export function allowedPricingModels(format: TrafficFormat | undefined, chartModels?: readonly string[] | null): string[] {
  if (!format) return [];
  const narrowed = chartModels?.length ? format.pricing_models.filter((m) => chartModels.includes(m)) : [];
  return narrowed.length ? narrowed : [...format.pricing_models];
}

/** Whether a typed price is one the API takes (empty means "the recommended price"). */
export const isValidPrice = (price: string) => PRICE.test(price.trim());

const EMPTY_FILTERS: TrafficFilters = { adFormat: '', pricingModel: '', countries: [], premium: false, premiumSites: [], price: '' };

/**
 * The traffic availability chart: the filters and their rules (changing the ad format resets the pricing model to
 * the format's first allowed one when the current one is not allowed; turning premium sites off clears the chosen
 * sites), and the countries' traffic, reloaded after every filter change once the filters rest (a newer request
 * cancels the one in flight). A failed update empties the list (the spec) and keeps the error for a retry.
 */
export class TrafficChartStore {
  filters: TrafficFilters = EMPTY_FILTERS;
  formats: readonly TrafficFormat[] = [];
  chartPricingModels: readonly string[] | null = null;
  targetTypes: readonly string[] | null = null;
  readonly table: TableStore<CountryTraffic, TrafficRequest | null>;
  /** A change waits for the filters to rest before it is asked. */
  pending = false;
  /** The request last asked for (as JSON): a change that leaves it equal (a half-typed price) asks nothing. */
  private sent: string | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly delayMs: number;

  constructor(
    private readonly api: Pick<ApiClient, 'post'>,
    options: { debounceMs?: number } = {},
  ) {
    this.delayMs = options.debounceMs ?? RELOAD_DELAY_MS;
    this.table = new TableStore<CountryTraffic, TrafficRequest | null>({
      columnSet: trafficColumnSet,
      mode: 'client',
      filters: null,
      pageSize: 15,
      load: (query, signal) => this.fetch(query.filters, signal),
    });
    makeAutoObservable<TrafficChartStore, 'api' | 'sent' | 'fetch' | 'timer' | 'delayMs'>(
      this,
      { api: false, table: false, sent: false, fetch: false, offers: false, timer: false, delayMs: false },
      { autoBind: true },
    );
  }

  private async fetch(request: TrafficRequest | null, signal: AbortSignal) {
    if (!request) return { rows: [] };
    try {
      const { data } = await this.api.post<{ data: CountryTraffic[] }>('available-traffic-by-country', request, { signal, silent: true });
      return { rows: Array.isArray(data) ? data : [] };
    } catch (error) {
      // The spec: an update error empties the traffic list (a superseded request is no error).
      if (!signal.aborted) runInAction(() => (this.table.rows = []));
      throw error;
    }
  }

  /** Takes the formats and settings (again) and loads at once; an unknown or missing format becomes the first one. */
  setup({ formats, chartPricingModels = null, targetTypes = null }: TrafficChartSetup) {
    this.formats = formats;
    this.chartPricingModels = chartPricingModels;
    this.targetTypes = targetTypes;
    const format = formats.find((f) => f.id === this.filters.adFormat) ?? formats[0];
    this.filters = { ...this.filters, adFormat: format?.id ?? '' };
    this.resetPricingModel();
    this.ask();
  }

  /** The chosen format. */
  get format(): TrafficFormat | undefined {
    return this.formats.find((f) => f.id === this.filters.adFormat);
  }

  /** The pricing models of the chosen format the chart offers. */
  get pricingModels(): string[] {
    return allowedPricingModels(this.format, this.chartPricingModels);
  }

  /** Whether the chosen format on this network can be narrowed by a target (`country`, `site`). */
  offers(target: string): boolean {
    const format = this.format;
    return !!format && format.targets.includes(target) && (this.targetTypes === null || this.targetTypes.includes(target));
  }

  /** The price typed is not one the API takes (it is left out until it is). */
  get priceInvalid(): boolean {
    return this.filters.price.trim() !== '' && !isValidPrice(this.filters.price);
  }

  /** The request the filters make (null before a format is known). */
  get request(): TrafficRequest | null {
    const f = this.filters;
    if (!f.adFormat) return null;
    const targets: TrafficRequest['targets'] = {};
    if (f.countries.length && this.offers('country')) targets.country = { accept: true, countries: [...f.countries] };
    if (f.premium && this.offers('site')) targets.site = { accept: true, premium: true, premium_sites: [...f.premiumSites] };
    const price = f.price.trim();
    return {
      ad_format_id: f.adFormat,
      ...(f.pricingModel ? { pricing_model: f.pricingModel } : {}),
      ...(price && isValidPrice(price) ? { price } : {}),
      targets,
    };
  }

  /** The filters as the lookups' option sources read them (JSON Pointers `/ad_format`, `/pricing_model`, `/targets/...`). */
  get values(): Record<string, unknown> {
    return { ad_format: this.filters.adFormat, pricing_model: this.filters.pricingModel, targets: {} };
  }

  setAdFormat(id: string) {
    if (id === this.filters.adFormat) return;
    this.filters = { ...this.filters, adFormat: id };
    this.resetPricingModel();
    this.changed();
  }

  setPricingModel(model: string) {
    this.filters = { ...this.filters, pricingModel: model };
    this.changed();
  }

  setCountries(countries: number[]) {
    this.filters = { ...this.filters, countries };
    this.changed();
  }

  /** Premium sites on or off; off forgets the chosen sites. */
  setPremium(on: boolean) {
    this.filters = { ...this.filters, premium: on, premiumSites: on ? this.filters.premiumSites : [] };
    this.changed();
  }

  setPremiumSites(sites: number[]) {
    this.filters = { ...this.filters, premiumSites: sites };
    this.changed();
  }

  setPrice(price: string) {
    this.filters = { ...this.filters, price };
    this.changed();
  }

  /** Asks again now (after a failure). */
  retry() {
    this.ask();
  }

  /** A change is waiting for the filters to rest, or its answer is on its way. */
  get updating(): boolean {
    return this.pending || this.table.status === 'loading' || this.table.status === 'idle';
  }

  /** The countries' traffic (empty after a failed update). */
  get rows(): readonly CountryTraffic[] {
    return this.table.rows;
  }

  /** The countries with the most impressions, most first, for the chart. */
  get top(): CountryTraffic[] {
    return [...this.table.rows].sort((a, b) => b.impressions - a.impressions).slice(0, TOP_COUNTRIES);
  }

  /** Per-day sums over every country. */
  get totals(): { countries: number; requests: number; available: number; impressions: number; clicks: number } {
    const rows = this.table.rows;
    const sum = (pick: (r: CountryTraffic) => number) => rows.reduce((s, r) => s + pick(r), 0);
    return { countries: rows.length, requests: sum((r) => r.requests), available: sum((r) => r.available_impressions), impressions: sum((r) => r.impressions), clicks: sum((r) => r.clicks) };
  }

  /** Stops timers and the request in flight (the page is left). */
  dispose() {
    clearTimeout(this.timer);
    this.pending = false;
    this.table.dispose();
  }

  /** The format changed: keep the pricing model if the format allows it, else take its first allowed one. */
  private resetPricingModel() {
    const allowed = this.pricingModels;
    if (!allowed.includes(this.filters.pricingModel)) this.filters = { ...this.filters, pricingModel: allowed[0] ?? '' };
  }

  /** Asks for the current filters now (a request in flight is cancelled by the table). */
  private ask() {
    clearTimeout(this.timer);
    this.pending = false;
    const request = this.request;
    this.sent = JSON.stringify(request);
    this.table.setFilters(request);
    void this.table.reload();
  }

  /** A filter changed: ask once the filters have rested, unless the request stays what was asked. */
  private changed() {
    clearTimeout(this.timer);
    if (JSON.stringify(this.request) === this.sent) {
      this.pending = false;
      return;
    }
    this.pending = true;
    this.timer = setTimeout(this.ask, this.delayMs);
  }
}
