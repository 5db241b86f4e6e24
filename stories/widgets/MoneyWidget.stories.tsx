import type { Meta, StoryObj } from '@storybook/react-vite';
import { StoryForm } from '../support/StoryForm';

const meta = {
  title: 'Widgets/Money',
  component: StoryForm,
  parameters: { docs: { description: { component: 'Decimal strings, never floats; `,` or `.` accepted; decimals limited.' } } },
} satisfies Meta<typeof StoryForm>;
export default meta;
type Story = StoryObj<typeof meta>;

const amount = (title: string) => ({ type: 'string' as const, title, pattern: '^\\d+(\\.\\d+)?$' });

/** Add funds: dollars with 2 decimals. */
export const AddFunds: Story = {
  args: {
    schema: { type: 'object', required: ['amount'], properties: { amount: amount('Amount') } },
    uiSchema: { amount: { 'ui:widget': 'money', 'ui:options': { currency: 'USD' }, 'ui:help': 'Minimum 50.00' } },
  },
};

/** A bid with 4 decimals (cost is shown with 4). */
export const CostWithFourDecimals: Story = {
  args: {
    schema: { type: 'object', properties: { bid: amount('CPM bid') } },
    uiSchema: { bid: { 'ui:widget': 'money', 'ui:options': { currency: 'EUR', decimals: 4 } } },
    formData: { bid: '0.0125' },
  },
};

/** A network that shows its own currency sign. */
export const CustomSign: Story = {
  args: {
    schema: { type: 'object', properties: { daily: amount('Daily budget') } },
    uiSchema: { daily: { 'ui:widget': 'money', 'ui:options': { currency: '₽' } } },
    formData: { daily: '1500.5' },
  },
};
