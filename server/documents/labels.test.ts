import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { documentLabels } from './labels';

describe('documentLabels', () => {
  it('reads each language from src/locales/<locale>/documents.json and fills placeholders', () => {
    expect(documentLabels('en')('invoice.title')).toBe('Invoice');
    expect(documentLabels('ru')('invoice.title')).toBe('Счёт');
    expect(documentLabels('jp')('receipt.title')).toBe('領収書');
    expect(documentLabels('de')('footer.page', { page: 2, pages: 3 })).toBe('Seite 2 von 3');
  });

  it('falls back to English for a key the locale lacks, and names a key English lacks', () => {
    const dir = mkdtempSync(join(tmpdir(), 'locales-'));
    for (const [locale, messages] of Object.entries({ en: { 'documents.a': 'A', 'documents.b': 'B {n}' }, de: { 'documents.a': 'Ä' } })) {
      mkdirSync(join(dir, locale));
      writeFileSync(join(dir, locale, 'documents.json'), JSON.stringify(messages));
    }
    const t = documentLabels('de', dir);
    expect(t('a')).toBe('Ä');
    expect(t('b', { n: 1 })).toBe('B 1');
    expect(documentLabels('jp', dir)('a')).toBe('A');
    expect(() => t('missing')).toThrow('No document label "documents.missing"');
  });
});
