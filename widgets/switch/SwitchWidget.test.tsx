import Form from '@rjsf/core';
import validator from '@rjsf/validator-ajv8';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { templates, widgets } from '../index';

describe('SwitchWidget', () => {
  it('is a Blueprint switch labelled with the field title, once', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <Form
        schema={{ type: 'object', properties: { is_active: { type: 'boolean', title: 'Active', default: true } } }}
        uiSchema={{ is_active: { 'ui:widget': 'switch' } }}
        validator={validator}
        widgets={widgets}
        templates={templates}
        onChange={(e) => onChange(e.formData)}
      />,
    );
    const control = (await screen.findByRole('switch', { name: 'Active' })) as HTMLInputElement;
    expect(control.checked).toBe(true);
    expect(control.closest('.bp6-switch')).toBeTruthy();
    // The field template leaves the label to the switch: the title shows once.
    expect(screen.getAllByText('Active')).toHaveLength(1);
    await user.click(control);
    expect(onChange.mock.calls.at(-1)?.[0]).toEqual({ is_active: false });
    await user.keyboard(' ');
    expect(onChange.mock.calls.at(-1)?.[0]).toEqual({ is_active: true });
  });

  it('follows disabled and readonly', async () => {
    render(
      <Form
        schema={{ type: 'object', properties: { enabled: { type: 'boolean', title: 'Show a motion banner' } } }}
        uiSchema={{ enabled: { 'ui:widget': 'switch', 'ui:readonly': true } }}
        validator={validator}
        widgets={widgets}
        templates={templates}
        formData={{ enabled: true }}
      />,
    );
    const control = (await screen.findByRole('switch', { name: 'Show a motion banner' })) as HTMLInputElement;
    expect(control.disabled).toBe(true);
    expect(control.checked).toBe(true);
  });
});
