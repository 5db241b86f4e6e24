import type { Network } from './NetworkStore';
import { isSafeAssetUrl } from './safeAssetUrl';
import { ACCENT_SHADES, accentShades } from '../../widgets/theme/accents';

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


/** Intent colours of a theme and Blueprint's tokens for them (rest, hover, pressed, disabled). */
const INTENTS = [
  ['success', 'success'],
  ['warning', 'warning'],
  ['danger', 'danger'],
] as const;

/** Sets `variable` to `value`, or takes it off when there is none. */
function setVariable(root: HTMLElement, variable: string, value: string | undefined) {
  if (value) root.style.setProperty(variable, value);
  else root.style.removeProperty(variable);
}

/**
 * Puts the network's theme on the page: its colours as CSS variables (plain hex colours only; config
 * strings never reach a style sheet as they are) and its favicon. The primary colour becomes the accent of
 * every Blueprint control (widgets/theme/accents.ts), the success, warning and danger colours Blueprint's intents.
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
  const accents = typeof theme.primary === 'string' ? accentShades(theme.primary) : null;
  ACCENT_SHADES.forEach(({ variable }, i) => setVariable(root, variable, accents?.[i]));
  setVariable(root, '--bp-intent-primary-foreground', accents && typeof theme.primaryText === 'string' && COLOR.test(theme.primaryText) ? theme.primaryText : undefined);
  const colours = theme as Partial<Record<(typeof INTENTS)[number][0], string>>;
  for (const [key, intent] of INTENTS) {
    const shades = typeof colours[key] === 'string' ? accentShades(colours[key]) : null;
    (['active', 'hover', 'rest', 'disabled'] as const).forEach((state, i) => setVariable(root, `--bp-intent-${intent}-${state}`, shades?.[i]));
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
