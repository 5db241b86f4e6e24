import { ariaDescribedByIds, schemaRequiresTrueValue, type WidgetProps } from '@rjsf/utils';

/** What a Blueprint Checkbox and Switch take from RJSF's widget props: value, label, state and events. */
export function booleanControlProps({ id, htmlName, value, label, hideLabel, required, disabled, readonly, autofocus, schema, onChange, onBlur, onFocus }: WidgetProps) {
  return {
    id,
    name: htmlName || id,
    checked: value === true,
    // Only a schema that demands `true` may mark it required; otherwise "off" would block submit.
    required: required && schemaRequiresTrueValue(schema),
    disabled: disabled || readonly,
    autoFocus: autofocus,
    label: hideLabel ? undefined : label,
    'aria-label': hideLabel ? label : undefined,
    onChange: (e: React.FormEvent<HTMLInputElement>) => onChange(e.currentTarget.checked),
    onBlur: (e: React.FocusEvent<HTMLInputElement>) => onBlur(id, e.currentTarget.checked),
    onFocus: (e: React.FocusEvent<HTMLInputElement>) => onFocus(id, e.currentTarget.checked),
    'aria-describedby': ariaDescribedByIds(id),
  };
}
