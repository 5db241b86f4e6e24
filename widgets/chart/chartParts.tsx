import { Component, lazy, type CSSProperties, type ReactNode } from 'react';

const loadLineChart = () => import('./LineChart');

/** The chart library is fetched the first time a chart is drawn, never with the main bundle. */
export const LazyLineChart = lazy(loadLineChart);

/**
 * Starts fetching the chart library before a chart is drawn: a page that will show one calls it as it opens, so the
 * library arrives beside the page's data instead of after it (the statistics page's largest paint is its chart).
 * A failure here is dropped: the chart meets it again and shows its fallback.
 */
export function preloadCharts(): void {
  loadLineChart().catch(() => {});
}

/** Hidden on screen, read by screen readers (the chart's data as a table). */
export const visuallyHidden: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  margin: -1,
  padding: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
};

/** One failing chart never blanks the page: the table of values stays for everyone. */
export class ChartBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
