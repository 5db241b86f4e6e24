/**
 * The translation of a thing that carries its own (a payment method's, a plan's): the reader's locale, else English,
 * else the first given; undefined when it has none.
 * @example pickTranslation([{ locale: 'ru', name: 'Старт' }, { locale: 'en', name: 'Starter' }], 'de') // the English one
 */
export function pickTranslation<T extends { locale: string }>(translations: readonly T[], locale: string): T | undefined {
  return translations.find((t) => t.locale === locale) ?? translations.find((t) => t.locale === 'en') ?? translations[0];
}
