import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { IntlProvider, useIntl, type IntlShape } from 'react-intl';
import { observer } from 'mobx-react-lite';
import { TranslatorContext } from '../../engine/i18n/TranslatorContext';
import type { Translator } from '../../engine/i18n/Translator';
import type { LocaleStore } from './LocaleStore';

const LocaleContext = createContext<LocaleStore | null>(null);

/** The app's LocaleStore; only valid inside `<I18nProvider>`. */
export function useLocaleStore(): LocaleStore {
  const store = useContext(LocaleContext);
  if (!store) throw new Error('useLocaleStore() outside <I18nProvider>');
  return store;
}

/** The engine's view of react-intl: a message only when the locale has it, so engine code keeps its English otherwise. */
export function intlTranslator(intl: IntlShape, locale: string): Translator {
  return {
    locale,
    message: (id, values) => (Object.hasOwn(intl.messages, id) ? intl.formatMessage({ id }, values) : undefined),
  };
}

function TranslatorBridge({ locale, children }: { locale: string; children: ReactNode }) {
  const intl = useIntl();
  const translator = useMemo(() => intlTranslator(intl, locale), [intl, locale]);
  return <TranslatorContext.Provider value={translator}>{children}</TranslatorContext.Provider>;
}

/**
 * Translations for everything inside: react-intl's provider over the store's precompiled messages (Intl
 * formatting in the locale's BCP 47 tag, `jp` → `ja`) and the engine's `TranslatorContext` for schema forms
 * and widgets.
 */
export const I18nProvider = observer(function I18nProvider({ store, children }: { store: LocaleStore; children: ReactNode }) {
  // Briefly blank while a returning user's language loads (a local chunk), rather than English first.
  if (store.booting) return null;
  return (
    <LocaleContext.Provider value={store}>
      <IntlProvider locale={store.languageTag} defaultLocale="en" messages={store.messages}>
        <TranslatorBridge locale={store.locale}>{children}</TranslatorBridge>
      </IntlProvider>
    </LocaleContext.Provider>
  );
});
