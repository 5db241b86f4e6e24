import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './dates';

describe('document dates', () => {
  it('print DD.MM.YYYY and DD.MM.YYYY HH:mm in UTC, whatever the server’s time zone', () => {
    const moment = new Date('2026-01-02T23:05:59.999Z');
    expect(formatDate(moment)).toBe('02.01.2026');
    expect(formatDateTime(moment)).toBe('02.01.2026 23:05');
  });

  it('refuse an invalid date', () => {
    expect(() => formatDate(new Date('x'))).toThrow(/valid Date/);
  });
});
