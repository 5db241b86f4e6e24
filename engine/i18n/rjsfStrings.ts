import { englishStringTranslator, TranslatableString } from '@rjsf/utils';
import type { Translator } from './Translator';

const memberOf = new Map<string, string>(Object.entries(TranslatableString).map(([member, text]) => [text, member]));

/**
 * The message id of one of RJSF's template strings: `rjsf.<TranslatableString member>`, e.g. `rjsf.AddItemButton`.
 * Its `%1`, `%2` parameters are the ICU placeholders `{1}`, `{2}` in the locale files.
 */
export function rjsfStringId(text: TranslatableString): string {
  return `rjsf.${memberOf.get(text) ?? text}`;
}

/**
 * The English of every RJSF template string under its message id, with `%n` turned into `{n}`: what
 * `src/locales/en/widgets.json` holds for the `rjsf.*` ids.
 */
export function rjsfEnglishMessages(): Record<string, string> {
  return Object.fromEntries(
    Object.values(TranslatableString).map((text) => [rjsfStringId(text), text.replace(/%(\d)/g, '{$1}')]),
  );
}

/**
 * RJSF's `translateString` over a translator: the locale's `rjsf.*` message, else RJSF's English.
 * @example <Form translateString={rjsfTranslateString(translator)} />
 */
export function rjsfTranslateString(translator: Translator | null): (text: TranslatableString, params?: string[]) => string {
  if (!translator) return englishStringTranslator;
  return (text, params) => {
    const values = Object.fromEntries((params ?? []).map((value, i) => [String(i + 1), value]));
    return translator.message(rjsfStringId(text), values) ?? englishStringTranslator(text, params);
  };
}
