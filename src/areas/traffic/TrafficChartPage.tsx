import { useEffect, useMemo } from 'react';
import { observer } from 'mobx-react-lite';
import { useIntl } from 'react-intl';
import { Button, Callout, Card, Classes, H2, NonIdealState, Spinner } from '@blueprintjs/core';
import { Refresh } from '@blueprintjs/icons';
import { ValidationError } from '../../../engine/api';
import { SchemaTableView } from '../../../widgets/table/SchemaTableView';
import { useStores } from '../../app/context';
import { useTableLabels } from '../../i18n';
import { PanelErrorBoundary } from '../../shell/PanelErrorBoundary';
import { useAdFormats } from '../../common/adFormats';
import { useMoney } from '../../common/useMoney';
import { useLookupContext } from '../../common/useLookupContext';
import { regionName } from '../../../engine/i18n/displayNames';
import { TrafficChartPanel } from './TrafficChartPanel';
import type { CountryTraffic } from '../../../generated/types';
import { TrafficChartStore } from './TrafficChartStore';
import { TrafficFilters } from './TrafficFilters';
import styles from './TrafficChartPage.module.css';

/** What went wrong with an update, in words: the server's field messages, else its message. */
function problemOf(error: unknown): string | null {
  if (error instanceof ValidationError) return Object.values(error.errors).flat().join(' ') || error.message;
  return error instanceof Error ? error.message : null;
}

/** Per-day sums over every country, above the chart. */
const Summary = observer(function Summary({ store }: { store: TrafficChartStore }) {
  const intl = useIntl();
  const totals = store.totals;
  const items = [
    ['countries', totals.countries],
    ['requests', totals.requests],
    ['available', totals.available],
    ['impressions', totals.impressions],
    ['clicks', totals.clicks],
  ] as const;
  return (
    <ul className={styles.summary} aria-label={intl.formatMessage({ id: 'trafficChart.summary.label' })} data-testid="traffic-summary">
      {items.map(([id, value]) => (
        <li key={id}>
          <span>{intl.formatMessage({ id: `trafficChart.summary.${id}` })}</span>
          <strong data-testid={`traffic-total-${id}`}>{intl.formatNumber(Math.round(value))}</strong>
        </li>
      ))}
    </ul>
  );
});

/** Every country's figures: sortable, paged, with totals. */
const CountryTable = observer(function CountryTable({ store }: { store: TrafficChartStore }) {
  const intl = useIntl();
  const labels = useTableLabels();
  const money = useMoney();
  const model = store.filters.pricingModel;
  const modelName = model ? intl.formatMessage({ id: `campaigns.pricing.${model}` }) : '';
  const renderCell = (column: { id: string }, row: CountryTraffic) => {
    if (column.id === 'name') return regionName(row.iso2, intl.locale, row.name);
    if (column.id === 'effective_cpm') return money(row.effective_cpm, 'cost');
    if (column.id === 'recommended_price') return money(row.recommended_price, 'cost');
    return undefined;
  };
  return (
    <Card className={styles.panel} aria-labelledby="traffic-table-title">
      <header className={styles.panelHeader}>
        <h3 id="traffic-table-title" className={Classes.HEADING}>
          {intl.formatMessage({ id: 'trafficChart.table.title' })}
        </h3>
      </header>
      <div className={styles.tableScroll}>
        <SchemaTableView
          table={store.table}
          locale={intl.locale}
          labels={{ ...labels, emptyTitle: intl.formatMessage({ id: 'trafficChart.chart.empty' }), emptyDescription: intl.formatMessage({ id: 'trafficChart.chart.emptyHint' }) }}
          columnTitle={(c) => intl.formatMessage({ id: `trafficChart.column.${c.id}` }, { model: modelName })}
          renderCell={renderCell}
          rowKey={(row) => row.country_id}
        />
      </div>
    </Card>
  );
});

/**
 * /traffic-chart: how much traffic the network has per day for an ad format, pricing model, countries, premium sites
 * and price — a bar chart of the top countries and a table of all of them, from `POST available-traffic-by-country`
 * (the campaign form's estimate), reloaded after every filter change. A failed update empties the list and offers a
 * retry.
 */
const TrafficChartPage = observer(function TrafficChartPage() {
  const intl = useIntl();
  const { api, settings, network } = useStores();
  const formats = useAdFormats();
  const store = useMemo(() => new TrafficChartStore(api), [api]);
  const lookups = useLookupContext(store);
  const chartModels = settings.data?.traffic_chart_pricing_models;
  const targetTypes = network.settings?.targetTypes as string[] | undefined;
  useEffect(() => () => store.dispose(), [store]);
  // Set up once the formats and the network's targets are known (a failed network load offers every target).
  const networkKnown = network.status === 'ready' || network.status === 'error';
  useEffect(() => {
    if (formats?.length && networkKnown) store.setup({ formats, chartPricingModels: chartModels ?? null, targetTypes: targetTypes ?? null });
  }, [store, formats, chartModels, targetTypes, networkKnown]);
  const t = (id: string) => intl.formatMessage({ id: `trafficChart.${id}` });
  const failed = store.table.status === 'error';

  let content;
  if (formats === null || !networkKnown) {
    content = <Spinner aria-label={intl.formatMessage({ id: 'app.loading' })} />;
  } else if (formats.length === 0) {
    content = (
      <NonIdealState
        icon="error"
        title={t('formatsFailed')}
        action={<Button icon={<Refresh />} text={t('retry')} onClick={() => void settings.load()} />}
      />
    );
  } else {
    content = (
      <>
        <TrafficFilters store={store} lookups={lookups} />
        {failed ? (
          <Callout intent="danger" role="alert" title={t('failed')} data-testid="traffic-error">
            <p>{problemOf(store.table.error)}</p>
            <Button icon={<Refresh />} text={t('retry')} onClick={store.retry} />
          </Callout>
        ) : (
          <>
            <Summary store={store} />
            <PanelErrorBoundary title={t('panelFailed')}>
              <TrafficChartPanel store={store} />
            </PanelErrorBoundary>
            <CountryTable store={store} />
          </>
        )}
      </>
    );
  }

  return (
    <section className={styles.page} aria-labelledby="traffic-title">
      <header className={styles.header}>
        <H2 id="traffic-title">{t('title')}</H2>
        <p className={Classes.TEXT_MUTED}>{t('intro')}</p>
      </header>
      {content}
    </section>
  );
});

export default TrafficChartPage;
