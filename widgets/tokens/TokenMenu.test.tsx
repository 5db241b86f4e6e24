import Form from '@rjsf/core';
import type { RJSFSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fields, templates, widgets } from '../index';
import { insertAt, type TokenChoice } from './types';

const schema: RJSFSchema = { type: 'object', properties: { url: { type: 'string', title: 'Landing page URL' }, plain: { type: 'string', title: 'Plain' } } };
const uiSchema = { url: { 'ui:options': { inputType: 'url', tokens: true } }, plain: { 'ui:options': { inputType: 'url' } } };
const TOKENS: TokenChoice[] = [
  { token: '{click_id}', label: 'Click ID' },
  { token: '{country}', label: 'Country code' },
];

function renderForm(tokens: () => Promise<readonly TokenChoice[]>, formData: Record<string, unknown> = {}) {
  const onChange = vi.fn();
  render(<Form schema={schema} uiSchema={uiSchema} validator={validator} widgets={widgets} templates={templates} fields={fields} formData={formData} formContext={{ tokens }} onChange={(e) => onChange(e.formData)} />);
  return onChange;
}

describe('insertAt', () => {
  it('puts the token over the selection and the caret after it', () => {
    expect(insertAt('https://a.example/?c=', '{click_id}', 21)).toEqual({ value: 'https://a.example/?c={click_id}', caret: 31 });
    expect(insertAt('https://a.example/XX/end', '{os}', 18, 20)).toEqual({ value: 'https://a.example/{os}/end', caret: 22 });
    expect(insertAt('ab', '{x}', 99)).toEqual({ value: 'ab{x}', caret: 5 });
  });
});

describe('the token menu of a URL field', () => {
  it('loads the tokens on first open and inserts the chosen one at the caret', async () => {
    const user = userEvent.setup();
    const load = vi.fn(async () => TOKENS);
    renderForm(load, { url: 'https://shop.example/?c=&s=1' });
    expect(load).not.toHaveBeenCalled();
    const input = screen.getByLabelText('Landing page URL') as HTMLInputElement;
    // A text input with the URL keyboard: browsers give type=url no caret position.
    expect([input.type, input.inputMode]).toEqual(['text', 'url']);
    input.setSelectionRange(24, 24);

    await user.click(await screen.findByRole('button', { name: 'Insert a token: Landing page URL' }));
    await user.click(await screen.findByText('{click_id}'));
    await waitFor(() => expect(input.value).toBe('https://shop.example/?c={click_id}&s=1'));
    expect(load).toHaveBeenCalledTimes(1);
    // Fields without the option keep their plain URL input.
    expect((screen.getByLabelText('Plain') as HTMLInputElement).type).toBe('url');
    expect(screen.getAllByRole('button', { name: /Insert a token/ })).toHaveLength(1);
  });

  it('names a failed load and loads again on retry', async () => {
    const user = userEvent.setup();
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(TOKENS);
    renderForm(load);
    await user.click(await screen.findByRole('button', { name: /Insert a token/ }));
    expect(await screen.findByText('The tokens could not be loaded.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Country code')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
