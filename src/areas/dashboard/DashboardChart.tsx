import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { Button, Callout, SegmentedControl } from '@blueprintjs/core';
import { TitledCard } from '../../common/TitledCard';
import { Refresh } from '@blueprintjs/icons';
import { MetricChart, preloadCharts } from '../../../widgets/chart';
import { useStores } from '../../app/context';
import { RouterAnchorButton } from '../../shell/RouterAnchorButton';
import { CHART_METRICS, type ChartMetric, type DashboardStore } from './DashboardStore';
import styles from './DashboardPage.module.css';

const METRICS = Object.keys(CHART_METRICS) as ChartMetric[];

/**
 * The last 14 days of the user's campaigns as a line: cost, impressions, clicks or conversions per day, with a link
 * to the statistics screen. A failed load says why and offers a retry.
 */
export const DashboardChart = observer(function DashboardChart({ store }: { store: DashboardStore }) {
  const intl = useIntl();
  const { network } = useStores();
  const loader = store.loaders.statistics;
  useEffect(preloadCharts, []);
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id: `dashboard.chart.${id}` }, values);
  const metricName = t(`metric.${store.metric}`);
  const range = {
    from: intl.formatDate(`${store.range.start_date}T00:00:00Z`, { month: 'short', day: 'numeric', timeZone: 'UTC' }),
    to: intl.formatDate(`${store.range.end_date}T00:00:00Z`, { month: 'short', day: 'numeric', timeZone: 'UTC' }),
  };

  let body;
  if (loader.status === 'error') {
    body = (
      <Callout intent="warning" title={t('failed')} role="alert">
        <p>{loader.error instanceof Error ? loader.error.message : null}</p>
        <Button icon={<Refresh />} text={intl.formatMessage({ id: 'dashboard.retry' })} onClick={() => void loader.retry()} />
      </Callout>
    );
  } else if (!store.statistics) {
    body = <div className="bp6-skeleton" style={{ height: 280 }} aria-label={intl.formatMessage({ id: 'app.loading' })} />;
  } else {
    body = (
      <MetricChart
        points={store.points}
        type={CHART_METRICS[store.metric]}
        locale={intl.locale}
        height={280}
        ariaLabel={t('ariaLabel', { metric: metricName, ...range })}
        emptyText={t('empty')}
      />
    );
  }

  return (
    <TitledCard
      id="dashboard-chart-title"
      title={t('title', range)}
      busy={loader.isLoading}
      testId="dashboard-chart"
      actions={
        <span className={styles.actions}>
          <SegmentedControl
            size="small"
            aria-label={t('metricLabel')}
            value={store.metric}
            onValueChange={(value) => store.setMetric(value as ChartMetric)}
            options={METRICS.map((m) => ({ value: m, label: t(`metric.${m}`) }))}
          />
          {network.sections.has('Statistics') ? <RouterAnchorButton size="small" variant="minimal" intent="primary" to="/campaign-statistics" text={t('open')} /> : null}
        </span>
      }
    >
      {body}
    </TitledCard>
  );
});
