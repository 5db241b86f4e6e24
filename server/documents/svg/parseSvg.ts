/** One element of a logo SVG, as far as the documents draw SVG. */
export interface SvgNode {
  name: string;
  attrs: Record<string, string>;
  children: SvgNode[];
  /** The text of a `<text>` element. */
  text: string;
}

/** A parsed logo: its coordinate box and its drawable elements. */
export interface SvgImage {
  viewBox: { x: number; y: number; width: number; height: number };
  nodes: SvgNode[];
}

/** Thrown for an SVG the documents do not draw; the caller prints the network's name instead. */
export class UnsupportedSvgError extends Error {}

/** Elements drawn; anything else (gradients, <use>, <image>, <style>, scripts) makes the whole logo unsupported. */
const DRAWN = new Set(['svg', 'g', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon', 'path', 'text']);
/** Elements without a picture, skipped with their content. */
const SKIPPED = new Set(['title', 'desc', 'metadata']);
const MAX_BYTES = 256 * 1024;
const MAX_ELEMENTS = 2000;

const TOKEN = /<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<!DOCTYPE[^>[]*>|<(\/?)([A-Za-z][\w:.-]*)((?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>|([^<]+)/y;
const ATTRIBUTE = /([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
const ENTITY = /&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi;
const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Replaces XML's character references and predefined entities. */
function decodeEntities(text: string): string {
  return text.replace(ENTITY, (_, ref: string) => {
    const lower = ref.toLowerCase();
    if (lower.startsWith('#x')) return String.fromCodePoint(parseInt(lower.slice(2), 16));
    if (lower.startsWith('#')) return String.fromCodePoint(parseInt(lower.slice(1), 10));
    return NAMED_ENTITIES[lower];
  });
}

/** The attributes of a start tag. */
function parseAttributes(source: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  for (const match of source.matchAll(ATTRIBUTE)) attrs[match[1]] = decodeEntities(match[2] ?? match[3] ?? '');
  return attrs;
}

/** The element tree of an SVG document, checked to hold only what the documents draw. */
function parseTree(source: string): SvgNode {
  const root: SvgNode = { name: '#document', attrs: {}, children: [], text: '' };
  const stack = [root];
  let count = 0;
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < source.length) {
    const match = TOKEN.exec(source);
    if (!match) throw new UnsupportedSvgError(`SVG is not well-formed near character ${TOKEN.lastIndex}`);
    const [, closing, name, attributes, selfClosing, text] = match;
    const parent = stack[stack.length - 1];
    if (text !== undefined) parent.text += decodeEntities(text);
    else if (name === undefined) continue;
    else if (closing) {
      if (parent.name !== name) throw new UnsupportedSvgError(`SVG closes <${name}> inside <${parent.name}>`);
      stack.pop();
    } else {
      if (++count > MAX_ELEMENTS) throw new UnsupportedSvgError('SVG has too many elements');
      const node: SvgNode = { name, attrs: parseAttributes(attributes), children: [], text: '' };
      parent.children.push(node);
      if (!selfClosing) stack.push(node);
    }
  }
  if (stack.length !== 1) throw new UnsupportedSvgError(`SVG leaves <${stack[stack.length - 1].name}> open`);
  return root;
}

/** Drops skipped elements and rejects the ones the documents cannot draw. */
function drawable(nodes: SvgNode[]): SvgNode[] {
  const kept: SvgNode[] = [];
  for (const node of nodes) {
    if (SKIPPED.has(node.name)) continue;
    if (!DRAWN.has(node.name)) throw new UnsupportedSvgError(`SVG element <${node.name}> is not drawn in documents`);
    if (node.name === 'text' && node.children.length > 0) throw new UnsupportedSvgError('SVG <text> with nested elements is not drawn in documents');
    kept.push({ ...node, children: drawable(node.children) });
  }
  return kept;
}

/** The coordinate box of the root element, from viewBox or width and height. */
function viewBoxOf(svg: SvgNode): SvgImage['viewBox'] {
  const box = svg.attrs.viewBox?.trim().split(/[\s,]+/).map(Number);
  if (box && box.length === 4 && box.every(Number.isFinite) && box[2] > 0 && box[3] > 0) {
    return { x: box[0], y: box[1], width: box[2], height: box[3] };
  }
  const width = parseFloat(svg.attrs.width ?? '');
  const height = parseFloat(svg.attrs.height ?? '');
  if (width > 0 && height > 0) return { x: 0, y: 0, width, height };
  throw new UnsupportedSvgError('SVG has neither a viewBox nor a width and height');
}

/**
 * Parses the small part of SVG that logos are made of: shapes, paths and plain text, with solid colours and
 * transforms. Anything else is refused rather than drawn wrongly.
 * @throws UnsupportedSvgError naming what is not supported
 */
export function parseSvg(source: string): SvgImage {
  if (source.length > MAX_BYTES) throw new UnsupportedSvgError('SVG is larger than 256 KB');
  const tree = parseTree(source);
  const svg = tree.children.find((node) => node.name === 'svg');
  if (!svg || tree.children.length !== 1) throw new UnsupportedSvgError('SVG must have one <svg> root element');
  return { viewBox: viewBoxOf(svg), nodes: drawable(svg.children) };
}
