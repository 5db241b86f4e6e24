import type { Fact } from './drawHeader';
import { ensureSpace, INK, PAGE, type Sheet } from './sheet';
import { cleanText, measureText, writeText, type TextStyle } from './typeset';

/** A panel's row: a fact, in bold when it is the one the reader must copy (the payment reference). */
export interface PanelRow {
  fact: Fact;
  strong?: boolean;
}

const PAD = 12;
const LABEL_WIDTH = 130;
const HEADING: TextStyle = { size: 10, bold: true, maxLines: 1 };
const LABEL: TextStyle = { size: 9, color: INK.muted, maxLines: 2 };
const VALUE: TextStyle = { size: 9.5, maxLines: 3 };

/** The height of one row, the taller of its label and its value. */
function rowHeight(sheet: Sheet, [label, value]: Fact, valueWidth: number): number {
  return Math.max(measureText(sheet.doc, label, LABEL, LABEL_WIDTH), measureText(sheet.doc, cleanText(value), VALUE, valueWidth)) + 3;
}

/**
 * A tinted panel with a heading and label/value rows (the bank details), kept on one page. Rows with an
 * empty value are left out.
 */
export function drawPanel(sheet: Sheet, heading: string, rows: PanelRow[]): void {
  const { doc } = sheet;
  const shown = rows.filter((row) => cleanText(row.fact[1]) !== '');
  const valueX = PAGE.left + PAD + LABEL_WIDTH + 10;
  const valueWidth = PAGE.right - PAD - valueX;
  const headingHeight = measureText(doc, heading, HEADING, valueWidth) + 6;
  const heights = shown.map((row) => rowHeight(sheet, row.fact, valueWidth));
  const height = 2 * PAD + headingHeight + heights.reduce((sum, h) => sum + h, 0);
  ensureSpace(sheet, height);
  doc.roundedRect(PAGE.left, sheet.y, PAGE.right - PAGE.left, height, 4).fillColor(INK.panel).fill();
  doc.rect(PAGE.left, sheet.y, 3, height).fillColor(sheet.brand).fill();
  let y = sheet.y + PAD;
  y += writeText(doc, heading, PAGE.left + PAD, y, PAGE.right - PAGE.left - 2 * PAD, { ...HEADING, color: sheet.brand }) + 6;
  shown.forEach(({ fact: [label, value], strong }, i) => {
    writeText(doc, label, PAGE.left + PAD, y + 0.5, LABEL_WIDTH, LABEL);
    writeText(doc, cleanText(value), valueX, y, valueWidth, { ...VALUE, bold: strong ?? false });
    y += heights[i];
  });
  sheet.y += height + 18;
}

/** A short paragraph under a small heading (the invoice's note), cut to a few lines. */
export function drawParagraph(sheet: Sheet, heading: string | null, text: string, maxLines = 12): void {
  const { doc } = sheet;
  const width = PAGE.right - PAGE.left;
  const body: TextStyle = { size: 9.5, maxLines };
  const clean = cleanText(text, true);
  if (clean === '') return;
  const headingHeight = heading ? measureText(doc, heading, HEADING, width) + 3 : 0;
  ensureSpace(sheet, headingHeight + measureText(doc, clean, body, width));
  if (heading) sheet.y += writeText(doc, heading, PAGE.left, sheet.y, width, { ...HEADING, size: 9, color: INK.muted }) + 3;
  sheet.y += writeText(doc, clean, PAGE.left, sheet.y, width, body) + 14;
}
