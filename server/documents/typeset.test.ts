import { describe, expect, it } from 'vitest';
import { scriptOf } from './fonts';
import { cleanText } from './typeset';

describe('cleanText', () => {
  it('drops control and format characters (bidi overrides, NUL, zero-width) and lone surrogates', () => {
    expect(cleanText('Evil\u202Egnp.exe\u0000\u200B Co\ud800')).toBe('Evilgnp.exe Co');
  });

  it('keeps line breaks only in multi-line text, at most one empty line in a row', () => {
    expect(cleanText('a\r\nb\tc')).toBe('a b c');
    expect(cleanText('a\r\n\n\n\nb', true)).toBe('a\n\nb');
  });

  it('caps the length in code points, never splitting a character', () => {
    const capped = cleanText('😀'.repeat(5000));
    expect([...capped]).toHaveLength(2000);
    expect(capped.endsWith('😀')).toBe(true);
  });
});

describe('scriptOf', () => {
  it('sets Japanese text in the Japanese font, everything else in the Latin one', () => {
    expect(scriptOf('株式会社ABC')).toBe('japanese');
    expect(scriptOf('ＡＢＣ')).toBe('japanese');
    expect(scriptOf('ООО «Ромашка»')).toBe('latin');
    expect(scriptOf('Łódź GmbH')).toBe('latin');
  });

  it('sets Latin in the Japanese font in a Japanese document, but not Cyrillic or the rouble sign', () => {
    expect(scriptOf('AdNet Europe B.V.', 'japanese')).toBe('japanese');
    expect(scriptOf('$1,250.00', 'japanese')).toBe('japanese');
    expect(scriptOf('ООО «Ромашка»', 'japanese')).toBe('latin');
    expect(scriptOf('1,250.00 ₽', 'japanese')).toBe('latin');
  });
});
