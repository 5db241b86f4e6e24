import { Switch } from '@blueprintjs/core';
import { ariaDescribedByIds, schemaRequiresTrueValue, type WidgetProps } from '@rjsf/utils';

/**
 * `ui:widget: switch`: a boolean as a Blueprint Switch with the field's title beside it (on/off settings such as a
 * creative's "Active"); the field template leaves the label to it, as for a checkbox.
 */
export function SwitchWidget({ id, htmlName, value, label, hideLabel, required, disabled, readonly, autofocus, schema, onChange, onBlur, onFocus }: WidgetProps) {
  return (
    <Switch
      id={id}
      name={htmlName || id}
      // Announced as on/off rather than checked/unchecked.
      role="switch"
      checked={value === true}
      // Only a schema that demands `true` may mark it required; otherwise "off" would block submit.
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
