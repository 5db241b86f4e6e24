import { useIntl } from 'react-intl';
import { DEFAULT_LOCALE, localeOfTag, type Locale } from './locales';

/** The page's panel locale (`jp`, not Intl's `ja`), as translations carried by data name it (plans, payment methods). */
export function usePanelLocale(): Locale {
  return localeOfTag(useIntl().locale) ?? DEFAULT_LOCALE;
}
