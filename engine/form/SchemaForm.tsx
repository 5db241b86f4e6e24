import { useEffect, useMemo, useRef, type ComponentType, type ReactNode } from 'react';
import { untracked } from 'mobx';
import { observer } from 'mobx-react-lite';
import { withTheme, type FormProps, type ThemeProps } from '@rjsf/core';
import type { UiSchema } from '@rjsf/utils';
import { ENGLISH_FORM_TEXTS, type FormStore, type FormValues } from './FormStore';
import { validatorFor } from './precompiledValidator';
import { revealFirstError } from './revealError';
import type { Translator } from '../i18n/Translator';
import { useTranslator } from '../i18n/TranslatorContext';
import { localizeUiSchema } from '../i18n/schemaTexts';
import { rjsfTranslateString } from '../i18n/rjsfStrings';
import { translatedErrorMessage } from '../i18n/validationMessages';

type AnyForm = ComponentType<FormProps>;
const themed = new WeakMap<ThemeProps, AnyForm>();

function formFor(theme: ThemeProps): AnyForm {
  let Form = themed.get(theme);
  if (!Form) {
    Form = withTheme(theme) as AnyForm;
    themed.set(theme, Form);
  }
  return Form;
}

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

/**
 * RJSF fills an array up to its `minItems` with empty items. For a list of objects that is the empty cards a user
 * fills in (an ad's creatives). For a list of plain values (ids a lookup picks, formats) or of lists (a campaign's
 * week of hour lists) it is `undefined` slots: a tag the widget would show, a value the validator refuses as "must
 * be array" on a submit nobody can mend, since no field shows it. Those start empty.
 */
const DEFAULT_FORM_STATE: FormProps['experimental_defaultFormStateBehavior'] = {
  arrayMinItems: {
    computeSkipPopulate: (_validator, schema) => {
      const items = (schema as { items?: unknown }).items;
      const type = items && typeof items === 'object' && !Array.isArray(items) ? (items as { type?: unknown }).type : undefined;
      return type !== undefined && type !== 'object';
    },
  },
};

/**
 * Renders a catalog schema through RJSF with the given theme, bound to a FormStore. Validation runs in the
 * store with the precompiled validator (RJSF's own validation is off), so client and server errors take one
 * path: the first message under each field, cleared when that field is edited.
 */
export const SchemaForm = observer(function SchemaForm(props: SchemaFormProps) {
  const { store, theme, formContext, uiOverrides, uiPatch, submitText, id, className, children } = props;
  const { entry } = store;
  const fromContext = useTranslator();
  const translator = props.translator === undefined ? fromContext : props.translator;
  const translateString = useMemo(() => rjsfTranslateString(translator), [translator]);

  useEffect(() => {
    const failed = translator?.message(SUBMIT_FAILED_ID) ?? ENGLISH_FORM_TEXTS.failed;
    store.setTexts({ message: translatedErrorMessage(translator), failed });
  }, [store, translator]);

  const Form = formFor(theme);
  const validator = validatorFor(entry);
  const submitting = store.submitting;

  // A submit that ends with errors under fields, from anywhere in a long form, brings the first of them into sight.
  const formRef = useRef<{ formElement: { current: HTMLFormElement | null } } | null>(null);
  const failures = store.failures;
  useEffect(() => {
    const form = formRef.current?.formElement.current;
    if (!failures || !form) return;
    return revealFirstError(form, untracked(() => store.fieldErrorPaths));
  }, [failures, store]);

  const uiSchema = useMemo<UiSchema>(() => {
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

  return (
    <Form
      // RJSF holds the data while the user types: reading the values untracked keeps a keystroke from re-rendering
      // this component too. Whenever it does re-render (errors, submit state), it hands RJSF the latest values,
      // which RJSF recognises as its own. A reset remounts it.
      key={store.revision}
      ref={formRef as never}
      id={id}
      className={className}
      schema={entry.schema}
      uiSchema={uiSchema}
      validator={validator}
      formData={untracked(() => store.values)}
      formContext={formContext}
      translateString={translateString}
      extraErrors={store.errorSchema}
      noValidate
      noHtml5Validate
      showErrorList={false}
      experimental_defaultFormStateBehavior={DEFAULT_FORM_STATE}
      onChange={(event) => store.setValues(event.formData as FormValues)}
      onSubmit={() => void store.submit()}
    >
      {children}
    </Form>
  );
});
