/**
 * Precompiles the panel's translations into message ASTs in generated/locales/<locale>.json. Sources are
 * src/locales/<locale>/<area>.json (id → ICU message), one file per area so that areas are edited apart; the
 * files of a locale are merged and an id defined twice is an error. The browser then formats without the ICU
 * parser, which the build leaves out (vite.config.ts aliases it to formatjs' no-parser entry).
 */
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from '@formatjs/icu-messageformat-parser';

/** The messages of every locale folder of `from`, merged per locale: locale → id → ICU message. */
export function readMessages(from: string): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, string>> = {};
  for (const locale of readdirSync(from).filter((d) => statSync(join(from, d)).isDirectory()).sort()) {
    const merged: Record<string, string> = {};
    const origin: Record<string, string> = {};
    for (const file of readdirSync(join(from, locale)).filter((f) => f.endsWith('.json')).sort()) {
      const where = `src/locales/${locale}/${file}`;
      let messages: Record<string, string>;
      try {
        messages = JSON.parse(readFileSync(join(from, locale, file), 'utf8')) as Record<string, string>;
      } catch (e) {
        throw new Error(`${where}: not valid JSON: ${(e as Error).message}`, { cause: e });
      }
      for (const [id, message] of Object.entries(messages)) {
        if (id in merged) throw new Error(`${where}: message "${id}" is already defined in ${origin[id]}`);
        if (typeof message !== 'string') throw new Error(`${where}: message "${id}" must be a string`);
        merged[id] = message;
        origin[id] = where;
      }
    }
    out[locale] = merged;
  }
  return out;
}

/** Compiles every locale of `from` into `to`; a message that does not parse names its locale and id. */
export function compileMessages(from: string, to: string): number {
  mkdirSync(to, { recursive: true });
  const locales = readMessages(from);
  for (const [locale, messages] of Object.entries(locales)) {
    const compiled: Record<string, unknown> = {};
    for (const [id, message] of Object.entries(messages)) {
      try {
        compiled[id] = parse(message);
      } catch (e) {
        throw new Error(`src/locales/${locale}: message "${id}" is not valid ICU: ${(e as Error).message}`, { cause: e });
      }
    }
    writeFileSync(join(to, `${locale}.json`), JSON.stringify(compiled));
  }
  return Object.keys(locales).length;
}
