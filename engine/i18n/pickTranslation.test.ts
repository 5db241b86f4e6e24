import { describe, expect, it } from 'vitest';
import { pickTranslation } from './pickTranslation';

const ru = { locale: 'ru', name: 'Старт' };
const en = { locale: 'en', name: 'Starter' };
const de = { locale: 'de', name: 'Starter (de)' };

describe('pickTranslation', () => {
  it('takes the reader’s locale, else English, else the first, else nothing', () => {
    expect(pickTranslation([ru, en, de], 'de')).toBe(de);
    expect(pickTranslation([ru, en], 'jp')).toBe(en);
    expect(pickTranslation([ru, de], 'jp')).toBe(ru);
    expect(pickTranslation([], 'en')).toBeUndefined();
  });
});
