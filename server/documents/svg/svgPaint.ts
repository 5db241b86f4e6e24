import { UnsupportedSvgError, type SvgNode } from './parseSvg';

/** The inherited painting state of an element. */
export interface Paint {
  fill: string | null;
  stroke: string | null;
  strokeWidth: number;
  opacity: number;
  fillOpacity: number;
  strokeOpacity: number;
  fillRule: 'non-zero' | 'even-odd';
  fontSize: number;
  bold: boolean;
  anchor: 'start' | 'middle' | 'end';
}

/** SVG's initial painting state: black fill, no stroke. */
export const INITIAL_PAINT: Paint = {
  fill: '#000000',
  stroke: null,
  strokeWidth: 1,
  opacity: 1,
  fillOpacity: 1,
  strokeOpacity: 1,
  fillRule: 'non-zero',
  fontSize: 16,
  bold: false,
  anchor: 'start',
};

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;
const RGB = /^rgb\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*\)$/i;
const KEYWORDS: Record<string, string | null> = { none: null, transparent: null, black: '#000000', white: '#ffffff', currentcolor: '#000000' };
const LENGTH = /^(-?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?)(px)?$/i;

/**
 * A colour as pdfkit takes it, or null for none.
 * @throws UnsupportedSvgError for paint servers (gradients), named colours beyond the basic ones and the like
 */
export function parseColor(value: string): string | null {
  const color = value.trim();
  if (HEX.test(color)) return color;
  const rgb = RGB.exec(color);
  if (rgb) return `#${rgb.slice(1, 4).map((c) => Math.min(255, Number(c)).toString(16).padStart(2, '0')).join('')}`;
  const keyword = color.toLowerCase();
  if (Object.hasOwn(KEYWORDS, keyword)) return KEYWORDS[keyword];
  throw new UnsupportedSvgError(`SVG colour "${color}" is not drawn in documents`);
}

/**
 * A plain number or px length.
 * @throws UnsupportedSvgError for units and percentages
 */
export function parseLength(value: string | undefined, fallback = 0): number {
  if (value === undefined) return fallback;
  const match = LENGTH.exec(value.trim());
  if (!match) throw new UnsupportedSvgError(`SVG length "${value}" is not drawn in documents`);
  return Number(match[1]);
}

/** A 0..1 opacity. */
function parseOpacity(value: string): number {
  return Math.min(1, Math.max(0, parseLength(value, 1)));
}

/** Presentation attributes with the declarations of a `style` attribute over them. */
function declarations(node: SvgNode): Record<string, string> {
  const merged: Record<string, string> = { ...node.attrs };
  for (const declaration of (node.attrs.style ?? '').split(';')) {
    const colon = declaration.indexOf(':');
    if (colon > 0) merged[declaration.slice(0, colon).trim()] = declaration.slice(colon + 1).trim();
  }
  return merged;
}

/** Whether a font-weight is bold. */
function isBold(weight: string): boolean {
  return weight === 'bold' || weight === 'bolder' || Number(weight) >= 600;
}

/** The painting state of `node`, inherited from its parent's. */
export function paintOf(node: SvgNode, parent: Paint): Paint {
  const d = declarations(node);
  const paint = { ...parent };
  if (d.fill !== undefined) paint.fill = parseColor(d.fill);
  if (d.stroke !== undefined) paint.stroke = parseColor(d.stroke);
  if (d['stroke-width'] !== undefined) paint.strokeWidth = parseLength(d['stroke-width'], 1);
  if (d.opacity !== undefined) paint.opacity = parent.opacity * parseOpacity(d.opacity);
  if (d['fill-opacity'] !== undefined) paint.fillOpacity = parseOpacity(d['fill-opacity']);
  if (d['stroke-opacity'] !== undefined) paint.strokeOpacity = parseOpacity(d['stroke-opacity']);
  if (d['fill-rule'] !== undefined) paint.fillRule = d['fill-rule'] === 'evenodd' ? 'even-odd' : 'non-zero';
  if (d['font-size'] !== undefined) paint.fontSize = parseLength(d['font-size'], parent.fontSize);
  if (d['font-weight'] !== undefined) paint.bold = isBold(d['font-weight']);
  if (d['text-anchor'] === 'middle' || d['text-anchor'] === 'end' || d['text-anchor'] === 'start') paint.anchor = d['text-anchor'];
  return paint;
}
