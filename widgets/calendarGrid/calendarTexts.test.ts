import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CALENDAR_TEXTS } from './calendarTexts';

// Read as data, not imported: widgets/ does not import src/.
const locale = (name: string) => JSON.parse(readFileSync(join(import.meta.dirname, `../../src/locales/${name}/panelWidgets.json`), 'utf8')) as Record<string, string>;

describe('calendar grid texts', () => {
  it('are in src/locales/en/panelWidgets.json with the same English', () => {
    const en = locale('en');
    const differ = Object.entries(CALENDAR_TEXTS).filter(([id, text]) => en[id] !== text).map(([id, text]) => `${id}: code "${text}", en "${en[id]}"`);
    expect(differ).toEqual([]);
  });

  it.each(['ru', 'es', 'de', 'jp'])('are translated in %s', (name) => {
    const messages = locale(name);
    const untranslated = Object.entries(CALENDAR_TEXTS).filter(([id, text]) => !messages[id] || messages[id] === text).map(([id]) => id);
    expect(untranslated).toEqual([]);
  });
});
