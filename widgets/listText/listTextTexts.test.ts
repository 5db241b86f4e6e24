import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LIST_TEXT_TEXTS } from './listTextTexts';

// Read as data, not imported: widgets/ does not import src/ (tests/data/locales.test.ts checks the other locales).
const en = JSON.parse(readFileSync(join(import.meta.dirname, '../../src/locales/en/panelWidgets.json'), 'utf8')) as Record<string, string>;

describe('list text widget texts', () => {
  it('are in src/locales/en/panelWidgets.json with the same English', () => {
    const differ = Object.entries(LIST_TEXT_TEXTS).filter(([id, text]) => en[id] !== text).map(([id, text]) => `${id}: code "${text}", en "${en[id]}"`);
    expect(differ).toEqual([]);
  });
});
