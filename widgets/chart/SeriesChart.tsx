import { Classes, NonIdealState } from '@blueprintjs/core';
import { Suspense, useId, useMemo } from 'react';
import { formatMetric, formatShortDate, type MetricPoint, type MetricType } from './chartFormat';
import { ChartBoundary, LazyLineChart as LineChart, visuallyHidden } from './chartParts';
import type { ChartLine } from './LineChart';
import { otherColor, seriesColors } from './seriesColors';
import { useChartBox } from './useChartBox';
import styles from './SeriesChart.module.css';

/** One series of a compare chart. */
export interface ChartSeries {
  /** Stable id (the row's key). */
  id: string;
  /** What the legend, the tooltip and the hidden table call it. */
  label: string;
  /** One point per day, oldest first, the same days in every series. */
  points: MetricPoint[];
  /** Everything outside the top rows together: drawn last, in grey. */
  other?: boolean;
}

export interface SeriesChartProps {
  series: ChartSeries[];
  type: MetricType;
  locale: string;
  /** Pixels; 300 unless told. */
  height?: number;
  /** What the chart shows, for screen readers (`Clicks per day, top 5 campaigns`). */
  ariaLabel: string;
  /** What shows when there is no series. */
  emptyText: string;
  /** The legend's accessible name. */
  legendLabel: string;
  /** Today (`YYYY-MM-DD`, UTC): a last day on it is still being counted and drawn dashed. Default: now's. */
  today?: string;
}

/**
 * Several rows of a grouping over time, one line each (nivo, loaded lazily), coloured from the network's accent
 * (the first line is the colour the single-line chart draws in; "Other" is grey), with a legend of the rows'
 * names. Screen readers get the label and a hidden table (a row per day, a column per series).
 */
export function SeriesChart({ series, type, locale, height = 300, ariaLabel, emptyText, legendLabel, today = new Date().toISOString().slice(0, 10) }: SeriesChartProps) {
  const captionId = useId();
  const { ref, dark, accent } = useChartBox();
  const lines = useMemo<ChartLine[]>(() => {
    const colors = seriesColors(accent, series.filter((s) => !s.other).length, dark);
    let next = 0;
    return series.map((s) => ({ id: s.id, label: s.label, points: s.points, color: s.other ? otherColor(dark) : colors[next++] }));
  }, [series, accent, dark]);
  const days = series[0]?.points ?? [];
  if (series.length === 0) {
    return (
      <div ref={ref} className="ap-metric-chart" role="img" aria-label={`${ariaLabel}: ${emptyText}`} style={{ height, display: 'flex' }}>
        <NonIdealState icon="timeline-line-chart" description={emptyText} />
      </div>
    );
  }
  const placeholder = <div className={Classes.SKELETON} style={{ height }} />;
  return (
    <div ref={ref} className="ap-metric-chart ap-series-chart" style={{ position: 'relative' }}>
      <div role="img" aria-label={ariaLabel} aria-describedby={captionId}>
        <ChartBoundary fallback={<div style={{ height }} />}>
          <Suspense fallback={placeholder}>
            <LineChart lines={lines} type={type} locale={locale} height={height} partialFrom={days.at(-1)?.date === today ? today : undefined} />
          </Suspense>
        </ChartBoundary>
      </div>
      <ul className={styles.legend} aria-label={legendLabel}>
        {lines.map((line) => (
          <li key={line.id} className={styles.legendItem}>
            <span className={styles.swatch} style={{ background: line.color }} aria-hidden="true" />
            <span className={styles.legendLabel} title={line.label}>
              {line.label}
            </span>
          </li>
        ))}
      </ul>
      <table style={visuallyHidden} id={captionId}>
        <caption>{ariaLabel}</caption>
        <thead>
          <tr>
            <td />
            {lines.map((line) => (
              <th key={line.id} scope="col">
                {line.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {days.map((day, i) => (
            <tr key={day.date}>
              <th scope="row">{formatShortDate(day.date, locale)}</th>
              {lines.map((line) => (
                <td key={line.id}>{formatMetric(line.points[i]?.value ?? 0, type, locale)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
