import { Radio, RadioGroup } from '@blueprintjs/core';
import { enumOptionsIsSelected, optionId, type WidgetProps } from '@rjsf/utils';
import { onlyOptions } from './onlyOptions';

/** A short enum (or a boolean) as radio buttons; `ui:options.only` (a list of values) leaves out the others. */
export function RadioWidget({ id, htmlName, value, options, disabled, readonly, onChange, onBlur, onFocus }: WidgetProps) {
  const { enumDisabled, inline } = options;
  const enumOptions = onlyOptions(options);
  const selectedIndex = enumOptions.findIndex((o) => enumOptionsIsSelected(o.value, value));
  return (
    <RadioGroup
      name={htmlName || id}
      inline={inline === true}
      disabled={disabled || readonly}
      selectedValue={selectedIndex >= 0 ? String(selectedIndex) : undefined}
      onChange={(e) => onChange(enumOptions[Number(e.currentTarget.value)]?.value)}
    >
      {enumOptions.map((option, index) => (
        <Radio
          key={String(option.value)}
          id={optionId(id, index)}
          value={String(index)}
          label={option.label}
          disabled={Array.isArray(enumDisabled) && enumDisabled.includes(option.value)}
          onBlur={() => onBlur(id, value)}
          onFocus={() => onFocus(id, value)}
        />
      ))}
    </RadioGroup>
  );
}
