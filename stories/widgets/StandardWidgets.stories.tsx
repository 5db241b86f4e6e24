import type { Meta, StoryObj } from '@storybook/react-vite';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { StoryForm } from '../support/StoryForm';

const meta = {
  title: 'Widgets/Standard',
  component: StoryForm,
  parameters: { docs: { description: { component: "RJSF's standard widgets in the Blueprint theme, one small form each." } } },
} satisfies Meta<typeof StoryForm>;
export default meta;
type Story = StoryObj<typeof meta>;

const one = (field: RJSFSchema, ui?: UiSchema, value?: unknown): Story['args'] => ({
  schema: { type: 'object', properties: { field } },
  uiSchema: ui ? { field: ui } : undefined,
  formData: value === undefined ? undefined : { field: value },
});

export const Text: Story = { args: one({ type: 'string', title: 'Campaign name', description: 'Shown only to you', maxLength: 60 }, { 'ui:placeholder': 'Summer sale' }) };
export const Email: Story = { args: one({ type: 'string', format: 'email', title: 'Email' }) };
export const Password: Story = { args: one({ type: 'string', title: 'Password', minLength: 8 }, { 'ui:widget': 'password', 'ui:help': 'At least 8 characters' }) };
export const Url: Story = { args: one({ type: 'string', format: 'uri', title: 'Landing page URL' }, { 'ui:placeholder': 'https://' }) };
export const Textarea: Story = { args: one({ type: 'string', title: 'Description', maxLength: 160 }, { 'ui:widget': 'textarea', 'ui:options': { rows: 3 } }) };
export const NumberUpDown: Story = { args: one({ type: 'integer', title: 'Priority', minimum: 1, maximum: 1000, default: 100 }, { 'ui:widget': 'updown' }) };
export const Checkbox: Story = { args: one({ type: 'boolean', title: 'Premium sites only' }) };
export const Checkboxes: Story = {
  args: one(
    { type: 'array', title: 'Limit periods', uniqueItems: true, items: { type: 'string', enum: ['hourly', 'daily', 'total'] } },
    { 'ui:widget': 'checkboxes', 'ui:options': { inline: true } },
    ['daily'],
  ),
};
export const Radio: Story = {
  args: one({ type: 'string', title: 'Account type', enum: ['personal', 'company'] }, { 'ui:widget': 'radio', 'ui:options': { inline: true } }, 'personal'),
};
export const Select: Story = {
  args: one({ type: 'string', title: 'Pricing model', oneOf: [{ const: 'cpm', title: 'CPM' }, { const: 'cpc', title: 'CPC' }, { const: 'cpa', title: 'CPA' }] }),
};
export const Hidden: Story = { args: one({ type: 'string', title: 'Token' }, { 'ui:widget': 'hidden' }, 'abc123') };

/** Sections, arrays with icon buttons, and the first error under each field after Submit. */
export const SectionsArraysAndErrors: Story = {
  args: {
    schema: {
      type: 'object',
      required: ['name'],
      properties: {
        name: { type: 'string', title: 'Campaign name', minLength: 3 },
        limits: {
          type: 'object',
          title: 'Limits',
          description: 'Leave empty for no limit',
          properties: {
            daily: { type: 'string', title: 'Daily budget' },
            period: { type: 'string', title: 'Period', enum: ['hourly', 'daily', 'total'] },
          },
        },
        rules: { type: 'array', title: 'Updating rules', maxItems: 5, items: { type: 'string', title: 'Rule' } },
      },
    },
    uiSchema: { limits: { 'ui:options': { collapsible: true }, daily: { 'ui:widget': 'money', 'ui:options': { currency: 'USD' } } } },
    formData: { rules: ['pause when CTR < 0.1%'] },
    extraErrors: { name: { __errors: ['Name is already taken', 'A second message (only the first shows under the field)'] } },
  },
};
