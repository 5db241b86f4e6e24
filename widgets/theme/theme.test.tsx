import Form from '@rjsf/core';
import type { ErrorSchema, RJSFSchema, UiSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fields, templates, widgets } from '../index';

const schema: RJSFSchema = {
  type: 'object',
  required: ['name'],
  properties: {
    name: { type: 'string', title: 'Campaign name', description: 'Shown only to you', minLength: 3 },
    pricing: { type: 'string', title: 'Pricing model', enum: ['cpm', 'cpc', 'cpa'] },
    premium: { type: 'boolean', title: 'Premium sites only' },
    limits: {
      type: 'object',
      title: 'Limits',
      properties: { daily: { type: 'integer', title: 'Daily impressions' } },
    },
    tags: { type: 'array', title: 'Keywords', items: { type: 'string' } },
  },
};
const uiSchema: UiSchema = { name: { 'ui:help': 'Up to 60 characters' } };

function renderForm(props: Partial<React.ComponentProps<typeof Form>> = {}) {
  const onSubmit = vi.fn();
  const utils = render(
    <Form
      schema={schema}
      uiSchema={uiSchema}
      validator={validator}
      widgets={widgets}
      templates={templates}
      fields={fields}
      noHtml5Validate
      showErrorList="top"
      onSubmit={onSubmit}
      {...props}
    />,
  );
  return { ...utils, onSubmit };
}

describe('Blueprint theme', () => {
  it('renders label, description and help in a Blueprint FormGroup', async () => {
    const { container } = renderForm();
    // Select and checkbox widgets load on first use (lazyWidget).
    await waitFor(() => expect(container.querySelector('[aria-busy="true"]')).toBeNull());
    const input = screen.getByLabelText(/Campaign name/);
    expect(input.classList.contains('bp6-input')).toBe(true);
    const group = input.closest('.bp6-form-group')!;
    expect(group.textContent).toContain('Shown only to you');
    expect(group.querySelector('.bp6-form-helper-text')?.textContent).toBe('Up to 60 characters');
    expect(container.querySelector('select.bp6-html-select, .bp6-html-select select')).not.toBeNull();
    expect(screen.getByRole('checkbox', { name: 'Premium sites only' })).toBeTruthy();
  });

  it('shows only the first error message under the field, with intent danger', async () => {
    const user = userEvent.setup();
    const { onSubmit } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onSubmit).not.toHaveBeenCalled();
    const input = screen.getByLabelText(/Campaign name/);
    const group = input.closest('.bp6-form-group')!;
    expect(group.classList.contains('bp6-intent-danger')).toBe(true);
    expect(group.querySelector('[role="alert"]')?.textContent).toBe('must have required property \'Campaign name\'');
    expect(group.querySelectorAll('[role="alert"]')).toHaveLength(1);
  });

  it('shows the first of several server messages (extraErrors) under the field', () => {
    renderForm({
      formData: { name: 'abc' },
      extraErrors: { name: { __errors: ['Name is already taken', 'Second message'] } } as unknown as ErrorSchema,
      extraErrorsBlockSubmit: true,
    });
    const group = screen.getByLabelText(/Campaign name/).closest('.bp6-form-group')!;
    expect(group.querySelector('[role="alert"]')?.textContent).toBe('Name is already taken');
    expect(group.textContent).not.toContain('Second message');
  });

  it('shows the form’s own error in red without turning its fields’ help red', () => {
    const { container } = renderForm({
      formData: { name: 'abc' },
      extraErrors: { __errors: ['Your plan allows no more providers.'] } as unknown as ErrorSchema,
    });
    const alert = [...container.querySelectorAll('[role="alert"]')].find((a) => a.textContent === 'Your plan allows no more providers.')!;
    expect(alert.className).toMatch(/groupError/);
    expect(alert.closest('.bp6-form-group')?.classList.contains('bp6-intent-danger')).toBe(false);
    expect(container.querySelectorAll('.bp6-form-group.bp6-intent-danger')).toHaveLength(0);
  });

  it('draws nested objects as sections and arrays with Blueprint icon buttons', async () => {
    const user = userEvent.setup();
    const { container } = renderForm({ formData: { tags: ['a', 'b'] } });
    expect(container.querySelector('.bp6-section')?.textContent).toContain('Limits');
    expect(container.querySelector('.glyphicon')).toBeNull();
    const remove = screen.getAllByRole('button', { name: 'Remove' });
    expect(remove).toHaveLength(2);
    expect(remove[0].querySelector('svg')).not.toBeNull();
    await user.click(screen.getByRole('button', { name: /Add Item/ }));
    expect(screen.getAllByRole('button', { name: 'Remove' })).toHaveLength(3);
  });

  it('says on the add button what a list holds when its UI schema names it (ui:options.addText)', () => {
    renderForm({ uiSchema: { tags: { 'ui:options': { addText: 'Add a tag' } } }, formData: { tags: [] } });
    expect(screen.getByRole('button', { name: 'Add a tag' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Add Item/ })).toBeNull();
  });

  it('numbers the headings of object items from 1, titled or not', () => {
    const item = { type: 'object', properties: { title: { type: 'string', title: 'Title' } } } as const;
    const { container } = renderForm({
      schema: { type: 'object', properties: { creatives: { type: 'array', title: 'Creatives', items: { ...item, title: 'Creative' } }, cards: { type: 'array', title: 'Cards', items: item } } },
      uiSchema: {},
      formData: { creatives: [{}, {}], cards: [{}] },
    });
    const headings = [...container.querySelectorAll('.bp6-section-header-title')].map((h) => h.textContent);
    expect(headings).toEqual(['Creative 1', 'Creative 2', 'Cards 1']);
  });

  it('offers no Remove while an array holds only its minItems, and draws code textareas monospace', async () => {
    const arraySchema: RJSFSchema = {
      type: 'object',
      properties: {
        creatives: { type: 'array', minItems: 1, items: { type: 'string', title: 'Text' } },
        code: { type: 'string', title: 'Ad tag' },
      },
    };
    const { rerender } = render(<Form schema={arraySchema} uiSchema={{ code: { 'ui:widget': 'textarea', 'ui:options': { monospace: true } } }} validator={validator} widgets={widgets} templates={templates} fields={fields} formData={{ creatives: ['a'] }} />);
    expect(screen.queryByRole('button', { name: 'Remove' })).toBeNull();
    await waitFor(() => expect(screen.getByLabelText('Ad tag').classList.contains('bp6-monospace-text')).toBe(true));
    rerender(<Form schema={arraySchema} validator={validator} widgets={widgets} templates={templates} fields={fields} formData={{ creatives: ['a', 'b'] }} />);
    expect(screen.getAllByRole('button', { name: 'Remove' })).toHaveLength(2);
  });

  it('lists all errors in a danger Callout and labels short multi-choice enums', async () => {
    const user = userEvent.setup();
    const { container } = renderForm({
      schema: {
        type: 'object',
        required: ['name'],
        properties: {
          name: { type: 'string', title: 'Campaign name' },
          periods: { type: 'array', title: 'Limit periods', uniqueItems: true, items: { type: 'string', enum: ['hourly', 'daily'] } },
        },
      },
      uiSchema: {},
    });
    expect(container.textContent).toContain('Limit periods');
    expect(screen.getByRole('checkbox', { name: 'daily' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const callout = container.querySelector('.ap-error-list')!;
    expect(callout.classList.contains('bp6-intent-danger')).toBe(true);
    expect(callout.querySelectorAll('li')).toHaveLength(1);
  });

  it('opens a closed section when a field inside it gets an error, and says what it holds while closed', async () => {
    const user = userEvent.setup();
    const sectioned: RJSFSchema = {
      type: 'object',
      properties: { limits: { type: 'object', title: 'Limits', properties: { daily: { type: 'integer', title: 'Daily impressions' }, hourly: { type: 'integer', title: 'Hourly' } } } },
    };
    const ui: UiSchema = { limits: { 'ui:options': { collapsible: true, collapsed: true } } };
    const { rerender } = renderForm({ schema: sectioned, uiSchema: ui, formData: { limits: { daily: 5000 } } });
    expect(screen.queryByLabelText('Daily impressions')).toBeNull();
    expect(screen.getByText('Daily impressions: 5000')).toBeTruthy();
    // The title is the toggle, named by the section and saying whether it is open.
    const toggle = screen.getByRole('button', { name: 'Limits' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    const errors = { limits: { hourly: { __errors: ['Too low'] } } } as unknown as ErrorSchema;
    rerender(<Form schema={sectioned} uiSchema={ui} validator={validator} widgets={widgets} templates={templates} fields={fields} formData={{ limits: { daily: 5000 } }} extraErrors={errors} />);
    await waitFor(() => expect(screen.getByLabelText('Hourly')).toBeTruthy());
    expect(screen.getByText('Too low')).toBeTruthy();
    expect(screen.queryByText('Daily impressions: 5000')).toBeNull();
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    // The user may close it again by its heading, with the keyboard too.
    await user.click(screen.getByText('Limits'));
    await waitFor(() => expect(screen.getByText(/Daily impressions: 5000/)).toBeTruthy());
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    toggle.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByLabelText('Hourly')).toBeTruthy());
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
  });
});
