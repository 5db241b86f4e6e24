import { Checkbox } from '@blueprintjs/core';
import { ariaDescribedByIds, schemaRequiresTrueValue, type WidgetProps } from '@rjsf/utils';

/** A boolean as a Blueprint Checkbox with its label beside the box. */
export function CheckboxWidget({ id, htmlName, value, label, hideLabel, required, disabled, readonly, autofocus, schema, onChange, onBlur, onFocus }: WidgetProps) {
  return (
    <Checkbox
      id={id}
      name={htmlName || id}
      checked={value === true}
      // Only a schema that demands `true` may mark the box required; otherwise unchecked would block submit.
      required={required && schemaRequiresTrueValue(schema)}
      disabled={disabled || readonly}
      autoFocus={autofocus}
      label={hideLabel ? undefined : label}
      aria-label={hideLabel ? label : undefined}
      onChange={(e) => onChange(e.currentTarget.checked)}
      onBlur={(e) => onBlur(id, e.currentTarget.checked)}
      onFocus={(e) => onFocus(id, e.currentTarget.checked)}
      aria-describedby={ariaDescribedByIds(id)}
    />
  );
}
