import { Intent } from '@blueprintjs/core';
import { useState, type Ref } from 'react';
import { FastInputGroup } from '../theme/FastInputGroup';
import { currencySign, padDecimal, sanitizeMoneyInput, toDecimalString } from './decimal';

export interface MoneyInputProps {
  id?: string;
  name?: string;
  /** The amount as a decimal string (`''` when empty). */
  value: string;
  /** The canonical decimal string of what was typed (`''` when empty). */
  onValueChange: (value: string) => void;
  onBlur?: (value: string) => void;
  onFocus?: () => void;
  /** A currency code (`USD` shows `$`) or a sign as it should show. */
  currency?: string;
  /** Digits after the point, 2 by default. */
  decimals?: number;
  placeholder?: string;
  intent?: Intent;
  required?: boolean;
  disabled?: boolean;
  readOnly?: boolean;
  autoFocus?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
  'aria-label'?: string;
}

/**
 * An amount input kept as a decimal string (never a float): accepts `,` or `.`, limits the decimals, shows the
 * currency's sign and pads to its decimals when left. The money widget of forms and the pages' own amount fields.
 */
export function MoneyInput({ value, onValueChange, onBlur, onFocus, currency, decimals = 2, placeholder, intent = Intent.NONE, ...input }: MoneyInputProps) {
  const [draft, setDraft] = useState(() => padDecimal(value, decimals));
  // Follow value changes made elsewhere (reset, loaded data, a quick amount) without fighting the typing.
  if (toDecimalString(draft, decimals) !== toDecimalString(value, decimals)) setDraft(padDecimal(value, decimals));
  const sign = currencySign(currency);
  return (
    <FastInputGroup
      {...input}
      value={draft}
      inputMode="decimal"
      autoComplete="off"
      placeholder={placeholder || padDecimal('0', decimals)}
      intent={intent}
      leftText={sign || undefined}
      onChange={(e) => {
        const next = sanitizeMoneyInput(e.target.value, decimals);
        setDraft(next);
        onValueChange(toDecimalString(next, decimals));
      }}
      onBlur={() => {
        const decimal = toDecimalString(draft, decimals);
        setDraft(padDecimal(decimal, decimals));
        onBlur?.(decimal);
      }}
      onFocus={() => onFocus?.()}
    />
  );
}
