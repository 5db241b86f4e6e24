import { formatNumber, type NumberKind } from '../../engine/format/numberFormat';

/** The charts' own texts (English defaults; translated in src/locales/<locale>/panelWidgets.json). */
export const CHART_TEXTS = { 'chart.partialDay': 'so far' } as const;

/** One day of a metric: the day as `YYYY-MM-DD` and its value. */
export interface MetricPoint {
  date: string;
  value: number;
}

/** How the metric's numbers read: counts, money (2 decimals), cost (4), percent (a fraction shown ×100). */
export type MetricType = NumberKind;

/** The BCP 47 tag of a panel locale (the panel calls Japanese `jp`; Intl knows it as `ja`). */
export function intlLocale(locale: string): string {
  return locale === 'jp' ? 'ja' : locale;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** A day as a short date of the locale (`Nov 20`, `20. Nov.`, `11月20日`), read in UTC so no time zone shifts it. */
export function formatShortDate(date: string | Date, locale: string): string {
  const tag = intlLocale(locale);
  let format = dateFormats.get(tag);
  if (!format) {
    format = new Intl.DateTimeFormat(tag, { month: 'short', day: 'numeric', timeZone: 'UTC' });
    dateFormats.set(tag, format);
  }
  const day = typeof date === 'string' ? new Date(`${date}T00:00:00Z`) : date;
  return Number.isNaN(day.getTime()) ? String(date) : format.format(day);
}

/** A metric value as the tables show it (same decimals, grouping and percent rules). */
export function formatMetric(value: number | string | null | undefined, type: MetricType, locale: string): string {
  // Floats from the chart's scale (0.30000000000000004) are rounded to a sane number of digits first.
  const clean = typeof value === 'number' && Number.isFinite(value) ? Number(value.toPrecision(12)) : value;
  return formatNumber(clean, type, intlLocale(locale));
}
