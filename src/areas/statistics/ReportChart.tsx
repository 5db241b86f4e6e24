import { Button, Callout, Card, Checkbox, FormGroup, H3, HTMLSelect, Spinner, Switch } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import { useEffect, useId, useMemo } from 'react';
import type { CompareSeries } from '../../../generated/types';
import { MetricChart, preloadCharts, SeriesChart, type ChartSeries } from '../../../widgets/chart';
import { COMPARE_LIMITS } from './reportFilters';
import type { StatisticsStore } from './StatisticsStore';
import styles from './StatisticsReport.module.css';

/** The texts of the compare mode, in the user's language. */
export interface CompareTexts {
  toggle: string;
  limit: string;
  limitOption: (count: number) => string;
  other: string;
  /** The chart's label: the metric's title and how many rows. */
  label: (metric: string, count: number) => string;
  legend: string;
  /** No row has any of the metric. */
  empty: (metric: string) => string;
  failed: string;
  retry: string;
}

export interface ReportChartProps {
  store: StatisticsStore;
  locale: string;
  metricTitle: (metric: string) => string;
  /** A compare series' name as the table shows its row ("Other" and unknown rows in the user's language). */
  rowLabel?: (series: CompareSeries) => string;
  texts: { title: string; metric: string; label: (metric: string) => string; empty: string; loading: string; compare?: CompareTexts };
}

/**
 * The chosen metric of the answer's series over the days of the range, with the metric selector; on a grouping of
 * things (campaigns, countries, creatives, …) a switch compares its top rows as separate lines instead.
 */
export const ReportChart = observer(function ReportChart({ store, locale, metricTitle, rowLabel, texts }: ReportChartProps) {
  const selectId = useId();
  const limitId = useId();
  useEffect(preloadCharts, []);
  const { status } = store.table;
  if (status === 'error') return null;
  const metric = store.activeMetric;
  const compare = store.compare;
  const compareTexts = texts.compare;
  const comparing = store.comparing && !!compare && !!compareTexts;
  const waiting = store.series.length === 0 && (status === 'loading' || status === 'idle');
  // No rows for the filters: the series is a line of zeros; say so instead of drawing it.
  const points = store.table.isEmpty ? [] : store.chartPoints;
  return (
    <Card className={styles.chartCard} compact>
      <div className={styles.chartHeader}>
        <H3 className={styles.chartTitle}>{texts.title}</H3>
        <div className={styles.chartControls}>
          {store.comparable && compare && compareTexts ? (
            <>
              <Switch className={styles.inlineField} checked={compare.enabled} label={compareTexts.toggle} onChange={(e) => store.setCompare({ enabled: e.currentTarget.checked })} />
              {comparing ? (
                <>
                  <FormGroup inline label={compareTexts.limit} labelFor={limitId} className={styles.inlineField}>
                    <HTMLSelect id={limitId} value={compare.limit} onChange={(e) => store.setCompare({ limit: Number(e.currentTarget.value) })}>
                      {COMPARE_LIMITS.map((n) => (
                        <option key={n} value={n}>
                          {compareTexts.limitOption(n)}
                        </option>
                      ))}
                    </HTMLSelect>
                  </FormGroup>
                  <Checkbox className={styles.inlineField} checked={compare.other} label={compareTexts.other} onChange={(e) => store.setCompare({ other: e.currentTarget.checked })} />
                </>
              ) : null}
            </>
          ) : null}
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
      </div>
      {comparing ? (
        <CompareChart store={store} locale={locale} metricTitle={metricTitle(metric)} rowLabel={rowLabel} texts={compareTexts} loading={texts.loading} />
      ) : (
        <div aria-busy={status === 'loading'} className={status === 'loading' && !waiting ? styles.stale : undefined}>
          {waiting ? (
            <div className={styles.chartWaiting}>
              <Spinner size={32} aria-label={texts.loading} />
            </div>
          ) : (
            <MetricChart points={points} type={store.activeMetricType} locale={locale} height={260} ariaLabel={texts.label(metricTitle(metric))} emptyText={texts.empty} />
          )}
        </div>
      )}
    </Card>
  );
});

interface CompareChartProps {
  store: StatisticsStore;
  locale: string;
  metricTitle: string;
  rowLabel?: (series: CompareSeries) => string;
  texts: CompareTexts;
  loading: string;
}

/** The top rows of the grouping, one line each: its loading, failure and empty states in place of the chart. */
const CompareChart = observer(function CompareChart({ store, locale, metricTitle, rowLabel, texts, loading }: CompareChartProps) {
  const compare = store.compare!;
  const { status } = compare;
  const answer = compare.series;
  const series = useMemo<ChartSeries[]>(
    () =>
      answer.map((s) => ({
        id: s.other ? '\u0000other' : String(s.key),
        label: rowLabel ? rowLabel(s) : (s.label ?? String(s.key)),
        other: s.other,
        points: s.points.map((p) => {
          const value = Number(p.value);
          return { date: p.date, value: Number.isFinite(value) ? value : 0 };
        }),
      })),
    [answer, rowLabel],
  );
  if (status === 'error') {
    return (
      <Callout intent="danger" compact className={styles.compareFailed} role="alert">
        {texts.failed} <Button size="small" variant="minimal" intent="danger" text={texts.retry} onClick={compare.retry} />
      </Callout>
    );
  }
  const waiting = !compare.loader.loaded && (status === 'loading' || status === 'idle');
  if (waiting) {
    return (
      <div className={styles.chartWaiting} aria-busy="true">
        <Spinner size={32} aria-label={loading} />
      </div>
    );
  }
  const rows = series.filter((s) => !s.other).length;
  return (
    <div aria-busy={status === 'loading'} className={status === 'loading' ? styles.stale : undefined}>
      <SeriesChart
        series={series}
        type={store.activeMetricType}
        locale={locale}
        height={260}
        ariaLabel={texts.label(metricTitle, rows)}
        legendLabel={texts.legend}
        emptyText={texts.empty(metricTitle)}
      />
    </div>
  );
});
