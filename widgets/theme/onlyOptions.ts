import type { WidgetProps } from '@rjsf/utils';

/**
 * The enum options a widget offers: all of them, or those whose value `ui:options.only` lists (a campaign offers
 * the pricing models of its format out of the five the schema knows). A text field without an enum offers
 * `ui:options.choices` (values known only when the page opens: a flat deal's creative formats). The schema still
 * decides what is valid, and the server what is allowed.
 */
export function onlyOptions(options: WidgetProps['options']) {
  const choices = Array.isArray(options.choices) ? options.choices.filter((c): c is string => typeof c === 'string').map((c) => ({ value: c, label: c })) : [];
  const all = options.enumOptions?.length ? options.enumOptions : choices;
  const only = options.only;
  return Array.isArray(only) ? all.filter((o) => only.includes(o.value)) : all;
}
