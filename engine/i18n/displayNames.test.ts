import { describe, expect, it } from 'vitest';
import { displayName, languageName, regionName } from './displayNames';

describe('displayNames', () => {
  it('names a country in the reader language from its ISO code', () => {
    expect(regionName('DE', 'ru', 'Germany')).toBe('Германия');
    expect(regionName('de', 'de', 'Germany')).toBe('Deutschland');
    expect(regionName('JP', 'ja', 'Japan')).toBe('日本');
  });

  it('names a language in the reader language from its ISO code', () => {
    expect(languageName('fr', 'es', 'French')).toBe('francés');
    expect(languageName('DE', 'ru', 'German')).toBe('немецкий');
  });

  it('keeps the English name for a code Intl does not know, and the code when there is no name', () => {
    expect(regionName('XK', 'en', 'Kosovo')).toBe('Kosovo');
    expect(regionName('QQ', 'ru', 'Nowhere')).toBe('Nowhere');
    expect(displayName('region', 'not a code', 'ru', 'Somewhere')).toBe('Somewhere');
    expect(regionName('QQ', 'ru')).toBe('QQ');
    expect(regionName(null, 'ru', 'Unknown')).toBe('Unknown');
  });
});
