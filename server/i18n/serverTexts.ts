import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { IntlMessageFormat } from 'intl-messageformat';
import type { FastifyRequest } from 'fastify';
import { errorMessage, type ErrorMessage } from '../../engine/validation/fieldErrors';
import { translatedErrorMessage, type MessageValues, type Translator } from '../../engine/i18n';
import type { Locale } from '../config/networkConfig';
import { repoRoot } from '../paths';
import { Phrase } from './phrase';

/** The message areas the server answers with: schema validation, its own messages, and the notifications it mails (src/locales/<locale>/). */
const AREAS = ['validation', 'server', 'notifications'];

/**
 * The server's answers in the reader's language. Validation messages come from the same catalogue the
 * browser's forms use; the server's own messages are written in English in the code and looked up by that
 * text in src/locales/en/server.json, so an answer the catalogue lacks stays English rather than failing.
 * @example texts.message('ru', 'These credentials do not match our records.') // 'Неверный e-mail или пароль.'
 */
export class ServerTexts {
  private readonly messages = new Map<string, Record<string, string>>();
  /** English text → message id, for the server's own messages. */
  private readonly ids = new Map<string, string>();
  private readonly formats = new Map<string, IntlMessageFormat>();
  private readonly translators = new Map<string, Translator>();

  constructor(from = join(repoRoot, 'src', 'locales')) {
    for (const locale of readdirSync(from)) {
      const merged: Record<string, string> = {};
      for (const area of AREAS) {
        try {
          Object.assign(merged, JSON.parse(readFileSync(join(from, locale, `${area}.json`), 'utf8')) as Record<string, string>);
        } catch {
          // A locale without this area answers in English.
        }
      }
      this.messages.set(locale, merged);
    }
    for (const [id, text] of Object.entries(this.messages.get('en') ?? {})) if (id.startsWith('server.')) this.ids.set(text, id);
  }

  /** The messages of one locale as the engine's translator (for the validation messages). */
  translator(locale: string): Translator {
    let translator = this.translators.get(locale);
    if (!translator) {
      translator = { locale, message: (id, values) => this.format(locale, id, values) };
      this.translators.set(locale, translator);
    }
    return translator;
  }

  /** How schema validation errors read in `locale`. */
  validation(locale: string): ErrorMessage {
    return locale === 'en' ? errorMessage : translatedErrorMessage(this.translator(locale));
  }

  /**
   * A server message in `locale`: its English text, or a phrase (English template and values, which are
   * translated too when they are phrases). A text the catalogue lacks comes back in English.
   */
  message(locale: string, english: string | Phrase): string {
    if (!(english instanceof Phrase)) {
      const id = this.ids.get(english);
      return (id && this.format(locale, id)) ?? english;
    }
    const id = this.ids.get(english.template);
    const values = Object.fromEntries(Object.entries(english.values).map(([k, v]) => [k, v instanceof Phrase ? this.message(locale, v) : v]));
    return (id && this.format(locale, id, values)) ?? String(new Phrase(english.template, values));
  }

  /**
   * A notification's text in `locale` (`notification.<type>` of src/locales/<locale>/notifications.json, as the panel
   * shows it), or undefined when the locale lacks it or the values do not fill it.
   */
  notification(locale: string, type: string, values: Record<string, string>): string | undefined {
    try {
      return this.format(locale, `notification.${type}`, values);
    } catch {
      return undefined;
    }
  }

  private format(locale: string, id: string, values?: MessageValues): string | undefined {
    const source = this.messages.get(locale)?.[id];
    if (source === undefined) return undefined;
    const key = `${locale}\u0000${id}`;
    let format = this.formats.get(key);
    if (!format) {
      format = new IntlMessageFormat(source, bcp47(locale));
      this.formats.set(key, format);
    }
    return String(format.format(values as Record<string, string | number>));
  }
}

/** The BCP 47 tag of a panel locale (the panel says `jp` for Japanese). */
export const bcp47 = (locale: string): string => (locale === 'jp' ? 'ja' : locale);

/**
 * The language of a request's answers: the first of its `Accept-Language` tags the network enables (the
 * panel sends the interface language), else the network's default.
 */
export function requestLocale(request: Pick<FastifyRequest, 'headers'> & { network?: { settings: { locales: Locale[]; defaultLocale: Locale } } }): Locale {
  const settings = request.network?.settings;
  if (!settings) return 'en';
  const header = request.headers['accept-language'];
  for (const part of (typeof header === 'string' ? header : '').split(',')) {
    const primary = part.split(';')[0]?.trim().toLowerCase().split(/[-_]/)[0];
    const locale = (primary === 'ja' ? 'jp' : primary) as Locale;
    if (settings.locales.includes(locale)) return locale;
  }
  return settings.defaultLocale;
}
