import type { FormProps } from '@rjsf/core';
import type { RegistryFieldsType, RegistryWidgetsType, RJSFSchema, UiSchema } from '@rjsf/utils';
import { lazyWidget } from './lazyWidget';
import { flatFields } from '../engine/form/FlatSchemaForm';
import { preloadRjsfTemplates, standardWidgetsFor, themeTemplates, themeWidgets } from './theme';

/**
 * Our own widgets under their `ui:widget` aliases (short camelCase nouns). Each loads on first use (and
 * `preloadWidgets` fetches them with the form's schema), so a page carries only the widgets its forms show:
 * the sign-in page none of them.
 */
export const customWidgets = {
  lookup: lazyWidget(() => import('./lookup/LookupWidget').then((m) => ({ default: m.LookupWidget }))),
  listText: lazyWidget(() => import('./listText/ListTextWidget').then((m) => ({ default: m.ListTextWidget }))),
  money: lazyWidget(() => import('./money/MoneyWidget').then((m) => ({ default: m.MoneyWidget }))),
  captcha: lazyWidget(() => import('./captcha/CaptchaWidget').then((m) => ({ default: m.CaptchaWidget }))),
  media: lazyWidget(() => import('./media/MediaWidget').then((m) => ({ default: m.MediaWidget }))),
  switch: lazyWidget(() => import('./switch/SwitchWidget').then((m) => ({ default: m.SwitchWidget }))),
  calendarGrid: lazyWidget(() => import('./calendarGrid/CalendarGridWidget').then((m) => ({ default: m.CalendarGridWidget }))),
} satisfies RegistryWidgetsType;

/**
 * Starts loading the code of the lazy widgets a form uses (named in its UI schema, or picked by RJSF from the
 * schema's field types), so it arrives with the form's schema rather than after the form first renders.
 */
export function preloadWidgets(uiSchema: unknown, schema?: unknown): Promise<unknown> {
  const names = new Set<string>(standardWidgetsFor(schema));
  const visit = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'ui:widget' && typeof value === 'string') names.add(SHORT_NAMES[value] ?? value);
      else visit(value);
    }
  };
  visit(uiSchema);
  // A form FlatSchemaForm cannot draw is drawn by RJSF, with the templates of objects and lists.
  const rjsf = schema && typeof schema === 'object' && !flatFields(schema as RJSFSchema, (uiSchema ?? {}) as UiSchema) ? preloadRjsfTemplates() : null;
  return Promise.all([rjsf, ...[...names].map(preloadOne)]);
}

/** Starts loading one lazy widget's code, by its component name or alias. */
function preloadOne(name: string): Promise<unknown> | undefined {
  const widget = ({ ...themeWidgets, ...customWidgets } as Record<string, unknown>)[name] as { preload?: () => Promise<unknown> } | undefined;
  return widget?.preload?.();
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
export const SHORT_NAMES: Record<string, string> = {
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

export type { CaptchaContext, CaptchaChallenge } from './captcha/CaptchaWidget';
