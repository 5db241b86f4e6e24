import { Intent } from '@blueprintjs/core';
import { FastInputGroup } from './FastInputGroup';
import { ariaDescribedByIds, examplesId, getInputProps, type BaseInputTemplateProps } from '@rjsf/utils';
import { useCallback, type ChangeEvent, type FocusEvent, type MouseEvent } from 'react';

/** Every `<input>`-based widget (text, email, password, url, number/updown...) as a Blueprint input group. */
export function BaseInputTemplate(props: BaseInputTemplateProps) {
  const {
    id,
    htmlName,
    value,
    readonly,
    disabled,
    autofocus,
    onBlur,
    onFocus,
    onChange,
    onChangeOverride,
    options,
    schema,
    registry,
    rawErrors,
    type,
    placeholder,
    required,
    hideError,
  } = props;
  const { ClearButton } = registry.templates.ButtonTemplates;
  const inputProps = getInputProps(schema, type, options);
  const isNumber = inputProps.type === 'number' || inputProps.type === 'integer';
  const inputValue = isNumber ? (value || value === 0 ? value : '') : (value ?? '');

  const handleChange = useCallback(
    ({ target }: ChangeEvent<HTMLInputElement>) => onChange(target.value === '' ? options.emptyValue : target.value),
    [onChange, options.emptyValue],
  );
  const handleBlur = useCallback(({ target }: FocusEvent<HTMLInputElement>) => onBlur(id, target.value), [onBlur, id]);
  const handleFocus = useCallback(({ target }: FocusEvent<HTMLInputElement>) => onFocus(id, target.value), [onFocus, id]);
  const handleClear = useCallback(
    (event: MouseEvent) => {
      event.preventDefault();
      onChange(options.emptyValue);
    },
    [onChange, options.emptyValue],
  );
  const examples = Array.isArray(schema.examples) ? (schema.examples as unknown[]) : null;
  const hasError = !hideError && !!rawErrors?.length;

  return (
    <>
      <FastInputGroup
        {...inputProps}
        type={inputProps.type === 'integer' ? 'number' : inputProps.type}
        id={id}
        name={htmlName || id}
        value={String(inputValue)}
        placeholder={placeholder}
        readOnly={readonly}
        disabled={disabled}
        required={required}
        autoFocus={autofocus}
        intent={hasError ? Intent.DANGER : Intent.NONE}
        list={examples ? examplesId(id) : undefined}
        onChange={onChangeOverride || handleChange}
        onBlur={handleBlur}
        onFocus={handleFocus}
        aria-invalid={hasError || undefined}
        aria-describedby={ariaDescribedByIds(id, !!examples)}
        rightElement={
          options.allowClearTextInputs && !readonly && !disabled && inputValue !== '' ? (
            <ClearButton registry={registry} onClick={handleClear} />
          ) : undefined
        }
      />
      {examples && (
        <datalist id={examplesId(id)}>
          {examples.map((example) => (
            <option key={String(example)} value={String(example)} />
          ))}
        </datalist>
      )}
    </>
  );
}
