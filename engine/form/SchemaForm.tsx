import { useMemo, type ComponentType, type ReactNode } from 'react';
import { untracked } from 'mobx';
import { observer } from 'mobx-react-lite';
import { withTheme, type FormProps, type ThemeProps } from '@rjsf/core';
import type { UiSchema } from '@rjsf/utils';
import type { FormStore, FormValues } from './FormStore';
import { validatorFor } from './precompiledValidator';

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
  formContext?: Record<string, unknown>;
  /** UI schema keys merged over the schema's own `*.ui.json`. */
  uiOverrides?: UiSchema;
  /** Label of the submit button; `false` hides it (the page renders its own). */
  submitText?: string | false;
  id?: string;
  className?: string;
  /** Rendered inside the form after the fields, e.g. extra buttons. */
  children?: ReactNode;
}

/**
 * Renders a catalog schema through RJSF with the given theme, bound to a FormStore. Validation runs in the
 * store with the precompiled validator (RJSF's own validation is off), so client and server errors take one
 * path: the first message under each field, cleared when that field is edited.
 */
export const SchemaForm = observer(function SchemaForm(props: SchemaFormProps) {
  const { store, theme, formContext, uiOverrides, submitText, id, className, children } = props;
  const { entry } = store;
  const Form = formFor(theme);
  const validator = validatorFor(entry);
  const submitting = store.submitting;

  const uiSchema = useMemo<UiSchema>(() => {
    const own = entry.uiSchema as UiSchema;
    const ownOptions = (own['ui:submitButtonOptions'] ?? {}) as { props?: object };
    const submitOptions = {
      ...ownOptions,
      ...(submitText === false ? { norender: true } : submitText ? { submitText } : {}),
      props: { ...ownOptions.props, disabled: submitting, loading: submitting },
    };
    return { ...own, ...uiOverrides, 'ui:submitButtonOptions': submitOptions };
  }, [entry, uiOverrides, submitText, submitting]);

  return (
    <Form
      // RJSF holds the data while the user types: reading the values untracked keeps a keystroke from re-rendering
      // this component too. Whenever it does re-render (errors, submit state), it hands RJSF the latest values,
      // which RJSF recognises as its own. A reset remounts it.
      key={store.revision}
      id={id}
      className={className}
      schema={entry.schema}
      uiSchema={uiSchema}
      validator={validator}
      formData={untracked(() => store.values)}
      formContext={formContext}
      extraErrors={store.errorSchema}
      noValidate
      noHtml5Validate
      showErrorList={false}
      onChange={(event) => store.setValues(event.formData as FormValues)}
      onSubmit={() => void store.submit()}
    >
      {children}
    </Form>
  );
});
