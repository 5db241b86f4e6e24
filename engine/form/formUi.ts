import { useEffect, useMemo } from 'react';
import type { ReactNode } from 'react';
import { untracked } from 'mobx';
import type { ThemeProps } from '@rjsf/core';
import type { UiSchema } from '@rjsf/utils';
import { ENGLISH_FORM_TEXTS, type FormStore } from './FormStore';
import { revealFirstError } from './revealError';
import type { SchemaEntry } from '../schema/SchemaCatalog';
import type { Translator } from '../i18n/Translator';
import { useTranslator } from '../i18n/TranslatorContext';
import { localizeUiSchema } from '../i18n/schemaTexts';
import { translatedErrorMessage } from '../i18n/validationMessages';

/*
 * What every renderer of a catalog form shares (RJSF's in SchemaForm, the plain one in FlatSchemaForm): its props,
 * the UI schema it draws from (translated, overridden, patched), the form's texts in the user's language, and the
 * move to the first error after a failed submit. Nothing here loads RJSF.
 */

export interface SchemaFormProps {
  store: FormStore;
  /** The look: RJSF widgets, templates and fields (the app passes the Blueprint theme). */
  theme: ThemeProps;
  /** Passed to every widget (lookups, translations...). */
  formContext?: object;
  /** UI schema keys merged over the schema's own `*.ui.json` (a node given here replaces the node there). */
  uiOverrides?: UiSchema;
  /**
   * UI schema merged deeply into the translated one: nested nodes merge key by key, so a page can change one
   * option of a deep field (hide a section, limit the choices) and keep every translated text around it.
   */
  uiPatch?: UiSchema;
  /** Label of the submit button; `false` hides it (the page renders its own). */
  submitText?: string | false;
  id?: string;
  className?: string;
  /** Rendered inside the form after the fields, e.g. extra buttons. */
  children?: ReactNode;
  /**
   * The user's language: schema texts (keys `schema.<id>.…`), RJSF's template strings (`rjsf.*`) and validation
   * messages (`validation.*`). Defaults to the nearest `TranslatorContext`; `null` keeps the English of the data.
   */
  translator?: Translator | null;
}

/** Message id of the text shown when a submit fails without a message of its own. */
export const SUBMIT_FAILED_ID = 'form.submitFailed';

const TEXT_KEYS = ['ui:title', 'ui:description', 'ui:help', 'ui:placeholder', 'ui:enumNames', 'oneOf', 'anyOf'];
type UiNode = Record<string, unknown>;
const isNode = (v: unknown): v is UiNode => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * `uiOverrides` replace whole nodes of the UI schema (shallow), but a field whose node is replaced keeps the
 * texts the translation added to it, unless the override sets them itself.
 */
function withOverrides(localized: UiNode, original: UiNode, overrides: UiSchema | undefined): UiNode {
  if (!overrides) return localized;
  const out: UiNode = { ...localized, ...overrides };
  if (localized === original) return out;
  for (const [key, node] of Object.entries(overrides)) {
    const translated = localized[key];
    if (!isNode(node) || !isNode(translated)) continue;
    const before = isNode(original[key]) ? original[key] : {};
    const texts = TEXT_KEYS.filter((k) => translated[k] !== undefined && translated[k] !== before[k] && !(k in node));
    if (texts.length) out[key] = { ...Object.fromEntries(texts.map((k) => [k, translated[k]])), ...node };
  }
  return out;
}

/** `patch` merged into `base` object by object; arrays and other values of the patch replace what was there. */
export function mergeUi(base: UiNode, patch: UiNode): UiNode {
  const out: UiNode = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    out[key] = isNode(value) && isNode(base[key]) ? mergeUi(base[key], value) : value;
  }
  return out;
}

/** The translator a form speaks with (the prop, else the nearest context), and the store's texts kept in it. */
export function useFormTranslator(store: FormStore, given: Translator | null | undefined): Translator | null {
  const fromContext = useTranslator();
  const translator = given === undefined ? fromContext : given;
  useEffect(() => {
    const failed = translator?.message(SUBMIT_FAILED_ID) ?? ENGLISH_FORM_TEXTS.failed;
    store.setTexts({ message: translatedErrorMessage(translator), failed });
  }, [store, translator]);
  return translator;
}

/** What shapes the UI schema besides the entry's own. */
interface UiSchemaInputs {
  uiOverrides?: UiSchema;
  uiPatch?: UiSchema;
  submitText?: string | false;
  submitting: boolean;
}

/** The UI schema a form draws: the entry's, translated, with the page's overrides and patch, and the submit button's state. */
export function useFormUiSchema(entry: SchemaEntry, translator: Translator | null, { uiOverrides, uiPatch, submitText, submitting }: UiSchemaInputs): UiSchema {
  return useMemo<UiSchema>(() => {
    const original = entry.uiSchema as UiNode;
    const own = (translator ? localizeUiSchema(entry, translator) : original) as UiSchema;
    const ownOptions = (own['ui:submitButtonOptions'] ?? {}) as { props?: object };
    const submitOptions = {
      ...ownOptions,
      ...(submitText === false ? { norender: true } : submitText ? { submitText } : {}),
      props: { ...ownOptions.props, disabled: submitting, loading: submitting },
    };
    const merged = withOverrides(own, original, uiOverrides);
    return { ...(uiPatch ? mergeUi(merged, uiPatch as UiNode) : merged), 'ui:submitButtonOptions': submitOptions };
  }, [entry, translator, uiOverrides, uiPatch, submitText, submitting]);
}

/** A submit that ends with errors under fields, from anywhere in a long form, brings the first of them into sight. */
export function useRevealFirstError(store: FormStore, formElement: () => HTMLFormElement | null): void {
  const failures = store.failures;
  useEffect(() => {
    const form = formElement();
    if (!failures || !form) return;
    return revealFirstError(form, untracked(() => store.fieldErrorPaths));
    // The element is read when a submit failed; the getter itself may change every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [failures, store]);
}
