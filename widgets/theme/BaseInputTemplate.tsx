import { Intent } from '@blueprintjs/core';
import { FastInputGroup } from './FastInputGroup';
import { ariaDescribedByIds, examplesId, getInputProps, type BaseInputTemplateProps } from '@rjsf/utils';
import { lazy, Suspense, useCallback, useRef, type ChangeEvent, type FocusEvent, type MouseEvent } from 'react';
import { insertAt, type TokenFormContext } from '../tokens/types';

/** The token menu loads with the first form that has a URL field taking tokens (never on the sign-in page). */
const TokenMenu = lazy(() => import('../tokens/TokenMenu'));

/**
 * Every `<input>`-based widget (text, email, password, url, number/updown...) as a Blueprint input group.
 * With `ui:options.tokens` and a `tokens` loader in the form context, a menu inside the input inserts tokens
 * (`{click_id}`) at the caret; such a field is a text input with the URL keyboard, because browsers give
 * `type="url"` inputs no caret position.
 */
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
    label,
  } = props;
  const inputRef = useRef<HTMLInputElement>(null);
  const loadTokens = options.tokens === true ? (registry.formContext as TokenFormContext | undefined)?.tokens : undefined;
  const { ClearButton } = registry.templates.ButtonTemplates;
  const inputProps = loadTokens ? getInputProps(schema, 'text', { ...options, inputType: 'text' }) : getInputProps(schema, type, options);
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
  const handleInsert = useCallback(
    (token: string) => {
      const input = inputRef.current;
      const current = String(value ?? '');
      const next = insertAt(current, token, input?.selectionStart ?? current.length, input?.selectionEnd ?? current.length);
      onChange(next.value);
      // After React has written the new value: back into the field, the caret after the token.
      requestAnimationFrame(() => {
        input?.focus();
        input?.setSelectionRange(next.caret, next.caret);
      });
    },
    [value, onChange],
  );
  const examples = Array.isArray(schema.examples) ? (schema.examples as unknown[]) : null;
  const hasError = !hideError && !!rawErrors?.length;

  return (
    <>
      <FastInputGroup
        {...inputProps}
        type={inputProps.type === 'integer' ? 'number' : inputProps.type}
        inputMode={loadTokens ? 'url' : undefined}
        inputRef={inputRef}
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
          loadTokens ? (
            <Suspense fallback={null}>
              <TokenMenu load={loadTokens} onInsert={handleInsert} disabled={disabled || readonly} fieldLabel={label} />
            </Suspense>
          ) : options.allowClearTextInputs && !readonly && !disabled && inputValue !== '' ? (
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
