import type { MessageFormatElement } from 'react-intl';
import en from '../../generated/locales/en.json';
import type { Locale } from './locales';

/** A locale's messages precompiled to ICU ASTs (scripts/compile-messages.ts); the browser has no ICU parser. */
export type CompiledMessages = Record<string, MessageFormatElement[]>;

/** Texts come in two bundles per locale: the guest pages' (sign-in, sign-up…) and the signed-in panel's. */
export type MessageBundle = 'guest' | 'panel';

/** English guest texts ship with the first chunk: English is the default and the fallback under every locale. */
export const englishMessages = en as unknown as CompiledMessages;

type Loader = () => Promise<{ default: unknown }>;

// One chunk per locale and bundle, fetched when needed.
const loaders: Record<Locale, Record<MessageBundle, Loader>> = {
  en: { guest: async () => ({ default: en }), panel: () => import('../../generated/locales/en.panel.json') },
  ru: { guest: () => import('../../generated/locales/ru.json'), panel: () => import('../../generated/locales/ru.panel.json') },
  es: { guest: () => import('../../generated/locales/es.json'), panel: () => import('../../generated/locales/es.panel.json') },
  de: { guest: () => import('../../generated/locales/de.json'), panel: () => import('../../generated/locales/de.panel.json') },
  jp: { guest: () => import('../../generated/locales/jp.json'), panel: () => import('../../generated/locales/jp.panel.json') },
};

/**
 * Loads a locale's messages of the given bundles over English (a key the locale lacks shows in English rather
 * than as its id).
 */
export async function loadMessages(locale: Locale, bundles: readonly MessageBundle[] = ['guest']): Promise<CompiledMessages> {
  const sources = locale === 'en' ? ['en' as const] : (['en', locale] as const);
  const parts = await Promise.all(sources.flatMap((source) => bundles.map((bundle) => loaders[source][bundle]())));
  return Object.assign({}, ...parts.map((part) => part.default as CompiledMessages)) as CompiledMessages;
}
