import { getDefaultRegistry, type FormProps } from '@rjsf/core';
import type { RegistryFieldsType, RegistryWidgetsType, Widget } from '@rjsf/utils';
import { createRegistry } from '../engine/registry/createRegistry';
import { ListTextWidget } from './listText/ListTextWidget';
import { lazyWidget } from './lazyWidget';
import { CaptchaWidget } from './captcha/CaptchaWidget';
import { MoneyWidget } from './money/MoneyWidget';
import { themeTemplates, themeWidgets } from './theme';

/** Our own widgets under their `ui:widget` aliases (short camelCase nouns). */
export const customWidgets = {
  // Loaded on first use: the virtualized list is the heaviest widget and most forms (login) never show it.
  lookup: lazyWidget(() => import('./lookup/LookupWidget').then((m) => ({ default: m.LookupWidget }))),
  listText: ListTextWidget,
  money: MoneyWidget,
  captcha: CaptchaWidget,
} satisfies RegistryWidgetsType;

/**
 * Starts loading the code of the lazy widgets a UI schema uses, so it arrives while the page fetches its data
 * rather than after the form first renders.
 */
export function preloadWidgets(uiSchema: unknown): Promise<unknown> {
  const names = new Set<string>();
  const visit = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'ui:widget' && typeof value === 'string') names.add(value);
      else visit(value);
    }
  };
  visit(uiSchema);
  return Promise.all(
    [...names].map((name) => {
      const widget = (customWidgets as Record<string, unknown>)[name] as { preload?: () => Promise<unknown> } | undefined;
      return widget?.preload?.();
    }),
  );
}

/** Every widget the Blueprint theme gives RJSF: the standard ones in Blueprint dress plus the custom aliases. */
export const widgets: RegistryWidgetsType = { ...themeWidgets, ...customWidgets };

/** The Blueprint templates (field, object sections, arrays with icon buttons, error list, inputs, submit). */
export const templates: NonNullable<FormProps['templates']> = themeTemplates;

/** Custom RJSF fields; none yet (big lists are widgets over lookups, not fields). */
export const fields: RegistryFieldsType = {};

/** The theme as one object, for `withTheme(theme)` or spreading into `<Form {...theme}>`. */
export const theme = { widgets, templates, fields } as const;

/** The short `ui:widget` names RJSF resolves to its standard widget components (see @rjsf/utils getWidget). */
const SHORT_NAMES: Record<string, string> = {
  text: 'TextWidget',
  password: 'PasswordWidget',
  email: 'EmailWidget',
  hostname: 'TextWidget',
  ipv4: 'TextWidget',
  ipv6: 'TextWidget',
  uri: 'URLWidget',
  textarea: 'TextareaWidget',
  date: 'DateWidget',
  datetime: 'DateTimeWidget',
  'date-time': 'DateTimeWidget',
  time: 'TimeWidget',
  color: 'ColorWidget',
  file: 'FileWidget',
  checkbox: 'CheckboxWidget',
  checkboxes: 'CheckboxesWidget',
  radio: 'RadioWidget',
  select: 'SelectWidget',
  updown: 'UpDownWidget',
  range: 'RangeWidget',
  hidden: 'HiddenWidget',
};

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

export { ListTextWidget, MoneyWidget };
export { captchaValue, type CaptchaContext, type CaptchaChallenge } from './captcha/CaptchaWidget';
export { normalizeListText } from './listText/normalizeListText';
export { addMoney, currencySign, padDecimal, toDecimalString } from './money/decimal';
