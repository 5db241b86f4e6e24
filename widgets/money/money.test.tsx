import Form from '@rjsf/core';
import validator from '@rjsf/validator-ajv8';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { templates, widgets } from '../index';
import { addMoney, currencySign, padDecimal, sanitizeMoneyInput, toDecimalString } from './decimal';

describe('money decimals', () => {
  it('adds typed amounts exactly as strings, never floats', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(addMoney([toDecimalString('0,1'), toDecimalString('0.2')])).toBe('0.30');
    expect(addMoney(['1000000000000000.01', '0.02'])).toBe('1000000000000000.03');
    expect(addMoney(['0.0001', '0.0002'], 4)).toBe('0.0003');
  });

  it('parses input with a comma or a point and limits decimals', () => {
    expect(toDecimalString('0,1')).toBe('0.1');
    expect(toDecimalString('007.50')).toBe('7.5');
    expect(toDecimalString('1 234,5')).toBe('1234.5');
    expect(toDecimalString(',5')).toBe('0.5');
    expect(toDecimalString('')).toBe('');
    expect(sanitizeMoneyInput('12.3456')).toBe('12.34');
    expect(sanitizeMoneyInput('1a2,3.4')).toBe('12,34');
    expect(sanitizeMoneyInput('12.5', 0)).toBe('125');
    expect(padDecimal('12.5')).toBe('12.50');
    expect(padDecimal('3', 4)).toBe('3.0000');
  });

  it('turns currency codes into signs', () => {
    expect(currencySign('USD')).toBe('$');
    expect(currencySign('EUR')).toBe('€');
    expect(currencySign('₽')).toBe('₽');
    expect(currencySign(undefined)).toBe('');
  });
});

describe('MoneyWidget', () => {
  it('stores a decimal string, accepts a comma and pads on blur', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <Form
        schema={{ type: 'object', properties: { amount: { type: 'string', title: 'Amount' } } }}
        uiSchema={{ amount: { 'ui:widget': 'money', 'ui:options': { currency: 'USD', decimals: 2 } } }}
        validator={validator}
        widgets={widgets}
        templates={templates}
        onChange={(e) => onChange(e.formData)}
      />,
    );
    // The widget's code loads on first use (lazyWidget): wait for its busy placeholder to go.
    await waitFor(() => expect(document.querySelector('[aria-busy="true"]')).toBeNull());
    const input = screen.getByLabelText('Amount') as HTMLInputElement;
    expect(screen.getByText('$')).toBeTruthy();
    await user.type(input, '12,345');
    expect(input.value).toBe('12,34');
    expect(onChange.mock.calls.at(-1)?.[0]).toEqual({ amount: '12.34' });
    expect(typeof onChange.mock.calls.at(-1)?.[0].amount).toBe('string');
    await user.clear(input);
    await user.type(input, '0.1');
    await user.tab();
    expect(input.value).toBe('0.10');
    expect(onChange.mock.calls.at(-1)?.[0]).toEqual({ amount: '0.1' });
  });
});
