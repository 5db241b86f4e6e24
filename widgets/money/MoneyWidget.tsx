import { Intent } from '@blueprintjs/core';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { MoneyInput } from './MoneyInput';
import { toDecimalString } from './decimal';

/**
 * `ui:widget: money`: an amount kept as a decimal string (never a float). Accepts `,` or `.`, limits
 * decimals (`ui:options.decimals`, 2 by default) and shows the sign of `ui:options.currency`.
 * Use it on `type: "string"` fields (with a `pattern` if the server wants one).
 */
export function MoneyWidget({ id, htmlName, value, placeholder, required, disabled, readonly, autofocus, options, rawErrors, hideError, onChange, onBlur, onFocus }: WidgetProps) {
  const decimals = typeof options.decimals === 'number' && options.decimals >= 0 ? Math.floor(options.decimals) : 2;
  const stored = typeof value === 'string' ? value : typeof value === 'number' ? toDecimalString(String(value), decimals) : '';
  return (
    <MoneyInput
      id={id}
      name={htmlName || id}
      value={stored}
      decimals={decimals}
      currency={typeof options.currency === 'string' ? options.currency : undefined}
      placeholder={placeholder}
      required={required}
      disabled={disabled}
      readOnly={readonly}
      autoFocus={autofocus}
      intent={!hideError && rawErrors?.length ? Intent.DANGER : Intent.NONE}
      onValueChange={(decimal) => onChange(decimal === '' ? options.emptyValue : decimal)}
      onBlur={(decimal) => onBlur(id, decimal)}
      onFocus={() => onFocus(id, stored)}
      aria-describedby={ariaDescribedByIds(id)}
    />
  );
}
