import { makeAutoObservable, observableRef } from 'mobx';
import { Loader } from '../../../engine/state/Loader';
import type { CompareSeries } from '../../../generated/types';
import type { CompareState } from './reportFilters';

/** Sends the compare call (the API client's GET, silent: the chart shows failures in place). */
export type CompareFetch = (endpoint: string, params: Record<string, unknown>, signal: AbortSignal) => Promise<{ data: CompareSeries[] }>;

/** The top-row count the mode opens with. */
export const DEFAULT_COMPARE_LIMIT = 5;

/**
 * The chart's compare mode of a statistics report: whether it is on, how many top rows, whether the rest show as
 * "Other", and the series of the last answer (GET campaign-statistics/compare). The report decides when to load
 * (StatisticsStore.syncCompare); a load for the same question as the one shown or in flight is not sent again.
 */
export class CompareStore {
  enabled = false;
  limit = DEFAULT_COMPARE_LIMIT;
  other = false;
  /** The series of the last answer, the top rows first. */
  series: CompareSeries[] = [];
  /** The question of the series shown (or being loaded), as its params' JSON. */
  private asked = '';
  private params: Record<string, unknown> = {};

  readonly loader = new Loader<{ data: CompareSeries[] }>({
    fetch: (signal) => this.fetch(this.endpoint, this.params, signal),
    apply: (answer) => {
      this.series = Array.isArray(answer?.data) ? answer.data : [];
    },
  });

  constructor(
    private readonly fetch: CompareFetch,
    private readonly endpoint: string,
  ) {
    makeAutoObservable<CompareStore, 'fetch' | 'endpoint' | 'asked' | 'params'>(this, { series: observableRef, loader: false, fetch: false, endpoint: false, asked: false, params: false }, { autoBind: true });
  }

  get status() {
    return this.loader.status;
  }

  /** The mode as the address keeps it; null when off. */
  get state(): CompareState | null {
    return this.enabled ? { limit: this.limit, other: this.other } : null;
  }

  /** Sets the mode from an address or a control (a limit outside 1–10 is ignored). */
  set(state: Partial<CompareState> & { enabled?: boolean }): void {
    if (state.enabled !== undefined) this.enabled = state.enabled;
    if (state.limit !== undefined && Number.isInteger(state.limit) && state.limit >= 1 && state.limit <= 10) this.limit = state.limit;
    if (state.other !== undefined) this.other = state.other;
  }

  /** Loads the series for the report's params (range, grouping, filters, metric) unless already shown or loading. */
  load(params: Record<string, unknown>): void {
    const request = { ...params, limit: this.limit, ...(this.other ? { other: true } : {}) };
    const key = JSON.stringify(request);
    if (key === this.asked && (this.loader.status === 'ready' || this.loader.status === 'loading')) return;
    this.asked = key;
    this.params = request;
    void this.loader.run();
  }

  /** Asks again (after a failure, or for fresh numbers). */
  retry(): void {
    void this.loader.run();
  }

  /** Stops a load in flight; the next `load` asks again. */
  stop(): void {
    this.loader.abort();
    this.asked = '';
  }
}
