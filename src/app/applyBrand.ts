import type { Network } from './NetworkStore';
import { isSafeAssetUrl } from './safeAssetUrl';

const COLOR = /^#[0-9a-fA-F]{3,8}$/;
/** Config keys of a theme and the CSS variables the panel's styles read. */
const VARIABLES = [
  ['primary', '--brand-primary'],
  ['primaryText', '--brand-primary-text'],
  ['background', '--brand-surface'],
  ['topBarBackground', '--brand-topbar'],
  ['topBarText', '--brand-topbar-text'],
  ['sidebarBackground', '--brand-sidebar'],
  ['sidebarText', '--brand-sidebar-text'],
  ['accent', '--brand-accent'],
  ['danger', '--brand-danger'],
] as const;


/**
 * Puts the network's theme on the page: its colours as CSS variables (plain hex colours only; config
 * strings never reach a style sheet as they are) and its favicon.
 */
export function applyBrand(network: Network | null) {
  const settings = network?.settings;
  const theme: Partial<Record<(typeof VARIABLES)[number][0], string>> = settings?.themes?.[settings.defaultTheme ?? 'light'] ?? {};
  const root = document.documentElement;
  for (const [key, variable] of VARIABLES) {
    const value = theme[key];
    if (typeof value === 'string' && COLOR.test(value)) root.style.setProperty(variable, value);
    else root.style.removeProperty(variable);
  }
  document.querySelectorAll('link[data-brand-icon]').forEach((el) => el.remove());
  for (const icon of settings?.favicons ?? []) {
    if (!isSafeAssetUrl(icon.href)) continue;
    const link = document.createElement('link');
    link.rel = icon.rel === 'apple-touch-icon' ? 'apple-touch-icon' : 'icon';
    link.href = icon.href;
    if (icon.type) link.type = icon.type;
    if (icon.sizes) link.setAttribute('sizes', icon.sizes);
    link.dataset.brandIcon = '';
    document.head.append(link);
  }
}
