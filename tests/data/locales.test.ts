import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { readMessages } from '../../scripts/compile-messages';
import type { ResourceManifest } from '../../engine/resource/manifest';
import { resourceTexts } from '../../engine/resource/texts';
import type { ColumnSet } from '../../engine/table/columnSet';
import { readSchemas } from '../../scripts/validators/readSchemas';
import { schemaTexts, unlabelledEnums } from '../../engine/i18n/schemaTexts';
import { rjsfEnglishMessages } from '../../engine/i18n/rjsfStrings';
import { validationMessageIds } from '../../engine/i18n/validationMessages';
import { LOOKUP_TEXTS } from '../../widgets/lookup/lookupTexts';
import { CHART_TEXTS } from '../../widgets/chart/chartFormat';
import { MEDIA_TEXTS } from '../../widgets/media/mediaTexts';
import { TOKEN_TEXTS } from '../../widgets/tokens/tokenTexts';
import { FINDING_TEXTS } from '../../server/areas/ads/contentChecks';

const LOCALES = ['en', 'ru', 'es', 'de', 'jp'];
const messages = readMessages(join(import.meta.dirname, '../../src/locales'));
const en = messages.en ?? {};

/** The ICU argument names of a message, nested plural/select options included. */
function placeholders(message: string): string[] {
  const names = new Set<string>();
  const visit = (elements: MessageFormatElement[]) => {
    for (const el of elements) {
      if (el.type === TYPE.literal || el.type === TYPE.pound) continue;
      if ('value' in el && typeof el.value === 'string') names.add(el.value);
      if ('options' in el) for (const option of Object.values(el.options)) visit(option.value);
      if (el.type === TYPE.tag) visit(el.children);
    }
  };
  visit(parse(message));
  return [...names].sort();
}

const schemasRoot = join(import.meta.dirname, '../../schemas');

/**
 * Every form the panel shows: each `*.schema.json` with a `*.ui.json` beside it (the shell's forms in their areas'
 * folders, each ad format's creative form, the campaign forms), read as the catalog reads it (the campaign form with
 * its targets assembled from schemas/targets/).
 */
function formSchemas() {
  return readSchemas(schemasRoot)
    .filter((s) => existsSync(join(schemasRoot, s.path.replace(/\.schema\.json$/, '.ui.json'))))
    .map(({ id, path, schema, uiSchema }) => ({ file: `schemas/${path}`, id, schema, uiSchema }));
}

/** The locale file a form's texts belong in. */
const SCHEMA_AREAS: [folder: string, area: string][] = [
  ['schemas/ad-formats', 'adSchemas'],
  ['schemas/campaigns/', 'campaignSchemas'],
  ['schemas/profile/', 'profileSchemas'],
];
const localeFile = (file: string) => SCHEMA_AREAS.find(([folder]) => file.startsWith(folder))?.[1] ?? 'schemas';

describe('translations (src/locales/<locale>/*.json)', () => {
  it('has every panel locale', () => {
    expect(Object.keys(messages).sort()).toEqual([...LOCALES].sort());
  });

  it.each(LOCALES.filter((l) => l !== 'en'))('%s has every key of en', (locale) => {
    const missing = Object.keys(en).filter((id) => !Object.hasOwn(messages[locale] ?? {}, id));
    expect(missing, `src/locales/${locale} lacks ${missing.length} key(s) of en: ${missing.join(', ')}`).toEqual([]);
  });

  it.each(LOCALES.filter((l) => l !== 'en'))('%s has no key that en lacks', (locale) => {
    const extra = Object.keys(messages[locale] ?? {}).filter((id) => !Object.hasOwn(en, id));
    expect(extra, `src/locales/${locale} has key(s) en does not: ${extra.join(', ')}`).toEqual([]);
  });

  it.each(LOCALES.filter((l) => l !== 'en'))('%s keeps the placeholders of the English messages', (locale) => {
    const differ = Object.entries(messages[locale] ?? {})
      .filter(([id]) => Object.hasOwn(en, id))
      .map(([id, message]) => ({ id, en: placeholders(en[id]).join(', '), [locale]: placeholders(message).join(', ') }))
      .filter((d) => d.en !== d[locale]);
    expect(differ, `src/locales/${locale}: placeholders differ from en`).toEqual([]);
  });

  it('translates every title, description and enum label of every form (schemas/<area>/, schemas/ad-formats/, the campaign forms) (keys in en, English equal to the schema)', () => {
    const problems: string[] = [];
    for (const source of formSchemas()) {
      for (const text of schemaTexts(source)) {
        if (!Object.hasOwn(en, text.key)) {
          problems.push(
            `${source.file}: "${text.text}" has no key ${text.key} in src/locales/en/${localeFile(source.file)}.json (add it to every locale; a note for developers belongs in "$comment", not in a text the form shows)`,
          );
        }
        else if (en[text.key] !== text.text) problems.push(`${text.key}: en says "${en[text.key]}" but ${source.file} says "${text.text}"`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('labels every enum option of the forms (a raw value such as "personal" is not a translatable label)', () => {
    const unlabelled = formSchemas().flatMap((s) => unlabelledEnums(s).map((path) => `${s.file}: ${path || '(root)'} needs ui:enumNames or oneOf titles`));
    expect(unlabelled).toEqual([]);
  });

  it('translates every text of every resource manifest (schemas/<area>/*.resource.json and its column set), English equal to the manifest, none left over', () => {
    const expected: Record<string, string> = {};
    for (const file of readdirSync(schemasRoot, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.resource.json'))) {
      const manifest = JSON.parse(readFileSync(join(schemasRoot, file), 'utf8')) as ResourceManifest;
      const columns = JSON.parse(readFileSync(join(schemasRoot, dirname(file), manifest.list.columns), 'utf8')) as ColumnSet;
      Object.assign(expected, resourceTexts(manifest, columns));
    }
    expect(Object.keys(expected).length).toBeGreaterThan(0);
    const problems = Object.entries(expected).filter(([id, text]) => en[id] !== text).map(([id, text]) => `${id}: manifest "${text}", en "${en[id] ?? '(missing)'}"`);
    const stale = Object.keys(en).filter((id) => id.startsWith('resource.') && !Object.hasOwn(expected, id));
    expect([...problems, ...stale.map((id) => `${id}: no manifest has this text`)]).toEqual([]);
  });

  it('has no schema keys for texts that no schema has any more', () => {
    const known = new Set(formSchemas().flatMap((s) => schemaTexts(s).map((t) => t.key)));
    const stale = Object.keys(en).filter((id) => id.startsWith('schema.') && !known.has(id));
    expect(stale).toEqual([]);
  });

  it('has every validation message, RJSF template string and widget text in English, equal to the code defaults', () => {
    const missing = validationMessageIds().filter((id) => !Object.hasOwn(en, id));
    expect(missing, 'validation ids missing from src/locales/en/validation.json').toEqual([]);
    const defaults: Record<string, string> = {
      ...rjsfEnglishMessages(),
      ...LOOKUP_TEXTS,
      ...CHART_TEXTS,
      ...MEDIA_TEXTS,
      ...TOKEN_TEXTS,
      // The scan's findings are saved in English and shown in the reader's language by the panel.
      ...Object.fromEntries(Object.entries(FINDING_TEXTS).map(([text, english]) => [`ad.scan.detail.${text}`, english])),
    };
    const differ = Object.entries(defaults).filter(([id, text]) => en[id] !== text).map(([id, text]) => `${id}: code "${text}", en "${en[id]}"`);
    expect(differ).toEqual([]);
  });
});
