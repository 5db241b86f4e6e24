import { Component, lazy, type CSSProperties, type ReactNode } from 'react';

/** The chart library is fetched the first time a chart is drawn, never with the main bundle. */
export const LazyLineChart = lazy(() => import('./LineChart'));

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
