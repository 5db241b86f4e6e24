import { describe, expect, it } from 'vitest';
import { DATE_PATTERN, formatDatePattern } from './datePattern';

describe('formatDatePattern', () => {
  it('writes a timestamp in the pattern, in UTC', () => {
    expect(formatDatePattern('2026-11-26T23:05:09+03:00', 'DD.MM.YYYY HH:mm')).toBe('26.11.2026 20:05');
    expect(formatDatePattern('2026-01-02T03:04:05Z', 'YYYY-MM-DD HH:mm:ss')).toBe('2026-01-02 03:04:05');
    expect(formatDatePattern('2026-03-07', 'DD.MM.YYYY')).toBe('07.03.2026');
  });

  it('names the month in the user’s language, and leaves what is not a date as it was', () => {
    expect(formatDatePattern('2026-11-26T14:05:00Z', 'DD MMM HH:mm', 'en')).toBe('26 Nov 14:05');
    expect(formatDatePattern('2026-03-26T14:05:00Z', 'DD MMM', 'de')).toMatch(/^26 März?/);
    expect(formatDatePattern('soon', 'DD.MM.YYYY')).toBe('soon');
  });

  it('knows which patterns it can write', () => {
    expect(['DD.MM.YYYY HH:mm', 'DD MMM HH:mm', 'YYYY-MM-DD'].every((p) => DATE_PATTERN.test(p))).toBe(true);
    expect(DATE_PATTERN.test('dd/mm/yy')).toBe(false);
  });
});
