import { describe, expect, it } from 'vitest';
import { fileNameOf } from './fileName';

describe('fileNameOf', () => {
  it('reads the UTF-8 name first, then the plain one', () => {
    expect(fileNameOf(`attachment; filename="INV-1.pdf"; filename*=UTF-8''%D0%A1%D1%87%D1%91%D1%82%20INV-1.pdf`)).toBe('Счёт INV-1.pdf');
    expect(fileNameOf('attachment; filename="receipt P-10042.pdf"')).toBe('receipt P-10042.pdf');
    expect(fileNameOf('attachment; filename=plain.pdf')).toBe('plain.pdf');
    expect(fileNameOf('attachment; filename="a \\"quoted\\" name.pdf"')).toBe('a "quoted" name.pdf');
  });

  it('keeps only the last path part and names nothing when the header does not', () => {
    expect(fileNameOf('attachment; filename="../../etc/passwd"')).toBe('passwd');
    expect(fileNameOf("attachment; filename*=UTF-8''..%2F..%2Fx.pdf")).toBe('x.pdf');
    expect(fileNameOf('attachment')).toBeUndefined();
    expect(fileNameOf(undefined)).toBeUndefined();
    expect(fileNameOf("attachment; filename*=UTF-8''%E0%A4%A; filename=\"fallback.pdf\"")).toBe('fallback.pdf');
  });
});
