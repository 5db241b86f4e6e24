import type { IntlShape } from 'react-intl';

/** Values put into a message's `{placeholders}`. */
export type TextValues = Record<string, string | number>;

/**
 * A text from data (a manifest's English) in the user's language: the translation under `id` when the locale files
 * have one, else the English itself with its `{placeholders}` filled in. Data added without translations (an
 * operator's new resource) still reads well; the browser has no ICU parser, so the English is filled in here.
 */
export function textOr(intl: Pick<IntlShape, 'messages' | 'formatMessage'>, id: string, english: string, values?: TextValues): string {
  if (Object.prototype.hasOwnProperty.call(intl.messages, id)) return intl.formatMessage({ id }, values);
  return english.replace(/\{([A-Za-z0-9_]+)\}/g, (whole, key: string) => (values && key in values ? String(values[key]) : whole));
}
