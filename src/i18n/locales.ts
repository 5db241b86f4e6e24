import type { Locale } from '../../generated/types/meta_network_config';

/** An interface language: the `locale` enum of schemas/meta/network-config.schema.json, which the server reads too. */
export type { Locale };

/**
 * The interface languages of the panel, in selector order; a network enables a subset (`settings.locales`).
 * Exactly the schema's locales: `satisfies` refuses one it does not know, `ALL_LISTED` one left out.
 */
export const LOCALES = ['en', 'ru', 'es', 'de', 'jp'] as const satisfies readonly Locale[];

/** Compiles only while LOCALES lists every locale of the schema. */
export const ALL_LISTED: [Exclude<Locale, (typeof LOCALES)[number]>] extends [never] ? true : never = true;

/** The default when a network names none. */
export const DEFAULT_LOCALE: Locale = 'en';

/** Each language in its own words, as the language selector shows it. */
export const LANGUAGE_NAMES: Readonly<Record<Locale, string>> = {
  en: 'English',
  ru: 'Русский',
  es: 'Español',
  de: 'Deutsch',
  jp: '日本語',
};

/** Whether a value is one of the panel's locale ids. */
export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The BCP 47 tag of a locale for `<html lang>` and Intl formatting: the panel's `jp` is `ja`. */
export function languageTag(locale: Locale): string {
  return locale === 'jp' ? 'ja' : locale;
}

/** The panel locale of a language tag (`ja-JP` → `jp`, `ru` → `ru`, `de-AT` → `de`), or undefined. */
export function localeOfTag(tag: string | null | undefined): Locale | undefined {
  const primary = tag?.trim().toLowerCase().split(/[-_]/)[0];
  if (!primary) return undefined;
  const locale = primary === 'ja' ? 'jp' : primary;
  return isLocale(locale) ? locale : undefined;
}
