/** The kinds of money documents. */
export type DocumentKind = 'invoice' | 'receipt' | 'order';

const UNSAFE = /[^A-Za-z0-9._-]+/g;
const MAX_NUMBER_LENGTH = 80;

/**
 * A download name that is safe in a Content-Disposition header and on every file system: the kind and
 * the number with anything but letters, digits, dots, dashes and underscores turned into dashes.
 * @example documentFileName('invoice', 'INV-2026-000123') // 'invoice-INV-2026-000123.pdf'
 */
export function documentFileName(kind: DocumentKind, number: string): string {
  const safe = String(number)
    .replace(UNSAFE, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, MAX_NUMBER_LENGTH);
  return safe === '' ? `${kind}.pdf` : `${kind}-${safe}.pdf`;
}
