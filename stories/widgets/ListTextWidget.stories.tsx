import type { Meta, StoryObj } from '@storybook/react-vite';
import { StoryForm } from '../support/StoryForm';

const meta = {
  title: 'Widgets/List text',
  component: StoryForm,
  parameters: { docs: { description: { component: 'One item per line; stored trimmed and comma-joined.' } } },
} satisfies Meta<typeof StoryForm>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Domains to validate or block, pasted one per line. */
export const Domains: Story = {
  args: {
    schema: { type: 'object', properties: { domains: { type: 'string', title: 'Domains', description: 'One domain per line' } } },
    uiSchema: { domains: { 'ui:widget': 'listText', 'ui:options': { rows: 6 }, 'ui:placeholder': 'example.com\nnews.example.org' } },
    formData: { domains: 'example.com,news.example.org,blog.example.net' },
  },
};

/** IP ranges with a server error under the field (the API answers `errors.ip_ranges`). */
export const IpRangesWithServerError: Story = {
  args: {
    schema: { type: 'object', properties: { ip_ranges: { type: 'string', title: 'IP ranges' } } },
    uiSchema: { ip_ranges: { 'ui:widget': 'listText' } },
    formData: { ip_ranges: '10.0.0.0/8,192.168.1.0-192.168.1.300' },
    extraErrors: { ip_ranges: { __errors: ['192.168.1.0-192.168.1.300 is not a valid range'] } },
  },
};
