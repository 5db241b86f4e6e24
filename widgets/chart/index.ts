export { preloadCharts } from './chartParts';
export { MetricChart, type MetricChartProps } from './MetricChart';
export { SeriesChart, type ChartSeries, type SeriesChartProps } from './SeriesChart';
export { formatMetric, formatShortDate, intlLocale, type MetricPoint, type MetricType } from './chartFormat';
export { seriesColors } from './seriesColors';
export { useChartBox } from './useChartBox';
