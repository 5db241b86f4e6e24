import Form from '@rjsf/core';
import validator from '@rjsf/validator-ajv8';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LookupStore } from '../../engine/lookup';
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
    expect(screen.getByText('Entries: 2')).toBeTruthy();
    await user.tab();
    expect(box.value).toBe('a.com\nb.com');
  });
});

describe('ListTextWidget with a server check', () => {
  /** A form whose list is checked at `sites/validate`; the transport answers with `answer` for what it is sent. */
  async function checked(answer: (items: string[]) => unknown) {
    const sent: string[][] = [];
    const lookups = new LookupStore({
      transport: async (req) => {
        const items = (req.data as { domains: string[] }).domains;
        sent.push(items);
        return answer(items);
      },
    });
    render(
      <Form
        schema={{ type: 'object', properties: { domains: { type: 'string', title: 'Domains' } } }}
        uiSchema={{ domains: { 'ui:widget': 'listText', 'ui:options': { check: { endpoint: 'sites/validate', field: 'domains' } } } }}
        validator={validator}
        widgets={widgets}
        templates={templates}
        formContext={{ lookups, getRootValue: () => ({}) }}
      />,
    );
    await waitFor(() => expect(document.querySelector('[aria-busy="true"]')).toBeNull());
    return { sent, box: screen.getByLabelText('Domains') as HTMLTextAreaElement };
  }

  it('sends the entries once typing pauses and shows the server\'s messages under the field', async () => {
    const user = userEvent.setup();
    const { sent, box } = await checked((items) => ({ data: { errors: items.includes('bad..name') ? { domains: ['Line 2: bad..name is not a domain.'] } : {} } }));
    await user.type(box, 'example.com\nbad..name');
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Line 2: bad..name is not a domain.');
    // One request for the whole pasted list, not one per keystroke.
    expect(sent).toEqual([['example.com', 'bad..name']]);
    expect(box.getAttribute('aria-invalid')).toBe('true');
    await user.clear(box);
    await user.type(box, 'example.com');
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('reads the messages of a 422 too, and says when the check itself failed', async () => {
    const user = userEvent.setup();
    const refused = Object.assign(new Error('invalid'), { errors: { domains: ['Line 1: nope'] } });
    let fail: Error = refused;
    const { box } = await checked(() => Promise.reject(fail));
    await user.type(box, 'x');
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Line 1: nope');
    fail = new Error('Network Error');
    await user.type(box, 'y');
    expect(await screen.findByText(/could not be checked now/)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
