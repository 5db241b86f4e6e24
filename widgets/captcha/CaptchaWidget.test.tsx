import Form from '@rjsf/core';
import validator from '@rjsf/validator-ajv8';
import type { RJSFSchema } from '@rjsf/utils';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fields, templates, widgets } from '../index';
import type { CaptchaContext } from './CaptchaWidget';

const schema: RJSFSchema = { type: 'object', properties: { 'g-recaptcha-response': { type: 'string', title: 'Check' } } };
const uiSchema = { 'g-recaptcha-response': { 'ui:widget': 'captcha' } };

function setup(captcha: CaptchaContext) {
  const onChange = vi.fn();
  render(
    <Form schema={schema} uiSchema={uiSchema} validator={validator} widgets={widgets} templates={templates} fields={fields} formContext={{ captcha }} onChange={(e) => onChange(e.formData)} />,
  );
  return { last: () => onChange.mock.calls.at(-1)?.[0]?.['g-recaptcha-response'] };
}

describe('CaptchaWidget', () => {
  it('shows the question and sends "<id>:<answer>"', async () => {
    const load = vi.fn().mockResolvedValueOnce({ id: 'c1', question: 'What is 3 + 4?' }).mockResolvedValueOnce({ id: 'c2', question: 'What is 2 + 2?' });
    const { last } = setup({ load });
    expect(await screen.findByText('What is 3 + 4?')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Your answer'), ' 7 ');
    expect(last()).toBe('c1:7');
    await userEvent.click(screen.getByRole('button', { name: 'Another question' }));
    expect(await screen.findByText('What is 2 + 2?')).toBeTruthy();
    expect((screen.getByLabelText('Your answer') as HTMLInputElement).value).toBe('');
    expect(last()).toBeUndefined();
  });

  it('offers a retry when the challenge cannot be loaded', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('503')).mockResolvedValueOnce({ id: 'c3', question: 'Type the word "panel"' });
    setup({ load });
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByText('Type the word "panel"')).toBeTruthy());
  });

  it('shows the latest question asked for: a slower answer to an earlier request is dropped', async () => {
    let answerFirst: (c: { id: string; question: string }) => void = () => {};
    const load = vi
      .fn()
      .mockResolvedValueOnce({ id: 'c1', question: 'What is 1 + 1?' })
      .mockReturnValueOnce(new Promise((resolve) => (answerFirst = resolve)))
      .mockResolvedValueOnce({ id: 'c3', question: 'What is 5 + 5?' });
    const { last } = setup({ load });
    await screen.findByText('What is 1 + 1?');
    await userEvent.click(screen.getByRole('button', { name: 'Another question' }));
    await userEvent.click(screen.getByRole('button', { name: 'Another question' }));
    expect(await screen.findByText('What is 5 + 5?')).toBeTruthy();
    answerFirst({ id: 'c2', question: 'What is 9 + 9?' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByText('What is 9 + 9?')).toBeNull();
    await userEvent.type(screen.getByLabelText('Your answer'), '10');
    expect(last()).toBe('c3:10');
  });
});

