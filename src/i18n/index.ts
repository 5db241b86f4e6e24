export { I18nProvider, intlTranslator, useLocaleStore } from './I18nProvider';
export { LanguageSelector, type LanguageSelectorProps } from './LanguageSelector';
export { LOCALE_STORAGE_KEY, LocaleStore, type LocaleStoreDeps } from './LocaleStore';
export { DEFAULT_LOCALE, isLocale, LANGUAGE_NAMES, languageTag, LOCALES, localeOfTag, type Locale } from './locales';
export { englishMessages, loadMessages, type CompiledMessages } from './messages';
export { useTableLabels } from './useTableLabels';
export { textOr, type TextValues } from './textOr';
export { usePanelLocale } from './usePanelLocale';
