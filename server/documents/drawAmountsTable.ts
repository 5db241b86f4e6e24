import { ensureSpace, INK, PAGE, type Sheet } from './sheet';
import { BASELINE, cleanText, measureText, writeText, type TextStyle } from './typeset';

/** One row: what it is for and its amount, already formatted. */
export interface AmountRow {
  description: string;
  amount: string;
}

/** The table's column headings and whether rows are numbered. */
export interface AmountsTableHead {
  description: string;
  amount: string;
  numbered: boolean;
}

const NUMBER_WIDTH = 26;
const AMOUNT_WIDTH = 140;
const GAP = 12;
const PADDING = 7;
const HEAD_SIZE = 8;
const ROW: TextStyle = { size: 10, maxLines: 8 };
const TOTAL_LABEL: TextStyle = { size: 11, bold: true, align: 'right', maxLines: 2 };
/** Room the total needs under the table. */
const TOTAL_SPACE = 60;
const TOTAL_AMOUNT: TextStyle = { size: 13, bold: true, align: 'right', maxLines: 2 };

/** Where the columns start and how wide they are. */
function columns(numbered: boolean) {
  const descriptionX = PAGE.left + (numbered ? NUMBER_WIDTH : 0) + 6;
  const amountX = PAGE.right - AMOUNT_WIDTH - 6;
  return { numberX: PAGE.left + 6, descriptionX, descriptionWidth: amountX - GAP - descriptionX, amountX };
}

/** The heading row, on a band tinted with the brand's colour. */
function drawHead(sheet: Sheet, head: AmountsTableHead): void {
  const { doc } = sheet;
  const col = columns(head.numbered);
  const style: TextStyle = { size: HEAD_SIZE, bold: true, color: INK.muted, maxLines: 1 };
  const height = HEAD_SIZE * 1.4 + 2 * 6;
  doc.rect(PAGE.left, sheet.y, PAGE.right - PAGE.left, height).fillColor(sheet.brand, 0.08).fill();
  doc.fillOpacity(1);
  const textTop = sheet.y + 6;
  if (head.numbered) writeText(doc, '#', col.numberX, textTop, NUMBER_WIDTH, style);
  writeText(doc, head.description.toUpperCase(), col.descriptionX, textTop, col.descriptionWidth, style);
  writeText(doc, head.amount.toUpperCase(), col.amountX, textTop, AMOUNT_WIDTH, { ...style, align: 'right' });
  sheet.y += height;
}

/**
 * One row, with a hairline under it; starts a new page (with the heading again) when it and `keep` points
 * after it (the total, under the last row) do not fit.
 */
function drawRow(sheet: Sheet, head: AmountsTableHead, row: AmountRow, index: number, keep: number): void {
  const { doc } = sheet;
  const col = columns(head.numbered);
  const description = cleanText(row.description, true);
  const height = Math.max(measureText(doc, description, ROW, col.descriptionWidth), measureText(doc, row.amount, ROW, AMOUNT_WIDTH)) + 2 * PADDING;
  ensureSpace(sheet, height + keep);
  const top = sheet.y + PADDING;
  if (head.numbered) writeText(doc, String(index + 1), col.numberX, top, NUMBER_WIDTH, { ...ROW, color: INK.muted });
  writeText(doc, description, col.descriptionX, top, col.descriptionWidth, ROW);
  writeText(doc, row.amount, col.amountX, top, AMOUNT_WIDTH, { ...ROW, align: 'right' });
  sheet.y += height;
  doc.moveTo(PAGE.left, sheet.y).lineTo(PAGE.right, sheet.y).lineWidth(0.5).strokeColor(INK.rule).stroke();
}

/**
 * The table of amounts: heading, then each row; the heading repeats at the top of every page it spans, and
 * the last row goes to the next page with the total rather than leave the total alone there.
 */
export function drawAmountsTable(sheet: Sheet, head: AmountsTableHead, rows: AmountRow[]): void {
  ensureSpace(sheet, 60);
  drawHead(sheet, head);
  sheet.onNewPage = () => drawHead(sheet, head);
  rows.forEach((row, index) => drawRow(sheet, head, row, index, index === rows.length - 1 ? TOTAL_SPACE : 0));
  sheet.onNewPage = undefined;
}

/**
 * The total under the table: its label and amount against the right edge, over a rule in the brand's colour.
 * Returns the top of the total's line, where a stamp may go beside it.
 */
export function drawTotal(sheet: Sheet, label: string, amount: string): number {
  const { doc } = sheet;
  const col = columns(false);
  const labelWidth = col.amountX - GAP - (PAGE.left + 200);
  const height = Math.max(measureText(doc, label, TOTAL_LABEL, labelWidth), measureText(doc, amount, TOTAL_AMOUNT, AMOUNT_WIDTH)) + 16;
  ensureSpace(sheet, height + 18);
  const top = sheet.y + 10;
  doc.moveTo(col.amountX - 120, sheet.y).lineTo(PAGE.right, sheet.y).lineWidth(1.5).strokeColor(sheet.brand).stroke();
  writeText(doc, label, PAGE.left + 200, top + (TOTAL_AMOUNT.size - TOTAL_LABEL.size) * BASELINE, labelWidth, TOTAL_LABEL);
  writeText(doc, amount, col.amountX, top, AMOUNT_WIDTH, TOTAL_AMOUNT);
  sheet.y += height + 18;
  return top;
}
