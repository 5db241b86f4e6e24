import { Card, FormGroup, H3, HTMLSelect, Spinner } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import { useId } from 'react';
import { MetricChart } from '../../../widgets/chart';
import type { StatisticsStore } from './StatisticsStore';
import styles from './StatisticsReport.module.css';

export interface ReportChartProps {
  store: StatisticsStore;
  locale: string;
  metricTitle: (metric: string) => string;
  texts: { title: string; metric: string; label: (metric: string) => string; empty: string; loading: string };
}

/** The chosen metric of the answer's series over the days of the range, with the metric selector. */
export const ReportChart = observer(function ReportChart({ store, locale, metricTitle, texts }: ReportChartProps) {
  const selectId = useId();
  const { status } = store.table;
  if (status === 'error') return null;
  const metric = store.activeMetric;
  const waiting = store.series.length === 0 && (status === 'loading' || status === 'idle');
  // No rows for the filters: the series is a line of zeros; say so instead of drawing it.
  const points = store.table.isEmpty ? [] : store.chartPoints;
  return (
    <Card className={styles.chartCard} compact>
      <div className={styles.chartHeader}>
        <H3 className={styles.chartTitle}>{texts.title}</H3>
        <FormGroup inline label={texts.metric} labelFor={selectId} className={styles.inlineField}>
          <HTMLSelect id={selectId} value={metric} onChange={(e) => store.setChartMetric(e.currentTarget.value)}>
            {store.metrics.map((m) => (
              <option key={m} value={m}>
                {metricTitle(m)}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
      </div>
      <div aria-busy={status === 'loading'} className={status === 'loading' && !waiting ? styles.stale : undefined}>
        {waiting ? (
          <div className={styles.chartWaiting}>
            <Spinner size={32} aria-label={texts.loading} />
          </div>
        ) : (
          <MetricChart points={points} type={store.activeMetricType} locale={locale} height={260} ariaLabel={texts.label(metricTitle(metric))} emptyText={texts.empty} />
        )}
      </div>
    </Card>
  );
});
