import { HTMLSelect } from '@blueprintjs/core';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { CheckboxesWidget } from './CheckboxesWidget';
import { onlyOptions } from './onlyOptions';

/**
 * A short enum as a native select (Blueprint HTMLSelect); options are addressed by index so numbers,
 * booleans and strings round-trip. Multiple choice renders checkboxes; big lists belong in `lookup`.
 * `ui:options.only` (a list of values) leaves out the other options.
 */
export function SelectWidget(props: WidgetProps) {
  const { id, htmlName, value, options, required, disabled, readonly, autofocus, placeholder, schema, multiple, onChange, onBlur, onFocus } = props;
  if (multiple) return <CheckboxesWidget {...props} />;
  const { enumDisabled, emptyValue } = options;
  const enumOptions = onlyOptions(options);
  const index = enumOptions.findIndex((o) => o.value === value);
  const decode = (raw: string) => (raw === '' ? emptyValue : enumOptions[Number(raw)]?.value);
  return (
    <HTMLSelect
      id={id}
      name={htmlName || id}
      value={index >= 0 ? String(index) : ''}
      required={required}
      disabled={disabled || readonly}
      autoFocus={autofocus}
      fill
      onChange={(e) => onChange(decode(e.currentTarget.value))}
      onBlur={(e) => onBlur(id, decode(e.currentTarget.value))}
      onFocus={(e) => onFocus(id, decode(e.currentTarget.value))}
      aria-describedby={ariaDescribedByIds(id)}
    >
      {(schema.default === undefined || index < 0) && <option value="">{placeholder || ''}</option>}
      {enumOptions.map((option, i) => (
        <option key={String(option.value)} value={String(i)} disabled={Array.isArray(enumDisabled) && enumDisabled.includes(option.value)}>
          {option.label}
        </option>
      ))}
    </HTMLSelect>
  );
}
