import { Button, ButtonGroup, Callout, Card, FormGroup, H2, HTMLSelect, InputGroup, NonIdealState, Spinner } from '@blueprintjs/core';
import { Download, Error as ErrorIcon, FloppyDisk, Refresh } from '@blueprintjs/icons';
import { reaction } from 'mobx';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import type { AdFormatInfo, CompareSeries } from '../../../generated/types';
import type { ApiClient } from '../../../engine/api';
import type { ColumnDef } from '../../../engine/table/columnSet';
import { SchemaTableView } from '../../../widgets/table/SchemaTableView';
import { useStores } from '../../app/context';
import { useTableLabels } from '../../i18n';
import { useAdFormats, useFormatTexts } from '../../common/adFormats';
import { BlacklistButton } from './BlacklistButton';
import { ColumnChooser } from './ColumnChooser';
import { exportCsv } from './exportCsv';
import { groupingsFor } from './groupings';
import { MultiSelectFilter, type MultiSelectTexts } from './MultiSelectFilter';
import { PresetsDialog } from './PresetsDialog';
import { ReportChart } from './ReportChart';
import { addDays, localToday } from './reportFilters';
import { ReportStorage, reportStorageKey } from './reportStorage';
import { StatisticsStore, type StatisticsAnswer } from './StatisticsStore';
import { CAMPAIGN_STATUSES, SCREEN_ROUTES, STATISTICS_SCREENS, type ReportField, type ReportScreen } from './statisticsScreens';
import { useFilterOptions } from './useFilterOptions';
import styles from './StatisticsReport.module.css';

const LOOKED_UP_FILTERS = ['campaigns', 'ads'] as const;

/** The quick ranges offered beside the dates: the last N days, ending today. */
const QUICK_RANGES = [7, 14, 30] as const;

const rangeFormats = new Map<string, Intl.DateTimeFormat>();

/** A range of days in the user's language (`Nov 6 – 20, 2026`), read in UTC so no time zone shifts it. */
function formatRange(locale: string, start: string, end: string): string {
  let format = rangeFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
    rangeFormats.set(locale, format);
  }
  const from = new Date(`${start}T00:00:00Z`);
  const to = new Date(`${end}T00:00:00Z`);
  if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime()) || from > to) return `${start} – ${end}`;
  return format.formatRange(from, to);
}

export interface StatisticsReportProps {
  /** Which statistics screen this is; its call, filters and groupings follow (statisticsScreens.ts, schemas/statistics/). */
  screen: ReportScreen;
}

/**
 * A statistics screen: grouping, date range and the screen's list filters (all in the address, so a report can be
 * bookmarked), a chart of one metric, the table with totals, CSV export, a column chooser and saved reports.
 * Waits for what it needs (the user and network for the saved reports' key, the network's formats for the
 * per-format groupings), then hands over to the report itself.
 */
export const StatisticsReport = observer(function StatisticsReport({ screen }: StatisticsReportProps) {
  const intl = useIntl();
  const { api, user, network } = useStores();
  const config = STATISTICS_SCREENS[screen];
  const formats = useAdFormats();
  useEffect(() => {
    void user.load();
    void network.load();
  }, [user, network]);

  const failed = user.status === 'error' || network.status === 'error';
  if (failed) {
    return (
      <NonIdealState
        icon={<ErrorIcon size={48} />}
        title={intl.formatMessage({ id: 'app.loadFailed' })}
        action={<Button icon={<Refresh />} text={intl.formatMessage({ id: 'statistics.retry' })} onClick={() => void Promise.all([user.load(), network.retry()])} />}
      />
    );
  }
  if (!formats || !user.user || !network.settings) return <Spinner className={styles.pageSpinner} aria-label={intl.formatMessage({ id: 'app.loading' })} />;
  return <Report key={screen} screen={screen} api={api} formats={formats} storageKey={reportStorageKey(network.settings.id, user.user.id)} config={config} />;
});

interface ReportProps {
  screen: ReportScreen;
  api: ApiClient;
  formats: AdFormatInfo[];
  storageKey: string;
  config: (typeof STATISTICS_SCREENS)[ReportScreen];
}

const Report = observer(function Report({ screen, api, formats, storageKey, config }: ReportProps) {
  const intl = useIntl();
  const labels = useTableLabels();
  const formatTexts = useFormatTexts();
  const [search, setSearch] = useSearchParams();
  const [presetsOpen, setPresetsOpen] = useState(false);
  const [blacklisted, setBlacklisted] = useState<ReadonlySet<string>>(new Set());
  const options = useFilterOptions(api, config);

  const [store] = useState(
    () =>
      new StatisticsStore({
        config,
        groupings: groupingsFor(screen, formats),
        storage: new ReportStorage(storageKey),
        search,
        // Silent: a failure shows in the table (with a retry) and field errors beside the filters, not as a toast.
        fetch: (endpoint, params, signal) => api.get<StatisticsAnswer>(endpoint, { params, signal, silent: true }),
        compareFetch: (endpoint, params, signal) => api.get<{ data: CompareSeries[] }>(endpoint, { params, signal, silent: true }),
      }),
  );
  useEffect(() => {
    store.start();
    return () => store.dispose();
  }, [store]);
  // The report writes itself into the address (replacing the entry, so Back leaves the page rather than undoing filters)…
  useEffect(
    () => reaction(() => store.address, (address) => setSearch(new URLSearchParams(address), { replace: true }), { fireImmediately: true }),
    [store, setSearch],
  );
  // …and follows the address when it changes under it (Back/Forward, the menu link).
  useEffect(() => store.applyAddress(search), [store, search]);

  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id: `statistics.${id}` }, values);
  const known = (id: string, fallback: string) => (intl.messages[id] ? intl.formatMessage({ id }) : fallback);
  const columnTitle = (id: string, fallback: string) => known(`statistics.column.${id}`, fallback);
  const groupingTitle = (id: string) => known(`statistics.grouping.${id}`, store.groupings.find((g) => g.id === id)?.title ?? id);
  const titleOf = (column: ColumnDef) => columnTitle(column.id, column.title);
  const range = (start: string, end: string) => formatRange(intl.locale, start, end);

  const listTexts: MultiSelectTexts = useMemo(
    () => ({
      all: intl.formatMessage({ id: 'statistics.filter.all' }),
      selected: (count) => intl.formatMessage({ id: 'statistics.filter.selected' }, { count }),
      search: intl.formatMessage({ id: 'statistics.filter.search' }),
      clear: intl.formatMessage({ id: 'statistics.filter.clear' }),
      none: intl.formatMessage({ id: 'statistics.filter.none' }),
      loadFailed: intl.formatMessage({ id: 'statistics.filter.loadFailed' }),
      retry: intl.formatMessage({ id: 'statistics.retry' }),
    }),
    [intl],
  );

  const { filters } = store;
  const clientErrors = store.clientErrors;
  const serverErrors = store.serverErrors;
  const errorOf = (field: ReportField) => (clientErrors[field] ? t(`error.${clientErrors[field]}`) : serverErrors[field]);
  const title = intl.formatMessage({ id: `shell.route.${SCREEN_ROUTES[screen]}` });
  const today = localToday();
  // A set with a row action (the site and spot sets: blacklist) acts on the one campaign the report is filtered to.
  const source = store.currentSet.source;
  const onlyCampaign = filters.campaigns?.length === 1 ? options.campaigns.options.find((o) => String(o.value) === String(filters.campaigns![0])) : undefined;
  const blacklistOf = source?.rowAction === 'blacklist' && (source.groupBy === 'site' || source.groupBy === 'spot') ? source.groupBy : null;
  const renderCell = (column: ColumnDef, row: Record<string, unknown>) => {
    if (!blacklistOf || !onlyCampaign || column !== store.table.columns[0] || typeof row.key !== 'number') return undefined;
    const label = row[column.id];
    const name = typeof label === 'string' ? label : String(row.key);
    const done = `${onlyCampaign.value}:${blacklistOf}:${row.key}`;
    return (
      <span className={styles.rowWithAction}>
        <span>{name}</span>
        <BlacklistButton
          api={api}
          target={{ dimension: blacklistOf, id: row.key, name, campaign: { id: Number(onlyCampaign.value), name: onlyCampaign.label } }}
          done={blacklisted.has(done)}
          onDone={() => setBlacklisted((set) => new Set(set).add(done))}
        />
      </span>
    );
  };
  const byFormat = store.groupings.filter((g) => g.source?.byFormat);
  const plain = store.groupings.filter((g) => !g.source?.byFormat);

  const dateField = (field: 'start' | 'end') => {
    const error = errorOf(field);
    const id = `statistics-${field}`;
    return (
      <FormGroup label={t(`filter.${field}`)} labelFor={id} intent={error ? 'danger' : 'none'} helperText={error} className={styles.dateField}>
        <InputGroup
          id={id}
          type="date"
          value={filters[field]}
          max={today}
          intent={error ? 'danger' : 'none'}
          aria-invalid={error ? true : undefined}
          onValueChange={(value) => store.setFilters({ [field]: value })}
        />
      </FormGroup>
    );
  };

  return (
    <section className={styles.page} aria-labelledby="statistics-title">
      <header className={styles.header}>
        <H2 id="statistics-title">{title}</H2>
        <div className={styles.actions}>
          <Button icon={<FloppyDisk />} text={t('presets.open')} onClick={() => setPresetsOpen(true)} />
          <ColumnChooser store={store} title={columnTitle} texts={{ columns: t('columns.title'), showAll: t('columns.showAll'), locked: t('columns.locked') }} />
          <Button icon={<Refresh />} aria-label={t('refresh')} title={t('refresh')} onClick={store.refresh} />
          <Button
            icon={<Download />}
            intent="primary"
            text={t('export')}
            disabled={!store.canExport}
            onClick={() => exportCsv(store.table, { title: titleOf, total: labels.total }, `statistics-${store.grouping}-${filters.start}-${filters.end}.csv`)}
          />
        </div>
      </header>

      <Card className={styles.filters} role="search" aria-label={t('filters')} compact>
        <FormGroup label={t('grouping.label')} labelFor="statistics-grouping" intent={errorOf('group') ? 'danger' : 'none'} helperText={errorOf('group')} className={styles.groupField}>
          <HTMLSelect id="statistics-grouping" value={store.grouping} onChange={(e) => store.setGrouping(e.currentTarget.value)} fill>
            {plain.map((set) => (
              <option key={set.id} value={set.id}>
                {groupingTitle(set.id)}
              </option>
            ))}
            {byFormat.length > 0 && (
              <optgroup label={t('grouping.byFormat')}>
                {byFormat.map((set) => (
                  <option key={set.id} value={set.id}>
                    {groupingTitle(set.id)}
                  </option>
                ))}
              </optgroup>
            )}
          </HTMLSelect>
        </FormGroup>
        {dateField('start')}
        {dateField('end')}
        <div className={`${styles.field} ${styles.quickRanges}`}>
          <span className={styles.fieldLabel} aria-hidden="true">
            &nbsp;
          </span>
          <ButtonGroup aria-label={t('range.quick')}>
            {QUICK_RANGES.map((days) => {
              const active = filters.end === today && filters.start === addDays(today, -days);
              return (
                <Button key={days} active={active} aria-pressed={active} text={t('range.last', { days })} onClick={() => store.setFilters({ start: addDays(today, -days), end: today })} />
              );
            })}
          </ButtonGroup>
        </div>
        {/* Campaigns and ads: lists the user picks from, loaded from the API. */}
        {LOOKED_UP_FILTERS.filter((name) => config.filters.includes(name)).map((name) => (
          <MultiSelectFilter
            key={name}
            label={t(`filter.${name}`)}
            options={options[name].options}
            status={options[name].status}
            onRetry={options[name].retry}
            value={filters[name]}
            onChange={(value) => store.setFilters({ [name]: value })}
            texts={listTexts}
            error={errorOf(name)}
          />
        ))}
        {config.filters.includes('formats') && (
          <MultiSelectFilter
            label={t('filter.formats')}
            options={formats.map((f) => ({ value: f.id, label: formatTexts.name(f) }))}
            value={filters.formats}
            onChange={(values) => store.setFilters({ formats: values })}
            texts={listTexts}
            error={errorOf('formats')}
          />
        )}
        {config.filters.includes('statuses') && (
          <MultiSelectFilter
            label={t('filter.statuses')}
            options={CAMPAIGN_STATUSES.map((s) => ({ value: s, label: intl.formatMessage({ id: `campaigns.status.${s}` }) }))}
            value={filters.statuses}
            onChange={(statuses) => store.setFilters({ statuses })}
            texts={listTexts}
            error={errorOf('statuses')}
          />
        )}
        {config.filters.includes('ssps') && (
          <MultiSelectFilter
            label={t('filter.ssps')}
            options={options.ssps.options}
            status={options.ssps.status}
            onRetry={options.ssps.retry}
            value={filters.ssps}
            onChange={(ssps) => store.setFilters({ ssps })}
            texts={listTexts}
            error={errorOf('ssps')}
          />
        )}
        {serverErrors.form && (
          <Callout intent="danger" className={styles.formError} role="alert">
            {serverErrors.form}
          </Callout>
        )}
      </Card>

      <ReportChart
        store={store}
        locale={intl.locale}
        metricTitle={(metric) => {
          const column = config.metricColumns?.[metric] ?? metric;
          return columnTitle(column, column);
        }}
        rowLabel={(series) => (series.other ? t('compare.other') : (series.label ?? t('compare.unknown')))}
        texts={{
          title: t('chart.title'),
          metric: t('chart.metric'),
          label: (metric) => t('chart.label', { metric, range: range(filters.start, filters.end) }),
          empty: t('empty'),
          loading: intl.formatMessage({ id: 'app.loading' }),
          compare: {
            toggle: t('compare.toggle'),
            limit: t('compare.limit'),
            limitOption: (count) => t('compare.top', { count }),
            other: t('compare.showOther'),
            label: (metric, count) => t('compare.label', { metric, count, grouping: groupingTitle(store.grouping), range: range(filters.start, filters.end) }),
            legend: t('compare.legend'),
            empty: (metric) => t('compare.empty', { metric }),
            failed: t('compare.failed'),
            retry: t('retry'),
          },
        }}
      />

      {blacklistOf && !onlyCampaign ? (
        <Callout intent="primary" compact className={styles.hint}>
          {t(`blacklist.chooseCampaign.${blacklistOf}`)}
        </Callout>
      ) : null}
      <SchemaTableView
        table={store.table}
        locale={intl.locale}
        labels={{ ...labels, emptyTitle: t('empty'), emptyDescription: t('emptyHint') }}
        columnTitle={titleOf}
        renderCell={blacklistOf && onlyCampaign ? (renderCell as (column: ColumnDef, row: object) => ReactNode | undefined) : undefined}
        className={styles.table}
      />

      <PresetsDialog store={store} isOpen={presetsOpen} onClose={() => setPresetsOpen(false)} groupingTitle={groupingTitle} formatRange={range} />
    </section>
  );
});
