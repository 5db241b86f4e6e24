import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { DEFAULT_LOCALE, localeOfTag, type Locale } from '../../i18n';

/** The panel locale of the page (`jp`, not Intl's `ja`), as plan translations name it. */
export function usePanelLocale(): Locale {
  return localeOfTag(useIntl().locale) ?? DEFAULT_LOCALE;
}

/** A day of the subscription (paid until, grace until: 00:00 UTC) as a date, read in UTC so no time zone shifts it. */
export function useUtcDate() {
  const intl = useIntl();
  return useCallback((iso: string) => intl.formatDate(iso, { dateStyle: 'medium', timeZone: 'UTC' }), [intl]);
}
