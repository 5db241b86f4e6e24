const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
const cache = new Map<string, Intl.NumberFormat>();

/** The BCP 47 tag of a panel locale id (the panel calls Japanese `jp`). */
export const languageTag = (locale: string | undefined) => (locale === 'jp' ? 'ja' : locale || 'en');

/**
 * A file size with a unit in the reader's language, 1024-based like file managers: `2.4 MB`, `512 kB`, `605 bytes`
 * (bytes spelled out: the short form of a byte is "byte" in English whatever the number).
 * @example formatBytes(2_500_000, 'en') // '2.4 MB'
 */
export function formatBytes(bytes: number, locale?: string): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const tag = languageTag(locale);
  const key = `${tag}\u0000${unit}`;
  let format = cache.get(key);
  if (!format) {
    format = new Intl.NumberFormat(tag, { style: 'unit', unit: UNITS[unit], unitDisplay: unit === 0 ? 'long' : 'short', maximumFractionDigits: unit === 0 ? 0 : 1 });
    cache.set(key, format);
  }
  return format.format(value);
}
