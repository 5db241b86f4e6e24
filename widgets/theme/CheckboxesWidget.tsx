import { Checkbox } from '@blueprintjs/core';
import {
  ariaDescribedByIds,
  enumOptionsDeselectValue,
  enumOptionsIsSelected,
  enumOptionsSelectValue,
  optionId,
  type WidgetProps,
} from '@rjsf/utils';

/** A short enum array as a group of checkboxes (`ui:options.inline` lays them out in a row). */
export function CheckboxesWidget({ id, htmlName, value, options, disabled, readonly, autofocus, onChange, onBlur, onFocus }: WidgetProps) {
  const { enumOptions = [], enumDisabled, inline } = options;
  const selected: unknown[] = Array.isArray(value) ? value : [];
  return (
    <div id={id} role="group" aria-describedby={ariaDescribedByIds(id)}>
      {enumOptions.map((option, index) => {
        const checked = enumOptionsIsSelected(option.value, selected);
        const itemDisabled = Array.isArray(enumDisabled) && enumDisabled.includes(option.value);
        return (
          <Checkbox
            key={String(option.value)}
            id={optionId(id, index)}
            name={htmlName || id}
            label={option.label}
            inline={inline === true}
            checked={checked}
            disabled={disabled || readonly || itemDisabled}
            autoFocus={autofocus && index === 0}
            onChange={(e) =>
              onChange(
                e.currentTarget.checked
                  ? enumOptionsSelectValue(index, selected, enumOptions)
                  : enumOptionsDeselectValue(index, selected, enumOptions),
              )
            }
            onBlur={() => onBlur(id, selected)}
            onFocus={() => onFocus(id, selected)}
          />
        );
      })}
    </div>
  );
}
