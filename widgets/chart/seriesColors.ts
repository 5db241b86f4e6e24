import { Colors } from '@blueprintjs/core';

/** The hue turns of the series after the first, from the accent's own hue: far apart first, closer as they add up. */
const HUE_TURNS = [0, 180, 90, 270, 45, 225, 135, 315, 22.5, 202.5, 112.5, 292.5];

function hsl(hex: string): [number, number, number] | null {
  const match = /^#?([0-9a-f]{6}|[0-9a-f]{3})$/i.exec(hex.trim());
  if (!match) return null;
  const full = match[1].length === 3 ? [...match[1]].map((c) => c + c).join('') : match[1];
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16) / 255);
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h = max === r ? (g - b) / d + (g < b ? 6 : 0) : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return [h * 60, s, l];
}

function hex([h, s, l]: [number, number, number]): string {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1));
  return `#${[f(0), f(8), f(4)].map((v) => Math.round(v * 255).toString(16).padStart(2, '0')).join('')}`;
}

/**
 * Colours of `count` series that start from the network's accent (the colour the single-line chart draws in;
 * Blueprint's blue without a theme) and turn its hue for each next series, at a saturation and lightness that
 * read on the page (light or dark), so a grey or very dark brand still gives distinct lines.
 * @example seriesColors('#2d72d2', 3, false)[0] // '#2d72d2'
 */
export function seriesColors(accent: string | null, count: number, dark: boolean): string[] {
  const base = accent ?? (dark ? Colors.BLUE5 : Colors.BLUE3);
  const parsed = hsl(base) ?? hsl(dark ? Colors.BLUE5 : Colors.BLUE3)!;
  const [hue, saturation, lightness] = parsed;
  const s = Math.max(0.5, Math.min(0.85, saturation));
  const l = dark ? Math.max(0.58, Math.min(0.75, lightness)) : Math.max(0.38, Math.min(0.55, lightness));
  return Array.from({ length: count }, (_, i) => (i === 0 ? base : hex([(hue + HUE_TURNS[i % HUE_TURNS.length] + 360 * Math.floor(i / HUE_TURNS.length) * 0.07) % 360, s, l])));
}

/** The colour of the "other rows together" series: a neutral grey that never reads as one of the top rows. */
export const otherColor = (dark: boolean) => (dark ? Colors.GRAY4 : Colors.GRAY3);
