/** Values for the ICU placeholders of a message (`{limit}`, `{name}`, …). */
export type MessageValues = Record<string, string | number | boolean | Date | null | undefined>;

/**
 * Messages of one locale as the engine sees them: no ICU parser and no react-intl here, the app passes a
 * translator in (src/i18n builds one over react-intl's precompiled messages).
 */
export interface Translator {
  /** The locale the messages belong to; translations memoized per locale (schema texts) are keyed by it. */
  readonly locale: string;
  /** The formatted message `id`, or undefined when this locale has no such message (the caller keeps its English). */
  message(id: string, values?: MessageValues): string | undefined;
}

/**
 * Fills the `{name}` placeholders of a plain English default (no plural or select forms), for texts shown
 * when no translator is around (tests, Storybook without the app).
 * @example fillPlaceholders('{count} selected', { count: 3 }) // '3 selected'
 */
export function fillPlaceholders(template: string, values?: MessageValues): string {
  if (!values) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(values, name) ? String(values[name]) : whole));
}
