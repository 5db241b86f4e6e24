import PDFDocument from 'pdfkit';
import { documentLabels, type DocumentLabels } from './labels';
import { intlLocale } from './money';
import { setDocumentScript, writeText } from './typeset';
import type { DocumentLocale, DocumentNetwork } from './types';

/** A4 in points and the frame every page shares. */
export const PAGE = {
  width: 595.28,
  height: 841.89,
  left: 50,
  right: 545.28,
  top: 45,
  /** Nothing but the footer goes below this line. */
  bottom: 771,
  footer: 795,
} as const;

/** Text colours besides the brand's. */
export const INK = { text: '#1c2127', muted: '#5f6b7c', rule: '#d3d8de', panel: '#f6f7f9' } as const;

/** The document being laid out: the pdfkit document, its labels and brand, and where the next block goes. */
export interface Sheet {
  doc: PDFKit.PDFDocument;
  t: DocumentLabels;
  locale: DocumentLocale;
  network: DocumentNetwork;
  /** The network's colour, checked (a bad config colour falls back to a neutral blue). */
  brand: string;
  /** The top of the next block on the current page. */
  y: number;
  /** Redraws what a continued block needs at the top of a new page (a table's header). */
  onNewPage?: () => void;
}

/** What the PDF's metadata and footer say. */
export interface SheetMeta {
  locale: DocumentLocale;
  network: DocumentNetwork;
  /** "Invoice INV-2026-000123": the PDF's title and the footer's middle. */
  title: string;
  /** The document's own date, used as the PDF's creation date so the same document renders the same bytes. */
  createdAt: Date;
}

const HEX_COLOR = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;
const FALLBACK_BRAND = '#2d72d2';

/** The network's primary colour, or a neutral blue when the config's value is not a hex colour. */
function brandColor(network: DocumentNetwork): string {
  return HEX_COLOR.test(network.primaryColor ?? '') ? network.primaryColor : FALLBACK_BRAND;
}

/** Collects a pdfkit document's output. */
function collect(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

/** Starts an A4 document with its metadata; `finish` adds every page's footer and returns the PDF. */
export function createSheet(meta: SheetMeta): { sheet: Sheet; finish: () => Promise<Buffer> } {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: PAGE.top, bottom: 0, left: PAGE.left, right: PAGE.width - PAGE.right },
    bufferPages: true,
    lang: intlLocale(meta.locale),
    displayTitle: true,
    info: { Title: meta.title, Author: meta.network.name, Creator: meta.network.name, CreationDate: meta.createdAt },
  });
  const output = collect(doc);
  setDocumentScript(doc, meta.locale === 'jp' ? 'japanese' : 'latin');
  const sheet: Sheet = { doc, t: documentLabels(meta.locale), locale: meta.locale, network: meta.network, brand: brandColor(meta.network), y: PAGE.top };
  const finish = () => {
    drawFooters(sheet, meta.title);
    doc.end();
    return output;
  };
  return { sheet, finish };
}

/** Starts a new page when `height` does not fit above the footer, and says whether it did. */
export function ensureSpace(sheet: Sheet, height: number): boolean {
  if (sheet.y + height <= PAGE.bottom) return false;
  sheet.doc.addPage();
  sheet.y = PAGE.top;
  sheet.onNewPage?.();
  return true;
}

/** The network's name, the document's title and "Page n of m" at the foot of every page. */
function drawFooters(sheet: Sheet, title: string): void {
  const { doc, t } = sheet;
  const pages = doc.bufferedPageRange();
  const style = { size: 7.5, color: INK.muted, maxLines: 1 };
  for (let i = 0; i < pages.count; i++) {
    doc.switchToPage(pages.start + i);
    doc.moveTo(PAGE.left, PAGE.footer - 8).lineTo(PAGE.right, PAGE.footer - 8).lineWidth(0.5).strokeColor(INK.rule).stroke();
    writeText(doc, sheet.network.name, PAGE.left, PAGE.footer, 170, style);
    writeText(doc, title, PAGE.left + 170, PAGE.footer, 155, { ...style, align: 'center' });
    writeText(doc, t('footer.page', { page: i + 1, pages: pages.count }), PAGE.right - 170, PAGE.footer, 170, { ...style, align: 'right' });
  }
}
