import { HTMLSelect } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import { useIntl } from 'react-intl';
import { useLocaleStore } from './I18nProvider';
import { isLocale, LANGUAGE_NAMES, languageTag } from './locales';

export interface LanguageSelectorProps {
  className?: string;
  /** Blueprint's minimal look (no border), for the sidebar. */
  minimal?: boolean;
  /** Takes the full width of its container. */
  fill?: boolean;
  /** Renders even when the network enables a single language (by default there is nothing to choose, so nothing shows). */
  showSingle?: boolean;
}

/** The interface language, among the network's enabled locales, each named in its own language. */
export const LanguageSelector = observer(function LanguageSelector({ className, minimal, fill, showSingle }: LanguageSelectorProps) {
  const store = useLocaleStore();
  const intl = useIntl();
  const locales = store.enabled;
  if (locales.length < 2 && !showSingle) return null;
  return (
    <HTMLSelect
      className={className}
      minimal={minimal}
      fill={fill}
      aria-label={intl.formatMessage({ id: 'i18n.language' })}
      value={store.pending ?? store.locale}
      onChange={(event) => {
        const next = event.currentTarget.value;
        if (isLocale(next)) void store.setLocale(next);
      }}
    >
      {locales.map((locale) => (
        <option key={locale} value={locale} lang={languageTag(locale)}>
          {LANGUAGE_NAMES[locale]}
        </option>
      ))}
    </HTMLSelect>
  );
});
