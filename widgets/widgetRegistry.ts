import { getDefaultRegistry } from '@rjsf/core';
import type { Widget } from '@rjsf/utils';
import { createRegistry } from '../engine/registry/createRegistry';
import { SHORT_NAMES, widgets } from './index';

// Apart from widgets/index.ts: RJSF's default registry is the whole form library, which a page that only renders
// forms through the theme must not load for a name check (the sign-in page renders its form without RJSF).
const allWidgets: Record<string, Widget> = { ...(getDefaultRegistry().widgets as Record<string, Widget>), ...widgets };

/**
 * Every `ui:widget` name a UI schema may use (RJSF's short names, component names and our aliases),
 * resolved to what the Form renders with this theme; a miss names them all.
 * @example widgetRegistry.get('lookp') // throws: Unknown widget "lookp". Registered: text, ..., lookup, listText, money
 */
export const widgetRegistry = createRegistry<Widget>('widget', {
  ...Object.fromEntries(Object.entries(SHORT_NAMES).map(([alias, name]) => [alias, allWidgets[name]])),
  ...allWidgets,
});
