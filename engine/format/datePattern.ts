/** The tokens a date pattern may use, longest first (the order the matcher tries them). */
const TOKENS = /YYYY|MMM|MM|DD|HH|mm|ss/g;

/** Whether a pattern is made only of the tokens and separators `formatDatePattern` knows. */
export const DATE_PATTERN = /^(YYYY|MMM|MM|DD|HH|mm|ss|[ .:/,-])+$/;

const months = new Map<string, Intl.DateTimeFormat>();
const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A timestamp or a day (`2026-11-26T14:05:00Z`, `2026-11-26`) in a fixed pattern, in UTC (the server's time zone):
 * YYYY, MM, DD, HH, mm, ss as digits, MMM as the month's short name in the user's language. A value that is not a
 * date comes back as it was.
 * @example formatDatePattern('2026-11-26T14:05:09Z', 'DD.MM.YYYY HH:mm'); // '26.11.2026 14:05'
 */
export function formatDatePattern(value: string, pattern: string, locale = 'en'): string {
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return value;
  return pattern.replace(TOKENS, (token) => {
    switch (token) {
      case 'YYYY':
        return String(date.getUTCFullYear());
      case 'MMM':
        return monthName(date, locale);
      case 'MM':
        return pad(date.getUTCMonth() + 1);
      case 'DD':
        return pad(date.getUTCDate());
      case 'HH':
        return pad(date.getUTCHours());
      case 'mm':
        return pad(date.getUTCMinutes());
      default:
        return pad(date.getUTCSeconds());
    }
  });
}

function monthName(date: Date, locale: string): string {
  let format = months.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale === 'jp' ? 'ja' : locale, { month: 'short', timeZone: 'UTC' });
    months.set(locale, format);
  }
  return format.format(date);
}
