/**
 * Precompiles the panel's translations into message ASTs. Sources are src/locales/<locale>/<area>.json
 * (id → ICU message), one file per area so that areas are edited apart; an id defined twice is an error.
 * Each locale becomes two bundles: generated/locales/<locale>.json with the areas the guest pages (sign-in,
 * sign-up, password reset) use, and <locale>.panel.json with the rest, loaded when the signed-in panel opens,
 * so the first page carries only its own texts. The browser then formats without the ICU
 * parser, which the build leaves out (vite.config.ts aliases it to formatjs' no-parser entry).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from '@formatjs/icu-messageformat-parser';

/** Areas the guest pages need; every other area goes to the panel bundle. */
export const GUEST_AREAS = ['app', 'validation', 'widgets', 'schemas', 'accounts', 'routes'];

/**
 * Ids whose English the code that shows them holds as its default (RJSF's template strings, the lookup widget's
 * texts; tests/data/locales.test.ts keeps src/locales/en equal to those defaults). The English guest bundle ships
 * inside the first page's script, so it leaves them out and the code's own English shows; other locales keep them.
 */
export const ENGLISH_IN_CODE = ['rjsf.', 'lookup.'];

/** Areas only the API server answers with (server/i18n); the browser never loads them. */
export const SERVER_AREAS = ['server'];

/** The messages of every locale folder of `from`, merged per locale: locale → id → ICU message. */
export function readMessages(from: string, areas?: (area: string) => boolean): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, string>> = {};
  for (const locale of readdirSync(from).filter((d) => statSync(join(from, d)).isDirectory()).sort()) {
    const merged: Record<string, string> = {};
    const origin: Record<string, string> = {};
    for (const file of readdirSync(join(from, locale)).filter((f) => f.endsWith('.json') && (!areas || areas(f.slice(0, -5)))).sort()) {
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

function compile(locale: string, messages: Record<string, string>): Record<string, unknown> {
  const compiled: Record<string, unknown> = {};
  for (const [id, message] of Object.entries(messages)) {
    try {
      compiled[id] = parse(message);
    } catch (e) {
      throw new Error(`src/locales/${locale}: message "${id}" is not valid ICU: ${(e as Error).message}`, { cause: e });
    }
  }
  return compiled;
}

/** Compiles every locale of `from` into its two bundles in `to`; a message that does not parse names its locale and id. */
export function compileMessages(from: string, to: string): number {
  mkdirSync(to, { recursive: true });
  readMessages(from); // every area at once: an id defined in two areas fails even across bundles
  const guest = readMessages(from, (area) => GUEST_AREAS.includes(area));
  const panel = readMessages(from, (area) => !GUEST_AREAS.includes(area) && !SERVER_AREAS.includes(area));
  for (const locale of Object.keys(guest)) {
    const first = locale === 'en' ? Object.fromEntries(Object.entries(guest[locale]).filter(([id]) => !ENGLISH_IN_CODE.some((prefix) => id.startsWith(prefix)))) : guest[locale];
    writeIfChanged(join(to, `${locale}.json`), JSON.stringify(compile(locale, first)));
    writeIfChanged(join(to, `${locale}.panel.json`), JSON.stringify(compile(locale, panel[locale] ?? {})));
  }
  return Object.keys(guest).length;
}

/**
 * Leaves a bundle that is already right untouched: a build reading it while another run of generate (CI's second
 * server pass, the Storybook build) compiles the same messages never sees it half written.
 */
function writeIfChanged(file: string, text: string) {
  if (!existsSync(file) || readFileSync(file, 'utf8') !== text) writeFileSync(file, text);
}
