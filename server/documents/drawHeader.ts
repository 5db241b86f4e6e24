import { drawLogo } from './drawLogo';
import { INK, PAGE, type Sheet } from './sheet';
import { writeText } from './typeset';

/** A label and its value, as printed under the title ("Invoice no." INV-2026-000123). */
export type Fact = [label: string, value: string];

const LOGO = { width: 210, height: 46 };
const TITLE_SIZE = 24;
const FACT_SIZE = 9;
const FACT_GAP = 3;
const RIGHT_COLUMN = 250;
const VALUE_WIDTH = 130;

/** The facts under the title: labels muted on the left of the column, values bold against the right edge. */
function drawFacts(sheet: Sheet, facts: Fact[], top: number): number {
  const { doc } = sheet;
  const labelX = PAGE.right - RIGHT_COLUMN;
  const labelWidth = RIGHT_COLUMN - VALUE_WIDTH - 8;
  let y = top;
  for (const [label, value] of facts) {
    const labelHeight = writeText(doc, label, labelX, y, labelWidth, { size: FACT_SIZE, color: INK.muted, align: 'right', maxLines: 2 });
    const valueHeight = writeText(doc, value, PAGE.right - VALUE_WIDTH, y, VALUE_WIDTH, { size: FACT_SIZE, bold: true, align: 'right', maxLines: 2 });
    y += Math.max(labelHeight, valueHeight) + FACT_GAP;
  }
  return y;
}

/**
 * The top of the first page: the logo (or name) on the left, the title in the brand's colour on the right
 * with the document's number and dates under it, and a rule in the brand's colour below both.
 */
export function drawHeader(sheet: Sheet, title: string, facts: Fact[]): void {
  const { doc } = sheet;
  drawLogo(doc, sheet.network, { x: PAGE.left, y: PAGE.top, width: LOGO.width, height: LOGO.height });
  const titleHeight = writeText(doc, title, PAGE.right - RIGHT_COLUMN, PAGE.top - 4, RIGHT_COLUMN, { size: TITLE_SIZE, bold: true, color: sheet.brand, align: 'right', maxLines: 1 });
  const factsBottom = drawFacts(sheet, facts, PAGE.top + titleHeight + 2);
  const ruleY = Math.max(PAGE.top + LOGO.height, factsBottom) + 12;
  doc.moveTo(PAGE.left, ruleY).lineTo(PAGE.right, ruleY).lineWidth(1.5).strokeColor(sheet.brand).stroke();
  sheet.y = ruleY + 22;
}
