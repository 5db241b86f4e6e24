/**
 * Country and language names in the reader's language, from their ISO codes. The lookups and the statistics send
 * English names beside the codes (`iso2`, `code`); every place that shows one asks here, so a name never stays
 * English in a translated panel and the browser's own data (Intl.DisplayNames) does the translating.
 */

/** What a name is of: a country or region (ISO 3166-1 alpha-2) or a language (ISO 639-1). */
export type DisplayNameType = 'region' | 'language';

const formatters = new Map<string, Intl.DisplayNames | null>();

function formatter(type: DisplayNameType, locale: string): Intl.DisplayNames | null {
  const key = `${type}|${locale}`;
  let found = formatters.get(key);
  if (found === undefined) {
    try {
      // `fallback: 'none'`: an unknown code gives undefined, so the caller's English name is kept.
      found = new Intl.DisplayNames([locale, 'en'], { type, fallback: 'none' });
    } catch {
      found = null; // no Intl.DisplayNames, or a tag it refuses: the English names stay
    }
    formatters.set(key, found);
  }
  return found;
}

/**
 * The name of a code in `locale` (a BCP 47 tag: `ja`, not the panel's `jp`), else `fallback` (the English name the
 * server sent), else the code itself.
 * @example displayName('region', 'DE', 'ru', 'Germany') // 'Германия'
 */
export function displayName(type: DisplayNameType, code: string | null | undefined, locale: string, fallback?: string): string {
  if (!code) return fallback ?? '';
  let name: string | undefined;
  try {
    name = formatter(type, locale)?.of(type === 'region' ? code.toUpperCase() : code.toLowerCase());
  } catch {
    name = undefined; // a malformed code (RangeError): the fallback stays
  }
  return name ?? fallback ?? code;
}

/**
 * A country's name in `locale` from its ISO 3166-1 alpha-2 code; `fallback` (the English name) when Intl does not know it.
 * @example regionName('US', 'de', 'United States of America') // 'Vereinigte Staaten'
 */
export const regionName = (iso2: string | null | undefined, locale: string, fallback?: string) => displayName('region', iso2, locale, fallback);

/**
 * A language's name in `locale` from its ISO 639-1 code; `fallback` (the English name) when Intl does not know it.
 * @example languageName('fr', 'es', 'French') // 'francés'
 */
export const languageName = (code: string | null | undefined, locale: string, fallback?: string) => displayName('language', code, locale, fallback);
