import type { MessageFormatElement } from 'react-intl';
import en from '../../generated/locales/en.json';
import type { Locale } from './locales';

/** A locale's messages precompiled to ICU ASTs (scripts/compile-messages.ts); the browser has no ICU parser. */
export type CompiledMessages = Record<string, MessageFormatElement[]>;

/** English ships with the first chunk: it is the default and the fallback under every other locale. */
export const englishMessages = en as unknown as CompiledMessages;

// One chunk per locale, fetched when the user or the network picks it.
const loaders: Record<Exclude<Locale, 'en'>, () => Promise<{ default: unknown }>> = {
  ru: () => import('../../generated/locales/ru.json'),
  es: () => import('../../generated/locales/es.json'),
  de: () => import('../../generated/locales/de.json'),
  jp: () => import('../../generated/locales/jp.json'),
};

/** Loads a locale's messages over English (a key the locale lacks shows in English rather than as its id). */
export async function loadMessages(locale: Locale): Promise<CompiledMessages> {
  if (locale === 'en') return englishMessages;
  const { default: messages } = await loaders[locale]();
  return { ...englishMessages, ...(messages as CompiledMessages) };
}
