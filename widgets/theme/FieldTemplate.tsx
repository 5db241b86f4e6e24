import { FormGroup, Intent } from '@blueprintjs/core';
import { getTemplate, getUiOptions, type FieldTemplateProps } from '@rjsf/utils';
import styles from './FieldTemplate.module.css';

/**
 * Every field: a Blueprint FormGroup with the label, the description under it, the input, and under the
 * input the first error message (intent danger; a group's only in its own text) or else the help text.
 */
export function FieldTemplate(props: FieldTemplateProps) {
  const { id, label, children, rawErrors, rawHelp, rawDescription, hidden, required, displayLabel, hideError, registry, uiSchema, classNames, style, schema } =
    props;
  const uiOptions = getUiOptions(uiSchema);
  const WrapIfAdditionalTemplate = getTemplate('WrapIfAdditionalTemplate', registry, uiOptions);
  if (hidden) return <div hidden>{children}</div>;

  // RJSF's displayLabel is already false for objects and item lists (they draw their own titles);
  // a checkbox or a switch carries its label beside the control.
  const showLabel = displayLabel && uiOptions.widget !== 'checkbox' && uiOptions.widget !== 'switch';
  const error = !hideError ? rawErrors?.find(Boolean) : undefined;
  // A group's error must not colour the fields inside it (FieldTemplate.module.css).
  const group = schema.type === 'object' || schema.type === 'array';
  const helper =
    error || rawHelp ? (
      <>
        {error && (
          <span className={group ? `ap-field-error ${styles.groupError}` : 'ap-field-error'} id={`${id}__error`} role="alert">
            {error}
          </span>
        )}
        {error && rawHelp ? <br /> : null}
        {rawHelp && <span id={`${id}__help`}>{rawHelp}</span>}
      </>
    ) : undefined;

  return (
    <WrapIfAdditionalTemplate {...props}>
      <FormGroup
        className={classNames}
        style={style}
        label={showLabel ? label : undefined}
        labelFor={showLabel ? id : undefined}
        labelInfo={showLabel && required ? <span aria-hidden>*</span> : undefined}
        subLabel={showLabel && rawDescription ? rawDescription : undefined}
        helperText={helper}
        intent={error && !group ? Intent.DANGER : Intent.NONE}
      >
        {children}
      </FormGroup>
    </WrapIfAdditionalTemplate>
  );
}
