import { useMemo, useRef } from 'react';
import { untracked } from 'mobx';
import { observer } from 'mobx-react-lite';
import type { FormValues } from './FormStore';
import { validatorFor } from '../schema/precompiledValidator';
import { rjsfTranslateString } from '../i18n/rjsfStrings';
import { listDefaultsFor } from './listDefaults';
import { EngineForm } from './EngineForm';
import { useFormTranslator, useFormUiSchema, useRevealFirstError, type SchemaFormProps } from './formUi';

export { mergeUi, SUBMIT_FAILED_ID, type SchemaFormProps } from './formUi';

/**
 * Renders a catalog schema through RJSF with the given theme, bound to a FormStore. Validation runs in the
 * store with the precompiled validator (RJSF's own validation is off), so client and server errors take one
 * path: the first message under each field, cleared when that field is edited.
 */
export const SchemaForm = observer(function SchemaForm(props: SchemaFormProps) {
  const { store, theme, formContext, uiOverrides, uiPatch, submitText, id, className, children } = props;
  const { entry } = store;
  const translator = useFormTranslator(store, props.translator);
  const translateString = useMemo(() => rjsfTranslateString(translator), [translator]);
  const validator = validatorFor(entry);
  const uiSchema = useFormUiSchema(entry, translator, { uiOverrides, uiPatch, submitText, submitting: store.submitting });

  // RJSF keeps its <form> element in a ref of its own.
  const formRef = useRef<{ formElement: { current: HTMLFormElement | null } } | null>(null);
  useRevealFirstError(store, () => formRef.current?.formElement.current ?? null);

  return (
    <EngineForm
      {...theme}
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
      experimental_defaultFormStateBehavior={listDefaultsFor(entry.schema)}
      onChange={(event) => store.setValues(event.formData as FormValues)}
      onSubmit={() => void store.submit()}
    >
      {children}
    </EngineForm>
  );
});
