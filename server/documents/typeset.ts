import { faceFor, fontBytes, type FontFace, type FontScript } from './fonts';

/** How a piece of text is set. */
export interface TextStyle {
  size: number;
  bold?: boolean;
  color?: string;
  align?: 'left' | 'right' | 'center';
  /** Lines at most; the rest is cut with an ellipsis (user text must never push the layout apart). */
  maxLines?: number;
}

/** Line pitch in ems, the same for the Latin and the Japanese font so mixed rows line up. */
export const LINE_HEIGHT = 1.4;
/** Where the baseline sits below the top of a line, in ems: both fonts' glyphs fit the line box. */
export const BASELINE = 1.08;
/** Longest text ever set, in code points: a megabyte-long company name costs no more than this. */
const MAX_CHARS = 2000;
const ELLIPSIS = '…';
const DEFAULT_COLOR = '#1c2127';

const registered = new WeakMap<PDFKit.PDFDocument, Set<FontFace>>();
const documentScripts = new WeakMap<PDFKit.PDFDocument, FontScript>();

/** Tells the typesetter which script the document is written in (fonts.ts, scriptOf). */
export function setDocumentScript(doc: PDFKit.PDFDocument, script: FontScript): void {
  documentScripts.set(doc, script);
}

/** Line pitch of a font size in points. */
export function lineHeight(size: number): number {
  return size * LINE_HEIGHT;
}

/**
 * User text made safe to set: control and format characters (bidi overrides, zero-width joiners, a lone
 * surrogate) go, line breaks are kept only in multi-line text, and the length is capped.
 */
export function cleanText(text: string, multiline = false): string {
  const lines = String(text ?? '').replace(/\r\n?/g, '\n').replace(/\t/g, ' ');
  const stripped = lines.replace(/[\p{Cc}\p{Cf}\p{Cs}]/gu, (c) => (c === '\n' ? (multiline ? '\n' : ' ') : ''));
  const collapsed = multiline ? stripped.replace(/\n{3,}/g, '\n\n') : stripped.replace(/ {2,}/g, ' ');
  return [...collapsed.trim()].slice(0, MAX_CHARS).join('');
}

/** Makes `face` the current font at `size`, embedding it in this document on first use. */
function useFont(doc: PDFKit.PDFDocument, face: FontFace, size: number): void {
  let faces = registered.get(doc);
  if (!faces) {
    faces = new Set();
    registered.set(doc, faces);
  }
  if (!faces.has(face)) {
    doc.registerFont(face, fontBytes(face));
    faces.add(face);
  }
  doc.font(face).fontSize(size);
}

/**
 * Sets the font a text needs and returns pdfkit's options for it in a box `width` wide. The font follows
 * the document's script unless `script` is given.
 */
function prepare(doc: PDFKit.PDFDocument, text: string, style: TextStyle, width?: number, script = documentScripts.get(doc)): PDFKit.Mixins.TextOptions {
  useFont(doc, faceFor(text, style.bold ?? false, script), style.size);
  const lineGap = lineHeight(style.size) - doc.currentLineHeight(true);
  // A height keeps pdfkit from adding pages by itself: the layout decides where pages break.
  return { width, lineGap, align: style.align ?? 'left', baseline: 'alphabetic', height: 100_000 };
}

/** How many lines a text takes in a box `width` wide. */
function linesOf(doc: PDFKit.PDFDocument, text: string, style: TextStyle, width: number): number {
  if (text === '') return 0;
  const options = prepare(doc, text, style, width);
  return Math.round(doc.heightOfString(text, options) / lineHeight(style.size));
}

/** The longest start of `text` that, with an ellipsis, fits in `maxLines` lines. */
function truncate(doc: PDFKit.PDFDocument, text: string, style: TextStyle, width: number, maxLines: number): string {
  const chars = [...text];
  const cut = (n: number) => chars.slice(0, n).join('').trimEnd() + ELLIPSIS;
  let low = 0;
  let high = chars.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (linesOf(doc, cut(middle), style, width) <= maxLines) low = middle;
    else high = middle - 1;
  }
  return cut(low);
}

/** `text` as it will be set: cut with an ellipsis when it needs more than `style.maxLines` lines. */
export function fitText(doc: PDFKit.PDFDocument, text: string, style: TextStyle, width: number): string {
  if (style.maxLines === undefined || linesOf(doc, text, style, width) <= style.maxLines) return text;
  return truncate(doc, text, style, width, style.maxLines);
}

/** The height a text takes in a box `width` wide, after fitting. */
export function measureText(doc: PDFKit.PDFDocument, text: string, style: TextStyle, width: number): number {
  return linesOf(doc, fitText(doc, text, style, width), style, width) * lineHeight(style.size);
}

/** The width of a text on one line. */
export function widthOfText(doc: PDFKit.PDFDocument, text: string, style: TextStyle): number {
  const options = prepare(doc, text, style);
  return doc.widthOfString(text, options);
}

/**
 * Sets a text in the box whose top left corner is (`x`, `top`), wrapping at `width` and cutting it to
 * `style.maxLines`. Returns the height it took.
 */
export function writeText(doc: PDFKit.PDFDocument, text: string, x: number, top: number, width: number, style: TextStyle): number {
  const fitted = fitText(doc, text, style, width);
  if (fitted === '') return 0;
  const lines = linesOf(doc, fitted, style, width);
  const options = prepare(doc, fitted, style, width);
  doc.fillColor(style.color ?? DEFAULT_COLOR).text(fitted, x, top + style.size * BASELINE, options);
  return lines * lineHeight(style.size);
}

/**
 * Sets one line of text with its baseline at `baseline`, starting at `x` (left), ending there (right) or
 * centred on it (center); never wraps. For logos drawn from SVG: their font follows their own text, not the
 * document's language, so a logo looks the same in every language.
 */
export function writeLine(doc: PDFKit.PDFDocument, text: string, x: number, baseline: number, style: TextStyle, opacity = 1): void {
  const line = cleanText(text);
  if (line === '') return;
  const options = prepare(doc, line, { ...style, align: 'left' }, undefined, 'latin');
  const width = doc.widthOfString(line, options);
  const left = style.align === 'right' ? x - width : style.align === 'center' ? x - width / 2 : x;
  doc.fillColor(style.color ?? DEFAULT_COLOR, opacity).text(line, left, baseline, { ...options, lineBreak: false });
}
