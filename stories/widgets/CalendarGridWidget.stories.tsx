import type { RJSFSchema } from '@rjsf/utils';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { StoryForm } from '../support/StoryForm';

const meta = {
  title: 'Widgets/Calendar grid',
  component: StoryForm,
  parameters: {
    docs: {
      description: {
        component:
          'A campaign’s calendar limits: 7 days × 24 hours (UTC). Drag to paint a rectangle, click a day or an hour header to toggle it, ' +
          'or use the arrow keys and Space. Stored as seven sorted hour lists, Monday first; no value means every hour.',
      },
    },
  },
} satisfies Meta<typeof StoryForm>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The field as the server's campaign schema declares it. */
const schema: RJSFSchema = {
  type: 'object',
  properties: {
    calendar_limits: {
      type: 'array',
      title: 'Calendar',
      minItems: 7,
      maxItems: 7,
      items: { type: 'array', uniqueItems: true, maxItems: 24, items: { type: 'integer', minimum: 0, maximum: 23 } },
    },
  },
};
const uiSchema = { calendar_limits: { 'ui:widget': 'calendarGrid' } };
const WORK = [9, 10, 11, 12, 13, 14, 15, 16, 17];

/** No value: the campaign runs every hour of every day, and nothing is stored. */
export const EveryHour: Story = { args: { schema, uiSchema } };

/** Monday to Friday, 09:00–18:00 UTC. */
export const WorkingHours: Story = {
  args: { schema, uiSchema, formData: { calendar_limits: [WORK, WORK, WORK, WORK, WORK, [], []] } },
};

/** A server error under the field (the API answers `errors.calendar_limits`). */
export const WithServerError: Story = {
  args: {
    schema,
    uiSchema,
    formData: { calendar_limits: [[], [], [], [], [], [], []] },
    extraErrors: { calendar_limits: { __errors: ['Select at least one hour when the campaign runs'] } },
  },
};

/** Disabled (a campaign under review): shown, not editable. */
export const Disabled: Story = {
  args: {
    schema,
    uiSchema: { calendar_limits: { 'ui:widget': 'calendarGrid', 'ui:disabled': true } },
    formData: { calendar_limits: [WORK, WORK, WORK, WORK, WORK, [10, 11, 12, 13], []] },
  },
};
