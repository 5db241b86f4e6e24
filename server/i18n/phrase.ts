/** What fills a phrase's placeholder: plain text, a number, or a phrase translated in turn. */
export type PhraseValue = string | number | Phrase;

/**
 * A server message with values: its English template (`{name}` placeholders, ICU syntax) is the key into the
 * catalogue (src/locales/<locale>/server.json), and the values fill it in the reader's language. Errors carry
 * phrases; the error handler translates them (ServerTexts.message); `String(phrase)` is the English text.
 * @example phrase('The file is larger than {limit}.', { limit: '500 KB' })
 */
export class Phrase {
  constructor(
    readonly template: string,
    readonly values: Readonly<Record<string, PhraseValue>> = {},
  ) {}

  toString(): string {
    return this.template.replace(/\{(\w+)\}/g, (whole, key: string) => (Object.hasOwn(this.values, key) ? String(this.values[key]) : whole));
  }

  toJSON(): string {
    return this.toString();
  }
}

export const phrase = (template: string, values?: Record<string, PhraseValue>) => new Phrase(template, values);
