import { createContext, useCallback, useContext } from 'react';
import { fillPlaceholders, type MessageValues, type Translator } from './Translator';

/** The app's translator for engine and widget code that renders texts; null outside the app (English defaults). */
export const TranslatorContext = createContext<Translator | null>(null);

/** The translator of the nearest `TranslatorContext` provider, or null. */
export function useTranslator(): Translator | null {
  return useContext(TranslatorContext);
}

/**
 * A text function over a component's English defaults: the translation when the app's locale has the message,
 * else the default with its `{placeholders}` filled. Keep the same ids and English in `src/locales/en/*.json`
 * (tests/data/locales.test.ts checks that they match).
 * @example const t = useTexts({ 'lookup.clear': 'Clear' }); t('lookup.clear')
 */
export function useTexts<K extends string>(defaults: Readonly<Record<K, string>>): (id: K, values?: MessageValues) => string {
  const translator = useTranslator();
  return useCallback(
    (id: K, values?: MessageValues) => translator?.message(id, values) ?? fillPlaceholders(defaults[id], values),
    [translator, defaults],
  );
}
