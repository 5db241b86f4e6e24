import { intlLocale } from './money';
import { INK, PAGE, type Sheet } from './sheet';
import { cleanText, writeText } from './typeset';

/** One side of the deal: a heading ("Bill to"), the company's name and its lines (address, VAT, e-mail). */
export interface PartyBlock {
  heading: string;
  name: string;
  lines: string[];
}

const COLUMN_GAP = 30;
const HEADING_SIZE = 8;
const NAME_SIZE = 11;
const LINE_SIZE = 9;
/** A name or line longer than this is cut with an ellipsis: user text never pushes the blocks apart. */
const NAME_LINES = 3;
const LINE_LINES = 3;

/** A labelled line such as "VAT ID: DE123456789", or nothing when the value is empty. */
export function labelled(label: string, value: string | undefined): string[] {
  const clean = cleanText(value ?? '');
  return clean === '' ? [] : [`${label}: ${clean}`];
}

/** Draws one party in a column and returns its height. */
function drawParty(sheet: Sheet, party: PartyBlock, x: number, width: number): number {
  const { doc } = sheet;
  let y = sheet.y;
  y += writeText(doc, party.heading.toLocaleUpperCase(intlLocale(sheet.locale)), x, y, width, { size: HEADING_SIZE, bold: true, color: sheet.brand, maxLines: 1 }) + 3;
  y += writeText(doc, cleanText(party.name), x, y, width, { size: NAME_SIZE, bold: true, maxLines: NAME_LINES }) + 2;
  for (const line of party.lines) {
    y += writeText(doc, cleanText(line, true), x, y, width, { size: LINE_SIZE, color: INK.text, maxLines: LINE_LINES });
  }
  return y - sheet.y;
}

/** Draws the two parties side by side (the issuer on the left) and moves below the taller one. */
export function drawParties(sheet: Sheet, left: PartyBlock, right: PartyBlock): void {
  const width = (PAGE.right - PAGE.left - COLUMN_GAP) / 2;
  const leftHeight = drawParty(sheet, left, PAGE.left, width);
  const rightHeight = drawParty(sheet, right, PAGE.left + width + COLUMN_GAP, width);
  sheet.y += Math.max(leftHeight, rightHeight) + 26;
}
