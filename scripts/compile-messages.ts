/**
 * Precompiles the panel's translations (src/locales/<locale>.json, id → ICU message) into message ASTs in
 * generated/locales/. The browser then formats without the ICU parser, which the build leaves out
 * (vite.config.ts aliases it to formatjs' no-parser entry).
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from '@formatjs/icu-messageformat-parser';

/** Compiles every locale file of `from` into `to`; a message that does not parse names its locale and id. */
export function compileMessages(from: string, to: string): number {
  mkdirSync(to, { recursive: true });
  const files = readdirSync(from).filter((f) => f.endsWith('.json'));
  for (const file of files) {
    const messages = JSON.parse(readFileSync(join(from, file), 'utf8')) as Record<string, string>;
    const compiled: Record<string, unknown> = {};
    for (const [id, message] of Object.entries(messages)) {
      try {
        compiled[id] = parse(message);
      } catch (e) {
        throw new Error(`src/locales/${file}: message "${id}" is not valid ICU: ${(e as Error).message}`, { cause: e });
      }
    }
    writeFileSync(join(to, file), JSON.stringify(compiled));
  }
  return files.length;
}
