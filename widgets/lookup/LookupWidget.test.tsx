import Form from '@rjsf/core';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LookupStore, type LookupFormContext, type LookupRequest } from '../../engine/lookup';
import { fields, templates, widgets } from '../index';

const cities = Array.from({ length: 5000 }, (_, i) => ({ id: i + 1, name: `City ${String(i + 1).padStart(4, '0')}` }));

async function setup({ formData, multiple = true, fail = false }: { formData?: unknown; multiple?: boolean; fail?: boolean } = {}) {
  const report = vi.fn();
  const transport = vi.fn(async (req: LookupRequest) => {
    if (fail) throw new Error('503');
    expect(req.url).toBe('collections/cities');
    return { data: cities };
  });
  const lookups = new LookupStore({ transport, report });
  const formContext: LookupFormContext = { lookups, getRootValue: () => ({}) };
  const schema: RJSFSchema = {
    type: 'object',
    properties: {
      cities: multiple ? { type: 'array', title: 'Cities', items: { type: 'integer' }, uniqueItems: true } : { type: 'integer', title: 'City' },
    },
  };
  const uiSchema: UiSchema = { cities: { 'ui:widget': 'lookup', 'ui:options': { source: { collection: 'cities' }, maxTags: 3 } } };
  const onChange = vi.fn();
  render(
    <Form
      schema={schema}
      uiSchema={uiSchema}
      validator={validator}
      widgets={widgets}
      templates={templates}
      fields={fields}
      formContext={formContext}
      formData={formData === undefined ? {} : { cities: formData }}
      onChange={(e) => onChange(e.formData)}
      noHtml5Validate
    />,
  );
  const lastValue = () => onChange.mock.calls.at(-1)?.[0]?.cities;
  return { transport, report, onChange, lastValue, // The lookup widget's code loads on first use (lazyWidget), so its input appears asynchronously.
    input: await screen.findByRole('combobox', { name: multiple ? /Cities/ : /City/ }) };
}

describe('LookupWidget', () => {
  it('renders only a window of rows for 5,000 options', async () => {
    const user = userEvent.setup();
    const { input, transport } = await setup();
    await user.click(input);
    const listbox = await screen.findByRole('listbox');
    const rows = within(listbox).getAllByRole('option');
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.length).toBeLessThan(40);
    expect(rows[0]?.textContent).toContain('City 0001');
    expect(transport).toHaveBeenCalledTimes(1);
  });

  it('filters by the search text', async () => {
    const user = userEvent.setup();
    const { input } = await setup();
    await user.click(input);
    await screen.findByRole('listbox');
    await user.type(input, '4999');
    const rows = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(rows.map((r) => r.textContent)).toEqual(['City 4999']);
  });

  it('selects with the keyboard and shows the choice as a tag with its label', async () => {
    const user = userEvent.setup();
    const { input, lastValue } = await setup();
    await user.click(input);
    await screen.findByRole('listbox');
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(lastValue()).toEqual([2]);
    expect(screen.getByRole('option', { name: 'City 0002' }).getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(lastValue()).toEqual([2, 3]);
    // Enter again on the same row deselects it.
    await user.keyboard('{Enter}');
    expect(lastValue()).toEqual([2]);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(document.querySelector('.ap-lookup-tags')?.textContent).toContain('City 0002');
  });

  it('shows labels of hundreds of stored ids, collapsed past the tag limit', async () => {
    const stored = Array.from({ length: 300 }, (_, i) => i + 1);
    await setup({ formData: stored });
    await waitFor(() => expect(document.querySelector('.ap-lookup-tags')?.textContent).toContain('City 0001'));
    const tags = document.querySelector('.ap-lookup-tags')!;
    expect(tags?.textContent).toContain('City 0003');
    expect(tags?.textContent).not.toContain('City 0004');
    expect(screen.getByRole('button', { name: 'Show 297 more selected' })?.textContent).toContain('+297 more');
  });

  it('selects all matching and clears (asking again for many)', async () => {
    const user = userEvent.setup();
    const { input, lastValue } = await setup();
    await user.click(input);
    await screen.findByRole('listbox');
    await user.type(input, 'City 00');
    await user.click(screen.getByRole('button', { name: 'Select all 99 matching' }));
    expect(lastValue()).toHaveLength(99);
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(lastValue()).toHaveLength(99);
    await user.click(screen.getByRole('button', { name: 'Click again to clear 99' }));
    expect(lastValue()).toEqual([]);
  });

  it('works as a single select for a scalar field', async () => {
    const user = userEvent.setup();
    const { input, lastValue } = await setup({ multiple: false });
    await user.click(input);
    await user.click(await screen.findByRole('option', { name: 'City 0004' }));
    expect(lastValue()).toBe(4);
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('reports a failed load silently and offers a retry in place', async () => {
    const user = userEvent.setup();
    const { input, report, transport } = await setup({ fail: true });
    await user.click(input);
    expect(await screen.findByText('The list could not be loaded.')).toBeTruthy();
    expect(report).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(transport).toHaveBeenCalledTimes(2);
  });

  it('names the field and the valid keys when the source is malformed', () => {
    const lookups = new LookupStore({ transport: async () => ({ data: [] }) });
    render(
      <Form
        schema={{ type: 'object', properties: { c: { type: 'string' } } }}
        uiSchema={{ c: { 'ui:widget': 'lookup', 'ui:options': { source: { colection: 'countries' } } } }}
        validator={validator}
        widgets={widgets}
        templates={templates}
        formContext={{ lookups, getRootValue: () => ({}) }}
      />,
    );
    expect(screen.getByText(/root_c: ui:options\/source: needs "collection"/)).toBeTruthy();
  });

  it('toggles the active row with Space when the list has focus', async () => {
    const user = userEvent.setup();
    const { input, lastValue } = await setup();
    await user.click(input);
    const listbox = await screen.findByRole('listbox');
    await user.keyboard('{ArrowDown}');
    listbox.focus();
    await user.keyboard('{ArrowDown}[Space]');
    expect(lastValue()).toEqual([2]);
  });

  it('searches a query source on the server with params read from the other fields', async () => {
    const user = userEvent.setup();
    const requests: LookupRequest[] = [];
    const lookups = new LookupStore({
      debounceMs: 0,
      transport: async (req) => {
        requests.push(req);
        return { data: [{ id: 75, name: 'Paris' }] };
      },
    });
    const formData = { geo: { countries: [250] } };
    render(
      <Form
        schema={{
          type: 'object',
          properties: {
            geo: {
              type: 'object',
              properties: {
                countries: { type: 'array', items: { type: 'integer' } },
                cities: { type: 'array', title: 'Cities', items: { type: 'integer' } },
              },
            },
          },
        }}
        uiSchema={{
          geo: {
            countries: { 'ui:widget': 'hidden' },
            cities: {
              'ui:widget': 'lookup',
              'ui:options': { source: { endpoint: 'cities', method: 'POST', search: 'query', params: { country_ids: '/geo/countries' } } },
            },
          },
        }}
        formData={formData}
        validator={validator}
        widgets={widgets}
        templates={templates}
        formContext={{ lookups, getRootValue: () => formData }}
      />,
    );
    await user.type(screen.getByRole('combobox'), 'par');
    await waitFor(() => expect(requests.at(-1)?.data).toEqual({ query: 'par', country_ids: [250] }));
    expect(requests.at(-1)).toMatchObject({ method: 'POST', url: 'cities' });
    expect((await screen.findByRole('option', { name: 'Paris' })).getAttribute('aria-selected')).toBe('false');
  });
});
