/**
 * Blueprint draws every accent (primary buttons, links, tabs, switches, focus rings, selected menu items, progress
 * bars) in one blue scale written into its style sheet as colour literals. To let a network's theme recolour them,
 * the build rewrites those literals as CSS variables with the blue as their fallback (`brandableCss`, run on
 * Blueprint's CSS by a Vite plugin), and the panel sets the variables from the theme's primary colour
 * (`accentShades`, src/app/applyBrand.ts). Without a theme the page is Blueprint's blue, unchanged.
 */

/** Blueprint's blue scale, darkest first, and the variable each shade reads. */
export const ACCENT_SHADES = [
  { hex: '#184a90', rgb: [24, 74, 144], variable: '--accent-1' },
  { hex: '#215db0', rgb: [33, 93, 176], variable: '--accent-2' },
  { hex: '#2d72d2', rgb: [45, 114, 210], variable: '--accent-3' },
  { hex: '#4c90f0', rgb: [76, 144, 240], variable: '--accent-4' },
  { hex: '#8abbff', rgb: [138, 187, 255], variable: '--accent-5' },
] as const;

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

function rgbOf(hex: string): [number, number, number] | null {
  if (!HEX.test(hex)) return null;
  const full = hex.length === 4 ? [...hex.slice(1)].map((c) => c + c).join('') : hex.slice(1);
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

const toHex = (rgb: readonly number[]) => `#${rgb.map((v) => Math.round(Math.min(255, Math.max(0, v))).toString(16).padStart(2, '0')).join('')}`;

/** `rgb` moved `share` of the way to `target` (0 black, 255 white). */
const mix = (rgb: readonly number[], target: number, share: number) => rgb.map((v) => v + (target - v) * share);

/**
 * The five shades of a primary colour, in ACCENT_SHADES's order: the colour itself in the middle, darker ones for
 * hover and pressed states and links, lighter ones for disabled states and the dark theme. Null for a colour that
 * is not `#rgb` or `#rrggbb`.
 * @example accentShades('#7c3aed')[2] // '#7c3aed'
 */
export function accentShades(primary: string): string[] | null {
  const rgb = rgbOf(primary);
  if (!rgb) return null;
  return [toHex(mix(rgb, 0, 0.45)), toHex(mix(rgb, 0, 0.25)), toHex(rgb), toHex(mix(rgb, 255, 0.25)), toHex(mix(rgb, 255, 0.55))];
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Blueprint's CSS with its blue scale made brandable: each `#2d72d2` becomes `var(--accent-3, #2d72d2)`, and a
 * declaration with a translucent shade (`rgba(45, 114, 210, 0.2)`) gets a second declaration after it that mixes the
 * variable instead (`color-mix`), so a browser without `color-mix` keeps the blue one.
 */
export function brandableCss(css: string): string {
  let out = css;
  for (const { hex, variable } of ACCENT_SHADES) out = out.replace(new RegExp(escape(hex), 'gi'), `var(${variable}, ${hex})`);
  const translucent = new RegExp(`rgba\\((${ACCENT_SHADES.map((s) => s.rgb.join(',\\s*')).join('|')}),\\s*([0-9.]+)\\)`, 'g');
  return out.replace(/([a-z-]+\s*:[^;{}]*?rgba\([^;{}]*?)(;|\n?\s*})/gi, (declaration: string, body: string, end: string) => {
    if (!translucent.test(body)) return declaration;
    translucent.lastIndex = 0;
    const mixed = body.replace(translucent, (_m, rgb: string, alpha: string) => {
      const shade = ACCENT_SHADES.find((s) => s.rgb.join(',') === rgb.replace(/\s/g, ''))!;
      return `color-mix(in srgb, var(${shade.variable}, ${shade.hex}) ${Math.round(Number(alpha) * 1000) / 10}%, transparent)`;
    });
    return `${body};${mixed}${end}`;
  });
}
