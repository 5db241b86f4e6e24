import { describe, expect, it } from 'vitest';
import { documentFileName } from './documentFileName';

describe('documentFileName', () => {
  it('names a download after the kind and number', () => {
    expect(documentFileName('invoice', 'INV-2026-000123')).toBe('invoice-INV-2026-000123.pdf');
    expect(documentFileName('receipt', 'PAY_7.1')).toBe('receipt-PAY_7.1.pdf');
  });

  it('turns separators, quotes, paths and other scripts into dashes', () => {
    expect(documentFileName('invoice', '../../etc/passwd')).toBe('invoice-etc-passwd.pdf');
    expect(documentFileName('invoice', 'a"b\r\nc; 請求')).toBe('invoice-a-b-c.pdf');
    expect(documentFileName('receipt', '請求')).toBe('receipt.pdf');
    expect(documentFileName('invoice', 'x'.repeat(500))).toHaveLength('invoice-.pdf'.length + 80);
  });
});
