import Form from '@rjsf/core';
import validator from '@rjsf/validator-ajv8';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { templates, widgets } from '../index';
import { countListItems, listTextToLines, normalizeListText } from './normalizeListText';

describe('normalizeListText', () => {
  it('strips whitespace, drops empty lines and joins lines with commas', () => {
    expect(normalizeListText('  example.com \r\n\n  ads.example.org\t\n')).toBe('example.com,ads.example.org');
    expect(normalizeListText('   \n ')).toBe('');
    expect(normalizeListText('10.0.0.0/8')).toBe('10.0.0.0/8');
  });

  it('shows a stored value one item per line', () => {
    expect(listTextToLines('a.com,b.com')).toBe('a.com\nb.com');
    expect(listTextToLines(undefined)).toBe('');
    expect(countListItems('a,b,c')).toBe(3);
    expect(countListItems('')).toBe(0);
  });
});

describe('ListTextWidget', () => {
  it('keeps the typed lines and stores the comma-joined value', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <Form
        schema={{ type: 'object', properties: { domains: { type: 'string', title: 'Domains' } } }}
        uiSchema={{ domains: { 'ui:widget': 'listText' } }}
        validator={validator}
        widgets={widgets}
        templates={templates}
        onChange={(e) => onChange(e.formData)}
      />,
    );
    // The widget's code loads on first use (lazyWidget): wait for its busy placeholder to go.
    await waitFor(() => expect(document.querySelector('[aria-busy="true"]')).toBeNull());
    const box = screen.getByLabelText('Domains') as HTMLTextAreaElement;
    await user.type(box, ' a.com {enter}{enter}  b.com ');
    expect(box.value).toBe(' a.com \n\n  b.com ');
    expect(onChange.mock.calls.at(-1)?.[0]).toEqual({ domains: 'a.com,b.com' });
    expect(screen.getByText('2 items')).toBeTruthy();
    await user.tab();
    expect(box.value).toBe('a.com\nb.com');
  });
});
