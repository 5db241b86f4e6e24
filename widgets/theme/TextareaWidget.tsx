import { Classes, Intent, TextArea } from '@blueprintjs/core';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';

/** Multi-line text (`ui:widget: textarea`, rows from `ui:options.rows`; code in a monospace font with `ui:options.monospace`). */
export function TextareaWidget({ id, htmlName, value, placeholder, required, disabled, readonly, autofocus, options, rawErrors, hideError, onChange, onBlur, onFocus }: WidgetProps) {
  return (
    <TextArea
      id={id}
      name={htmlName || id}
      value={value ?? ''}
      placeholder={placeholder}
      required={required}
      disabled={disabled}
      readOnly={readonly}
      autoFocus={autofocus}
      rows={typeof options.rows === 'number' ? options.rows : 4}
      fill
      className={options.monospace === true ? Classes.MONOSPACE_TEXT : undefined}
      spellCheck={options.monospace === true ? false : undefined}
      intent={!hideError && rawErrors?.length ? Intent.DANGER : Intent.NONE}
      onChange={(e) => onChange(e.target.value === '' ? options.emptyValue : e.target.value)}
      onBlur={(e) => onBlur(id, e.target.value)}
      onFocus={(e) => onFocus(id, e.target.value)}
      aria-describedby={ariaDescribedByIds(id)}
    />
  );
}
