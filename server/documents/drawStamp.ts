import type { Sheet } from './sheet';
import { widthOfText, writeText, type TextStyle } from './typeset';

/** The colours of the stamps. */
export const STAMP_COLORS = { paid: '#1c7c54', approved: '#1c7c54', cancelled: '#c23030', rejected: '#c23030' } as const;

const STYLE: TextStyle = { size: 18, bold: true };
const PAD_X = 12;
const PAD_Y = 5;
const TILT = -8;
const MAX_WIDTH = 220;

/**
 * A rubber stamp ("PAID", "CANCELLED"): bold text in a rounded frame, tilted, centred on (`cx`, `cy`).
 * Moves the sheet below it, so the next block never runs under the stamp.
 */
export function drawStamp(sheet: Sheet, text: string, color: string, cx: number, cy: number): void {
  const { doc } = sheet;
  const style = { ...STYLE, color, maxLines: 1 };
  const textWidth = Math.min(widthOfText(doc, text, style), MAX_WIDTH);
  const width = textWidth + 2 * PAD_X;
  const height = STYLE.size * 1.4 + 2 * PAD_Y;
  doc.save().rotate(TILT, { origin: [cx, cy] }).opacity(0.85);
  doc.roundedRect(cx - width / 2, cy - height / 2, width, height, 6).lineWidth(2.5).strokeColor(color).stroke();
  doc.roundedRect(cx - width / 2 + 3.5, cy - height / 2 + 3.5, width - 7, height - 7, 4).lineWidth(0.8).strokeColor(color).stroke();
  writeText(doc, text, cx - textWidth / 2, cy - height / 2 + PAD_Y, textWidth + 1, { ...style, align: 'center' });
  doc.restore();
  const radians = (Math.abs(TILT) * Math.PI) / 180;
  const halfExtent = (height * Math.cos(radians) + width * Math.sin(radians)) / 2;
  sheet.y = Math.max(sheet.y, cy + halfExtent + 14);
}
