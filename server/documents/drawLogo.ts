import { readFileSync, statSync } from 'node:fs';
import { drawSvg } from './svg/drawSvg';
import { parseSvg } from './svg/parseSvg';
import { writeText } from './typeset';
import type { DocumentNetwork } from './types';

/** The box the logo is fitted into. */
export interface LogoBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

const MAX_LOGO_BYTES = 5 * 1024 * 1024;
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47]);
const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);

/** The logo file's bytes, or null when there is none, it is missing or it is too big to be a logo. */
function readLogo(path: string | undefined): Buffer | null {
  if (!path) return null;
  try {
    if (statSync(path).size > MAX_LOGO_BYTES) return null;
    return readFileSync(path);
  } catch {
    return null;
  }
}

/** Draws a PNG or JPEG (told by its content, not its name) or an SVG; false when it is neither or fails to parse. */
function drawImage(doc: PDFKit.PDFDocument, bytes: Buffer, box: LogoBox): boolean {
  try {
    if (bytes.subarray(0, 4).equals(PNG_MAGIC) || bytes.subarray(0, 3).equals(JPEG_MAGIC)) {
      doc.image(bytes, box.x, box.y, { fit: [box.width, box.height], valign: 'center' });
      return true;
    }
    drawSvg(doc, parseSvg(bytes.toString('utf8')), box.x, box.y, box.width, box.height);
    return true;
  } catch {
    // Unsupported or damaged: nothing was drawn yet, so the name takes the logo's place.
    return false;
  }
}

/**
 * Draws the network's logo in `box`, or its name in its primary colour when it has no logo or the logo
 * cannot be drawn: a document is never refused over a picture.
 */
export function drawLogo(doc: PDFKit.PDFDocument, network: DocumentNetwork, box: LogoBox): void {
  const bytes = readLogo(network.logo);
  if (bytes && drawImage(doc, bytes, box)) return;
  const size = 20;
  const top = box.y + (box.height - size * 1.4) / 2;
  writeText(doc, network.name, box.x, top, box.width, { size, bold: true, color: network.primaryColor, maxLines: 1 });
}
