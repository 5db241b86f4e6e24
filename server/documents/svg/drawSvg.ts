import { writeLine } from '../typeset';
import { UnsupportedSvgError, type SvgImage, type SvgNode } from './parseSvg';
import { INITIAL_PAINT, paintOf, parseLength, type Paint } from './svgPaint';
import { parseTransform } from './svgTransform';

/** One drawing step, prepared (and checked) before anything is drawn. */
type Step = (doc: PDFKit.PDFDocument) => void;

const PATH_DATA = /^\s*[Mm][\s\dMmZzLlHhVvCcSsQqTtAaEe.,+-]*$/;

/** The numbers of a `points` list. */
function parsePoints(value: string | undefined): Array<[number, number]> {
  const numbers = (value ?? '').trim().split(/[\s,]+/).filter(Boolean).map(Number);
  if (numbers.length < 4 || numbers.length % 2 !== 0 || !numbers.every(Number.isFinite)) throw new UnsupportedSvgError(`SVG points "${value}" are malformed`);
  const points: Array<[number, number]> = [];
  for (let i = 0; i < numbers.length; i += 2) points.push([numbers[i], numbers[i + 1]]);
  return points;
}

/** The step that traces a shape's outline, or null for an element that is not a shape. */
function outline(node: SvgNode): Step | null {
  const a = node.attrs;
  const n = (name: string) => parseLength(a[name]);
  switch (node.name) {
    case 'rect': {
      const [x, y, width, height, rx] = [n('x'), n('y'), n('width'), n('height'), parseLength(a.rx ?? a.ry)];
      return rx > 0 ? (doc) => doc.roundedRect(x, y, width, height, rx) : (doc) => doc.rect(x, y, width, height);
    }
    case 'circle': {
      const [cx, cy, r] = [n('cx'), n('cy'), n('r')];
      return (doc) => doc.circle(cx, cy, r);
    }
    case 'ellipse': {
      const [cx, cy, rx, ry] = [n('cx'), n('cy'), n('rx'), n('ry')];
      return (doc) => doc.ellipse(cx, cy, rx, ry);
    }
    case 'line': {
      const [x1, y1, x2, y2] = [n('x1'), n('y1'), n('x2'), n('y2')];
      return (doc) => doc.moveTo(x1, y1).lineTo(x2, y2);
    }
    case 'polygon':
    case 'polyline': {
      const points = parsePoints(a.points);
      return node.name === 'polygon' ? (doc) => doc.polygon(...points) : (doc) => points.forEach(([x, y], i) => (i === 0 ? doc.moveTo(x, y) : doc.lineTo(x, y)));
    }
    case 'path':
      if (!PATH_DATA.test(a.d ?? '')) throw new UnsupportedSvgError('SVG path data is malformed');
      return (doc) => doc.path(a.d);
    default:
      return null;
  }
}

/** The step that fills and strokes the current outline as `paint` says. */
function painter(paint: Paint): Step {
  const { fill, stroke } = paint;
  return (doc) => {
    if (fill) doc.fillColor(fill, paint.opacity * paint.fillOpacity);
    if (stroke) doc.strokeColor(stroke, paint.opacity * paint.strokeOpacity).lineWidth(paint.strokeWidth);
    if (fill && stroke) doc.fillAndStroke(fill, stroke, paint.fillRule);
    else if (fill) doc.fill(paint.fillRule);
    else if (stroke) doc.stroke();
  };
}

/** The step that sets a `<text>` element. */
function textStep(node: SvgNode, paint: Paint): Step {
  const [x, y] = [parseLength(node.attrs.x), parseLength(node.attrs.y)];
  const text = node.text.replace(/\s+/g, ' ').trim();
  const align = paint.anchor === 'middle' ? 'center' : paint.anchor === 'end' ? 'right' : 'left';
  return (doc) => writeLine(doc, text, x, y, { size: paint.fontSize, bold: paint.bold, color: paint.fill ?? '#000000', align }, paint.opacity * paint.fillOpacity);
}

/** The steps of an element and its children, inside its transform. */
function stepsOf(node: SvgNode, parent: Paint): Step[] {
  const paint = paintOf(node, parent);
  const matrix = parseTransform(node.attrs.transform);
  const trace = outline(node);
  const painted = paint.fill !== null || paint.stroke !== null;
  const own: Step[] = !painted ? [] : trace ? [trace, painter(paint)] : node.name === 'text' ? [textStep(node, paint)] : [];
  const inner = [...own, ...node.children.flatMap((child) => stepsOf(child, paint))];
  return [(doc) => doc.save().transform(...matrix), ...inner, (doc) => doc.restore()];
}

/**
 * Draws a parsed SVG scaled into the box at (`x`, `y`) of `width` × `height`, left-aligned and centred
 * vertically; returns the width it took. Every element is checked before the first is drawn, so an
 * unsupported logo leaves the page untouched.
 * @throws UnsupportedSvgError before drawing anything
 */
export function drawSvg(doc: PDFKit.PDFDocument, image: SvgImage, x: number, y: number, width: number, height: number): number {
  const steps = image.nodes.flatMap((node) => stepsOf(node, INITIAL_PAINT));
  const { viewBox } = image;
  const scale = Math.min(width / viewBox.width, height / viewBox.height);
  const top = y + (height - viewBox.height * scale) / 2;
  doc.save().translate(x, top).scale(scale).translate(-viewBox.x, -viewBox.y);
  for (const step of steps) step(doc);
  doc.restore();
  return viewBox.width * scale;
}
