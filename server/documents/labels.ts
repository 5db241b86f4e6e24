import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { IntlMessageFormat } from 'intl-messageformat';
import { repoRoot } from '../paths';
import { intlLocale } from './money';
import type { DocumentLocale } from './types';

/** Values of a label's `{placeholders}`. */
export type LabelValues = Record<string, string | number>;

/** Looks up a document label (`invoice.title` for the id `documents.invoice.title`) in the document's language. */
export type DocumentLabels = (key: string, values?: LabelValues) => string;

const LOCALES_DIR = join(repoRoot, 'src', 'locales');
const catalogs = new Map<string, Record<string, string>>();

/** The `documents.json` messages of one locale, read once; a locale without the file has none. */
function catalog(dir: string, locale: string): Record<string, string> {
  const file = join(dir, locale, 'documents.json');
  let messages = catalogs.get(file);
  if (!messages) {
    messages = readCatalog(file);
    catalogs.set(file, messages);
  }
  return messages;
}

/** Reads one documents.json. */
function readCatalog(file: string): Record<string, string> {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
}

/**
 * The labels of documents in `locale`, read once from src/locales/<locale>/documents.json (`dir` is for
 * tests). A key the locale lacks falls back to English.
 * @throws on lookup, naming the id, when English lacks the key too (a developer's typo)
 * @example documentLabels('de')('footer.page', { page: 1, pages: 2 }) // 'Seite 1 von 2'
 */
export function documentLabels(locale: DocumentLocale, dir = LOCALES_DIR): DocumentLabels {
  return (key, values) => {
    const id = `documents.${key}`;
    const own = catalog(dir, locale)[id];
    const message = own ?? catalog(dir, 'en')[id];
    if (message === undefined) throw new Error(`No document label "${id}" in src/locales/en/documents.json`);
    if (!values) return message;
    return String(new IntlMessageFormat(message, own === undefined ? 'en' : intlLocale(locale)).format(values));
  };
}
