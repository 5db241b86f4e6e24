import { Classes, NonIdealState } from '@blueprintjs/core';
import { Suspense, useId } from 'react';
import { formatMetric, formatShortDate, type MetricPoint, type MetricType } from './chartFormat';
import { ChartBoundary, LazyLineChart as LineChart, visuallyHidden } from './chartParts';

export interface MetricChartProps {
  /** One point per day, oldest first (`date` as `YYYY-MM-DD`). */
  points: MetricPoint[];
  /** How the values read on the axis, in the tooltip and in the hidden table. */
  type: MetricType;
  /** The panel locale (`en`, `de`, `es`, `jp`, `ru`). */
  locale: string;
  /** Pixels; 300 unless told. */
  height?: number;
  /** What the chart shows, for screen readers (`Cost per day, Nov 1 – Nov 14`). */
  ariaLabel: string;
  /** What shows when there are no points. */
  emptyText: string;
  /** Today (`YYYY-MM-DD`, UTC, as the points' days): a last point on it is a day still being counted. Default: now's. */
  today?: string;
}

/**
 * One metric over time as a line (nivo, loaded lazily), in Blueprint's colors. Numbers read as in the tables
 * (engine/format); screen readers get the label and a hidden table of every day's value; no points show
 * `emptyText`.
 */
export function MetricChart({ points, type, locale, height = 300, ariaLabel, emptyText, today = new Date().toISOString().slice(0, 10) }: MetricChartProps) {
  const captionId = useId();
  if (points.length === 0) {
    return (
      <div className="ap-metric-chart" role="img" aria-label={`${ariaLabel}: ${emptyText}`} style={{ height, display: 'flex' }}>
        <NonIdealState icon="timeline-line-chart" description={emptyText} />
      </div>
    );
  }
  const placeholder = <div className={Classes.SKELETON} style={{ height }} />;
  return (
    <div className="ap-metric-chart" style={{ position: 'relative' }}>
      <div role="img" aria-label={ariaLabel} aria-describedby={captionId}>
        <ChartBoundary fallback={<div style={{ height }} />}>
          <Suspense fallback={placeholder}>
            <LineChart points={points} type={type} locale={locale} height={height} label={ariaLabel} partialFrom={points.at(-1)?.date === today ? today : undefined} />
          </Suspense>
        </ChartBoundary>
      </div>
      <table style={visuallyHidden} id={captionId}>
        <caption>{ariaLabel}</caption>
        <tbody>
          {points.map((point) => (
            <tr key={point.date}>
              <th scope="row">{formatShortDate(point.date, locale)}</th>
              <td>{formatMetric(point.value, type, locale)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
