import { UnsupportedSvgError } from './parseSvg';

/** An affine matrix [a, b, c, d, e, f] as PDF and SVG write it. */
export type Matrix = [number, number, number, number, number, number];

const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];
const FUNCTION = /\s*([a-zA-Z]+)\s*\(([^)]*)\)\s*,?/y;

/** `left` then `right`: the matrix of applying `right` inside `left`'s coordinates. */
function multiply(left: Matrix, right: Matrix): Matrix {
  const [a, b, c, d, e, f] = left;
  const [A, B, C, D, E, F] = right;
  return [a * A + c * B, b * A + d * B, a * C + c * D, b * C + d * D, a * E + c * F + e, b * E + d * F + f];
}

/** The matrix of one rotation by `degrees` about (cx, cy). */
function rotation(degrees: number, cx = 0, cy = 0): Matrix {
  const radians = (degrees * Math.PI) / 180;
  const cos = Math.cos(radians);
  const sin = Math.sin(radians);
  const turn: Matrix = [cos, sin, -sin, cos, 0, 0];
  return multiply(multiply([1, 0, 0, 1, cx, cy], turn), [1, 0, 0, 1, -cx, -cy]);
}

/** The matrix of one transform function. */
function matrixOf(name: string, args: number[]): Matrix {
  const [x = 0, y, z] = args;
  switch (name) {
    case 'translate':
      return [1, 0, 0, 1, x, y ?? 0];
    case 'scale':
      return [x, 0, 0, y ?? x, 0, 0];
    case 'rotate':
      return rotation(x, y, z);
    case 'matrix':
      if (args.length === 6) return args as Matrix;
      break;
  }
  throw new UnsupportedSvgError(`SVG transform ${name}(${args.join(' ')}) is not drawn in documents`);
}

/**
 * The matrix of an SVG `transform` attribute (translate, scale, rotate, matrix).
 * @throws UnsupportedSvgError for skew and malformed lists
 */
export function parseTransform(value: string | undefined): Matrix {
  let matrix = IDENTITY;
  if (!value?.trim()) return matrix;
  FUNCTION.lastIndex = 0;
  while (FUNCTION.lastIndex < value.trimEnd().length) {
    const match = FUNCTION.exec(value);
    if (!match) throw new UnsupportedSvgError(`SVG transform "${value}" is not drawn in documents`);
    const args = match[2].trim() === '' ? [] : match[2].trim().split(/[\s,]+/).map(Number);
    if (!args.every(Number.isFinite)) throw new UnsupportedSvgError(`SVG transform "${value}" has a bad number`);
    matrix = multiply(matrix, matrixOf(match[1], args));
  }
  return matrix;
}
