import { describe, expect, it } from 'vitest';
import { formatAdDate } from './adFormats';

describe('formatAdDate', () => {
  it('reads DD MMM HH:mm in every language, with the month named as the language names it', () => {
    const at = '2026-11-24T05:41:00Z';
    expect(formatAdDate(at, 'en')).toBe('24 Nov 05:41');
    expect(formatAdDate(at, 'de')).toBe('24 Nov 05:41');
    expect(formatAdDate(at, 'ru')).toBe('24 нояб 05:41');
    expect(formatAdDate(at, 'ja')).toBe('24 11月 05:41');
  });
});
