import { render, screen } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fillPlaceholders, type Translator } from '../../engine/i18n/Translator';
import { TranslatorContext } from '../../engine/i18n/TranslatorContext';
import { AdPreview } from './AdPreview';
import { AD_PREVIEW_TEXTS } from './adPreviewTexts';
import { fixtureMedia } from './fixtures';

// Read as data, not imported: widgets/ does not import src/ (tests/data/locales.test.ts checks the other locales).
const read = (locale: string) => JSON.parse(readFileSync(join(import.meta.dirname, `../../src/locales/${locale}/panelWidgets.json`), 'utf8')) as Record<string, string>;

describe('ad preview texts', () => {
  it('are in src/locales/en/panelWidgets.json with the same English', () => {
    const en = read('en');
    const differ = Object.entries(AD_PREVIEW_TEXTS).filter(([id, text]) => en[id] !== text).map(([id, text]) => `${id}: code "${text}", en "${en[id]}"`);
    expect(differ).toEqual([]);
  });

  it('come from the app translator', async () => {
    const ru = read('ru');
    const translator: Translator = { locale: 'ru', message: (id, values) => (id in ru ? fillPlaceholders(ru[id], values) : undefined) };
    render(
      <TranslatorContext.Provider value={translator}>
        <AdPreview kind="video" model={{ type: 'video', skip_time: 7, creatives: [{ video: 107 }] }} media={fixtureMedia} />
      </TranslatorContext.Provider>,
    );
    expect(await screen.findByText('Пропустить через 7')).toBeTruthy();
    expect(screen.getByText('Реклама')).toBeTruthy();
  });
});
