import { makeAutoObservable, observableRef, runInAction } from 'mobx';
import { ValidationError } from '../../../engine/api/errors';
import type { SortState } from '../../../engine/table/columnSet';
import type { ColumnSet } from './groupings';
import { TableStore, type TableLoader, type TableRow } from '../../../engine/table/TableStore';
import { metricType } from './groupings';
import {
  daysBetween,
  addDays,
  formatAddress,
  localToday,
  parseAddress,
  rangeErrors,
  requestParams,
  type ReportFilters,
  type ReportQuery,
} from './reportFilters';
import type { ReportPreset, ReportStorage, SavedReports } from './reportStorage';
import { CompareStore, type CompareFetch } from './CompareStore';
import type { CompareState } from './reportFilters';
import { fieldOfParam, type ReportField, type StatisticsScreenConfig } from './statisticsScreens';
import type { ReportPoint, ReportRow } from '../../../generated/types';

/** One day of the answer's `series`: the day and every metric (schemas/statistics/report-point.answer.schema.json). */
export type StatisticsPoint = ReportPoint;

/** What a statistics call answers: the rows of the grouping and one point per day of the range. */
export interface StatisticsAnswer {
  data: ReportRow[];
  series: ReportPoint[];
}

/** Sends a statistics call (the API client's GET, silent: the report shows failures in place). */
export type StatisticsFetch = (endpoint: string, params: Record<string, unknown>, signal: AbortSignal) => Promise<StatisticsAnswer>;

export interface StatisticsStoreOptions {
  config: StatisticsScreenConfig;
  /** The groupings offered, in selector order (see groupingsFor); at least one. */
  groupings: readonly ColumnSet[];
  fetch: StatisticsFetch;
  /** Sends the chart's compare call (the screen's `compareEndpoint`); without it the mode is not offered. */
  compareFetch?: CompareFetch;
  /** The user's saved reports and column choices. */
  storage: ReportStorage;
  /** The address the report opens from (a bookmark or a reload). */
  search?: URLSearchParams;
  /** Today as `YYYY-MM-DD` (the browser's calendar unless told). */
  today?: () => string;
  /** Delay of reloads after a filter change (700 ms unless told). */
  debounceMs?: number;
}

/** A column of the chooser: shown or not; the grouping's own column (the first) always shows. */
export interface ColumnChoice {
  id: string;
  title: string;
  visible: boolean;
  locked: boolean;
}

/** Whether two filter values are the same report. */
const sameFilters = (a: ReportFilters, b: ReportFilters) => JSON.stringify(a) === JSON.stringify(b);

/**
 * One statistics report (any of the three screens, any grouping): grouping, filters, the table (a client-mode
 * TableStore over the grouping's column set minus the hidden columns: debounced, superseded calls cancelled,
 * sorted, paged and totalled in memory), the chart's series and metric, the column chooser and saved reports.
 * Everything screen-specific comes from its `StatisticsScreenConfig`; everything grouping-specific from the column set.
 */
export class StatisticsStore {
  grouping: string;
  filters: ReportFilters;
  /** The metric asked for; `activeMetric` is what the chart shows (this one if the series has it). */
  chartMetric: string;
  /** The series of the last answer. */
  series: StatisticsPoint[] = [];
  /** Saved reports and column choices (persisted through `storage`). */
  saved: SavedReports;
  /** The table of the current grouping and visible columns; replaced when either changes. */
  table: TableStore<TableRow, ReportQuery>;
  /** The chart's compare mode (the top rows of the grouping as separate series); null when the screen has none. */
  readonly compare: CompareStore | null;

  readonly config: StatisticsScreenConfig;
  readonly groupings: readonly ColumnSet[];
  private readonly fetch: StatisticsFetch;
  private readonly storage: ReportStorage;
  private readonly today: () => string;
  private readonly debounceMs: number | undefined;
  /** The last answer and the call it answered: a column toggled or a table rebuilt does not call again. */
  private cache: { key: string; answer: StatisticsAnswer } | null = null;

  constructor(options: StatisticsStoreOptions) {
    if (!options.groupings.length) throw new Error(`${options.config.screen}: no statistics grouping is offered (schemas/statistics/*.columns.json, source.screen)`);
    this.config = options.config;
    this.groupings = options.groupings;
    this.fetch = options.fetch;
    this.storage = options.storage;
    this.today = options.today ?? (() => localToday());
    this.debounceMs = options.debounceMs;
    const address = parseAddress(options.search ?? new URLSearchParams(), this.config, this.today());
    this.grouping = this.offered(address.group) ? address.group! : this.groupings[0].id;
    this.filters = address.filters;
    this.chartMetric = address.metric ?? '';
    this.saved = this.storage.load();
    this.compare = this.config.compareEndpoint && options.compareFetch ? new CompareStore(options.compareFetch, this.config.compareEndpoint) : null;
    if (address.compare) this.compare?.set({ enabled: true, ...address.compare });
    this.table = this.createTable();
    makeAutoObservable<StatisticsStore, 'fetch' | 'storage' | 'today' | 'debounceMs' | 'cache' | 'loadRows'>(
      this,
      {
        table: observableRef,
        series: observableRef,
        saved: observableRef,
        filters: observableRef,
        config: false,
        compare: false,
        groupings: false,
        fetch: false,
        storage: false,
        today: false,
        debounceMs: false,
        cache: false,
        loadRows: false,
      },
      { autoBind: true },
    );
  }

  /** The column set of the current grouping. */
  get currentSet(): ColumnSet {
    return this.groupings.find((g) => g.id === this.grouping) ?? this.groupings[0];
  }

  /** The filters and the grouping, as the call is asked. */
  get query(): ReportQuery {
    return { ...this.filters, group: this.grouping };
  }

  /** Columns of the current grouping the user hid. */
  get hiddenColumns(): ReadonlySet<string> {
    return new Set(this.saved.hiddenColumns[this.grouping] ?? []);
  }

  /** The chooser's list for the current grouping. */
  get columnChoices(): ColumnChoice[] {
    const hidden = this.hiddenColumns;
    return this.currentSet.columns.map((column, index) => ({ id: column.id, title: column.title, visible: index === 0 || !hidden.has(column.id), locked: index === 0 }));
  }

  /** What is wrong with the filters before any call (text ids, `statistics.error.<id>`). */
  get clientErrors(): Partial<Record<ReportField, string>> {
    return rangeErrors(this.filters);
  }

  /** The server's field errors of the last call (a 422), by report field. */
  get serverErrors(): Partial<Record<ReportField, string>> {
    const error = this.table.error;
    if (!(error instanceof ValidationError)) return {};
    const out: Partial<Record<ReportField, string>> = {};
    for (const [key, messages] of Object.entries(error.errors)) {
      const field = fieldOfParam(this.config, key);
      if (messages[0] && !out[field]) out[field] = messages[0];
    }
    return out;
  }

  /** The metrics the chart offers: the screen's, those the series carries. */
  get metrics(): string[] {
    const first = this.series[0];
    if (!first) return [...this.config.metrics];
    const present = this.config.metrics.filter((m) => m in first);
    return present.length ? present : Object.keys(first).filter((k) => k !== 'date');
  }

  /** The metric the chart shows. */
  get activeMetric(): string {
    return this.metrics.includes(this.chartMetric) ? this.chartMetric : this.metrics[0];
  }

  /** How the chart's numbers read. */
  get activeMetricType(): 'count' | 'money' | 'cost' | 'percent' {
    return metricType(this.activeMetric);
  }

  /** The chart's points: the active metric per day (a missing value as 0). */
  get chartPoints(): { date: string; value: number }[] {
    const metric = this.activeMetric;
    return this.series.map((point) => {
      const value = Number(point[metric] ?? 0);
      return { date: point.date as string, value: Number.isFinite(value) ? value : 0 };
    });
  }

  /** Whether the grouping's rows can be compared over time (not days or hours) on this screen. */
  get comparable(): boolean {
    const groupBy = this.currentSet.source?.groupBy;
    return !!this.compare && !!groupBy && groupBy !== 'date' && groupBy !== 'hour';
  }

  /** Whether the chart shows the top rows as separate series. */
  get comparing(): boolean {
    return this.comparable && !!this.compare?.enabled;
  }

  /** The report as an address query string (without `?`). */
  get address(): string {
    return formatAddress({ group: this.grouping, filters: this.filters, metric: this.activeMetric, compare: this.comparing ? this.compare!.state : null }, this.config).toString();
  }

  /** The saved reports of this screen. */
  get presets(): readonly ReportPreset[] {
    return this.saved.presets[this.config.screen] ?? [];
  }

  /** Whether there is something to export. */
  get canExport(): boolean {
    return this.table.status === 'ready' && this.table.rows.length > 0;
  }

  /** Loads the report the store opened with (unless its dates are wrong). */
  start(): void {
    if (this.rangeValid) void this.table.reload();
  }

  /** Stops pending and running calls. */
  dispose(): void {
    this.table.dispose();
    this.compare?.stop();
  }

  /** Groups by another of the offered sets; loads at once. Unknown ids are ignored. */
  setGrouping(id: string): void {
    if (!this.offered(id) || id === this.grouping) return;
    this.grouping = id;
    this.rebuild();
  }

  /** Changes some filters; the report reloads 700 ms after the last change (never while the dates are wrong). */
  setFilters(patch: Partial<ReportFilters>): void {
    const next = { ...this.filters, ...patch };
    if (sameFilters(next, this.filters)) return;
    this.filters = next;
    if (this.rangeValid) this.table.setFilters(this.query);
    else this.table.dispose();
  }

  setChartMetric(metric: string): void {
    this.chartMetric = metric;
    this.syncCompare();
  }

  /** Turns the compare mode on or off, or changes its top-row count or "Other"; loads what the chart then needs. */
  setCompare(patch: Partial<CompareState> & { enabled?: boolean }): void {
    if (!this.compare) return;
    this.compare.set(patch);
    this.syncCompare();
  }

  /**
   * Loads the compare series for the report as it stands when the chart compares (the same question is not asked
   * twice); otherwise stops a compare load in flight. Runs when the table loads and when the mode or metric changes.
   */
  syncCompare(query: ReportQuery = this.query): void {
    if (!this.compare) return;
    if (!this.comparing || !this.rangeValid) {
      this.compare.stop();
      return;
    }
    this.compare.load({ ...requestParams(this.config, query), metric: this.activeMetric });
  }

  /** Shows or hides a column of the current grouping (never its first one); remembered per grouping. */
  toggleColumn(id: string): void {
    const choice = this.columnChoices.find((c) => c.id === id);
    if (!choice || choice.locked) return;
    const hidden = new Set(this.hiddenColumns);
    if (choice.visible) hidden.add(id);
    else hidden.delete(id);
    this.setHidden(this.grouping, [...hidden]);
    this.rebuild(true);
  }

  /** Shows every column of the current grouping. */
  showAllColumns(): void {
    if (!this.hiddenColumns.size) return;
    this.setHidden(this.grouping, []);
    this.rebuild(true);
  }

  /**
   * Saves the report under a name (replacing one of the same name): grouping, filters, hidden columns and chart
   * metric. A range ending today is saved as "the last N days".
   * @returns whether a report of that name was replaced.
   */
  savePreset(name: string): boolean {
    const trimmed = name.trim();
    if (!trimmed) return false;
    const today = this.today();
    const preset: ReportPreset = {
      name: trimmed,
      grouping: this.grouping,
      filters: structuredClone(this.filters),
      ...(this.filters.end === today && this.rangeValid ? { relativeDays: daysBetween(this.filters.start, this.filters.end) } : {}),
      hiddenColumns: [...this.hiddenColumns],
      metric: this.activeMetric,
    };
    const list = [...this.presets];
    const at = list.findIndex((p) => p.name === trimmed);
    if (at >= 0) list[at] = preset;
    else list.push(preset);
    this.persist({ ...this.saved, presets: { ...this.saved.presets, [this.config.screen]: list } });
    return at >= 0;
  }

  /**
   * Opens a saved report and loads it at once.
   * @returns false when there is no such report or its grouping is no longer offered (a format the network stopped selling).
   */
  applyPreset(name: string): boolean {
    const preset = this.presets.find((p) => p.name === name);
    if (!preset || !this.offered(preset.grouping)) return false;
    // A report saved before a filter existed (the ad filter) opens without it, not with the current one.
    const saved: Partial<ReportFilters> = structuredClone(preset.filters);
    const filters: ReportFilters = { ...this.filters, ...saved, ads: saved.ads ?? [] };
    if (preset.relativeDays !== undefined) {
      filters.end = this.today();
      filters.start = addDays(filters.end, -preset.relativeDays);
    }
    this.grouping = preset.grouping;
    this.filters = filters;
    this.chartMetric = preset.metric;
    this.setHidden(preset.grouping, preset.hiddenColumns);
    this.rebuild();
    return true;
  }

  /** Forgets a saved report. */
  deletePreset(name: string): void {
    const list = this.presets.filter((p) => p.name !== name);
    this.persist({ ...this.saved, presets: { ...this.saved.presets, [this.config.screen]: list } });
  }

  /** Calls again even when the filters did not change (fresh numbers). */
  refresh(): void {
    this.cache = null;
    this.compare?.stop();
    if (this.rangeValid) void this.table.reload();
  }

  /**
   * Follows the address when it changes under the report (back and forward, a menu link): a different grouping
   * or filters load at once; the same report is left alone.
   */
  applyAddress(search: URLSearchParams): void {
    // The address this report wrote itself (even with a date being typed, which would not parse back).
    if (search.toString() === this.address) return;
    const address = parseAddress(search, this.config, this.today());
    const grouping = this.offered(address.group) ? address.group! : this.groupings[0].id;
    if (address.metric) this.chartMetric = address.metric;
    this.compare?.set(address.compare ? { enabled: true, ...address.compare } : { enabled: false });
    if (grouping === this.grouping && sameFilters(address.filters, this.filters)) {
      this.syncCompare();
      return;
    }
    this.grouping = grouping;
    this.filters = address.filters;
    this.rebuild();
  }

  private get rangeValid(): boolean {
    return Object.keys(this.clientErrors).length === 0;
  }

  private offered(id: string | undefined): boolean {
    return !!id && this.groupings.some((g) => g.id === id);
  }

  /** The current grouping's set without its hidden columns (its first column always stays). */
  private get viewSet(): ColumnSet {
    const set = this.currentSet;
    const hidden = this.hiddenColumns;
    return { ...set, columns: set.columns.filter((c, i) => i === 0 || !hidden.has(c.id)) };
  }

  private setHidden(grouping: string, hidden: string[]): void {
    const hiddenColumns = { ...this.saved.hiddenColumns };
    if (hidden.length) hiddenColumns[grouping] = hidden;
    else delete hiddenColumns[grouping];
    this.persist({ ...this.saved, hiddenColumns });
  }

  private persist(saved: SavedReports): void {
    this.saved = saved;
    this.storage.save(saved);
  }

  /** Replaces the table (new grouping or columns) and loads it; a column change keeps the sort and page size. */
  private rebuild(sameGrouping = false): void {
    const previous = this.table;
    previous.dispose();
    this.table = this.createTable(previous, sameGrouping);
    if (this.rangeValid) void this.table.reload();
  }

  private createTable(previous?: TableStore<TableRow, ReportQuery>, keepSort = false): TableStore<TableRow, ReportQuery> {
    const set = this.viewSet;
    const shown = (s: SortState) => set.columns.some((c) => c.id === s.column);
    let sort = keepSort && previous && shown(previous.sort) ? previous.sort : set.defaultSort;
    if (!shown(sort)) sort = { column: set.columns[0].id, direction: set.defaultSort.direction };
    return new TableStore<TableRow, ReportQuery>({
      columnSet: set,
      filters: this.query,
      load: this.loadRows,
      mode: 'client',
      sort,
      pageSize: previous?.pageSize,
      debounceMs: this.debounceMs,
    });
  }

  /** The table's loader: one call per report (grouping and filters), its series kept for the chart. */
  private loadRows: TableLoader<TableRow, ReportQuery> = async ({ filters }, signal) => {
    // The compare series load beside the rows, for the same report.
    runInAction(() => this.syncCompare(filters));
    const params = requestParams(this.config, filters);
    const key = JSON.stringify(params);
    let answer = this.cache?.key === key ? this.cache.answer : null;
    if (!answer) {
      const body = await this.fetch(this.config.endpoint, params, signal);
      if (signal.aborted) throw new DOMException('Superseded', 'AbortError');
      if (!body || !Array.isArray(body.data)) throw new Error(`${this.config.endpoint}: the answer has no data list`);
      answer = { data: body.data, series: Array.isArray(body.series) ? body.series : [] };
      this.cache = { key, answer };
    }
    const { series } = answer;
    runInAction(() => (this.series = series));
    return { rows: answer.data };
  };
}
