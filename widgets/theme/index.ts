import type { FormProps } from '@rjsf/core';
import type { ArrayFieldItemTemplateProps, ArrayFieldTemplateProps, ObjectFieldTemplateProps, RegistryWidgetsType } from '@rjsf/utils';
import { lazyTemplate, lazyWidget } from '../lazyWidget';
import { BaseInputTemplate } from './BaseInputTemplate';
import { AddButton, ClearButton, CopyButton, MoveDownButton, MoveUpButton, RemoveButton, SubmitButton } from './ButtonTemplates';
import { ErrorListTemplate } from './ErrorListTemplate';
import { FieldTemplate } from './FieldTemplate';
import { DescriptionFieldTemplate, FieldErrorTemplate, FieldHelpTemplate, TitleFieldTemplate } from './TextTemplates';

/**
 * The templates of objects and item lists only RJSF draws (FlatSchemaForm draws flat forms with the field and input
 * templates alone): they load with the first such form (`preloadRjsfTemplates`).
 */
const rjsfTemplates = {
  ObjectFieldTemplate: lazyTemplate<ObjectFieldTemplateProps>(() => import('./ObjectFieldTemplate').then((m) => m.ObjectFieldTemplate)),
  ArrayFieldTemplate: lazyTemplate<ArrayFieldTemplateProps>(() => import('./ArrayFieldTemplate').then((m) => m.ArrayFieldTemplate)),
  ArrayFieldItemTemplate: lazyTemplate<ArrayFieldItemTemplateProps>(() => import('./ArrayFieldTemplate').then((m) => m.ArrayFieldItemTemplate)),
};

/** Starts loading the templates of objects and item lists (see `rjsfTemplates`). */
export const preloadRjsfTemplates = () => Promise.all(Object.values(rjsfTemplates).map((t) => t.preload()));

/** The Blueprint templates for RJSF (merged over RJSF's defaults by the Form). */
export const themeTemplates: NonNullable<FormProps['templates']> = {
  ...rjsfTemplates,
  BaseInputTemplate,
  DescriptionFieldTemplate,
  ErrorListTemplate,
  FieldErrorTemplate,
  FieldHelpTemplate,
  FieldTemplate,
  TitleFieldTemplate,
  ButtonTemplates: { AddButton, ClearButton, CopyButton, MoveDownButton, MoveUpButton, RemoveButton, SubmitButton },
};

/**
 * The Blueprint versions of RJSF's standard widgets; text, email, password, url, updown and hidden render through
 * BaseInputTemplate (always loaded). These load on first use: a form of text fields only (sign-in) never needs them.
 */
export const themeWidgets = {
  CheckboxWidget: lazyWidget(() => import('./CheckboxWidget').then((m) => ({ default: m.CheckboxWidget }))),
  CheckboxesWidget: lazyWidget(() => import('./CheckboxesWidget').then((m) => ({ default: m.CheckboxesWidget }))),
  RadioWidget: lazyWidget(() => import('./RadioWidget').then((m) => ({ default: m.RadioWidget }))),
  SelectWidget: lazyWidget(() => import('./SelectWidget').then((m) => ({ default: m.SelectWidget }))),
  TextareaWidget: lazyWidget(() => import('./TextareaWidget').then((m) => ({ default: m.TextareaWidget }))),
} satisfies RegistryWidgetsType;

/**
 * The standard widgets a schema's fields will use (RJSF picks them by type: booleans, enums, arrays of choices),
 * so a page can fetch their code together with the form's schema.
 */
export function standardWidgetsFor(schema: unknown): (keyof typeof themeWidgets)[] {
  const found = new Set<keyof typeof themeWidgets>();
  const visit = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    const n = node as Record<string, unknown>;
    if (n.type === 'boolean' || (Array.isArray(n.type) && n.type.includes('boolean'))) found.add('CheckboxWidget');
    if (Array.isArray(n.enum) || Array.isArray(n.oneOf) || Array.isArray(n.anyOf)) {
      found.add('SelectWidget');
      found.add('RadioWidget');
    }
    if (n.type === 'array' && n.uniqueItems) found.add('CheckboxesWidget');
    for (const value of Object.values(n)) visit(value);
  };
  visit(schema);
  return [...found];
}
