/** A colour written `#rgb` or `#rrggbb` as [r, g, b] (0..255), or null for anything else (a config string is untrusted). */
export function parseHex(color: string | null | undefined): [number, number, number] | null {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color?.trim() ?? '');
  if (!m) return null;
  const hex = m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1];
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

/** WCAG 2 relative luminance of an sRGB colour. */
function luminance([r, g, b]: [number, number, number]): number {
  const channel = (v: number) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** WCAG 2 contrast ratio of two colours (1..21). */
export function contrastRatio(a: [number, number, number], b: [number, number, number]): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** Blueprint's card backgrounds: white, and dark gray 3 in the dark theme. */
const CARD = { light: '#ffffff', dark: '#2f343c' } as const;

/** What normal text needs (WCAG AA). */
export const MIN_CONTRAST = 4.5;

/**
 * The plan's own text colour where it stays readable on the card (contrast at least 4.5:1), else undefined so the
 * theme's text colour shows: an operator's dark blue is fine on white and unreadable in the dark theme.
 */
export function readablePlanColor(color: string | null | undefined, dark: boolean): string | undefined {
  const rgb = parseHex(color);
  if (!rgb) return undefined;
  return contrastRatio(rgb, parseHex(dark ? CARD.dark : CARD.light)!) >= MIN_CONTRAST ? color!.trim() : undefined;
}
