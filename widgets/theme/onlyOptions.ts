import type { WidgetProps } from '@rjsf/utils';

/**
 * The enum options a widget offers: all of them, or those whose value `ui:options.only` lists (a campaign offers
 * the pricing models of its format out of the five the schema knows). The schema still decides what is valid.
 */
export function onlyOptions(options: WidgetProps['options']) {
  const all = options.enumOptions ?? [];
  const only = options.only;
  return Array.isArray(only) ? all.filter((o) => only.includes(o.value)) : all;
}
