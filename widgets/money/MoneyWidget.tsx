import { Intent } from '@blueprintjs/core';
import { FastInputGroup } from '../theme/FastInputGroup';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { useState } from 'react';
import { currencySign, padDecimal, sanitizeMoneyInput, toDecimalString } from './decimal';

/**
 * `ui:widget: money`: an amount kept as a decimal string (never a float). Accepts `,` or `.`, limits
 * decimals (`ui:options.decimals`, 2 by default) and shows the sign of `ui:options.currency`.
 * Use it on `type: "string"` fields (with a `pattern` if the server wants one).
 */
export function MoneyWidget({ id, htmlName, value, placeholder, required, disabled, readonly, autofocus, options, rawErrors, hideError, onChange, onBlur, onFocus }: WidgetProps) {
  const decimals = typeof options.decimals === 'number' && options.decimals >= 0 ? Math.floor(options.decimals) : 2;
  const stored = typeof value === 'string' ? value : typeof value === 'number' ? toDecimalString(String(value), decimals) : '';
  const [draft, setDraft] = useState(() => padDecimal(stored, decimals));
  // Follow value changes made elsewhere (reset, loaded data) without fighting the typing.
  if (toDecimalString(draft, decimals) !== toDecimalString(stored, decimals)) setDraft(padDecimal(stored, decimals));
  const sign = currencySign(options.currency);
  return (
    <FastInputGroup
      id={id}
      name={htmlName || id}
      value={draft}
      inputMode="decimal"
      autoComplete="off"
      placeholder={placeholder || padDecimal('0', decimals)}
      required={required}
      disabled={disabled}
      readOnly={readonly}
      autoFocus={autofocus}
      intent={!hideError && rawErrors?.length ? Intent.DANGER : Intent.NONE}
      leftText={sign || undefined}
      onChange={(e) => {
        const next = sanitizeMoneyInput(e.target.value, decimals);
        setDraft(next);
        const decimal = toDecimalString(next, decimals);
        onChange(decimal === '' ? options.emptyValue : decimal);
      }}
      onBlur={() => {
        const decimal = toDecimalString(draft, decimals);
        setDraft(padDecimal(decimal, decimals));
        onBlur(id, decimal);
      }}
      onFocus={() => onFocus(id, stored)}
      aria-describedby={ariaDescribedByIds(id)}
    />
  );
}
