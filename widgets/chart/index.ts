export { MetricChart, type MetricChartProps } from './MetricChart';
export { formatMetric, formatShortDate, intlLocale, type MetricPoint, type MetricType } from './chartFormat';
export { useChartBox } from './useChartBox';
