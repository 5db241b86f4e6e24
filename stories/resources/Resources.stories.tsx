import type { Meta, StoryObj } from '@storybook/react-vite';
import { RESOURCES } from '../../src/resources/registry';
import { RESOURCE_PAGES, ResourceStory, ResourceTable } from './ResourceStory';

/**
 * One story per resource manifest (schemas/<area>/<name>.resource.json), none written here but the overview:
 * `.storybook/resourceStories.ts` indexes one per manifest and appends its export (`resourceStory(id)`), so a new
 * manifest shows up as a new story without editing TypeScript. Each story is the resource's pages over an
 * in-memory API made from the manifest (resourceTransport.ts).
 */
const meta = {
  title: 'Resources/Manifests',
  component: ResourceStory,
  args: { resource: [...RESOURCES.keys()][0] ?? '', page: 'list', latencyMs: 300, rows: 20 },
  argTypes: {
    resource: { control: 'select', options: [...RESOURCES.keys()] },
    page: { control: 'inline-radio', options: [...RESOURCE_PAGES] },
    latencyMs: { control: { type: 'number', min: 0, step: 100 } },
    rows: { control: { type: 'number', min: 0, max: 200, step: 5 } },
  },
  parameters: {
    layout: 'padded',
    docs: {
      description: {
        component:
          'The generic resource pages of `src/resources/` for every manifest: the list (search, filters and sort kept in the URL, ' +
          'paging 15/25/50/all, row actions allowed by each row’s status, bulk actions with their report), the create form, and the ' +
          'view and edit pages of the list’s first row. The API is answered in memory from the manifest alone: sample rows made from ' +
          'its column set, view fields and form schema; its actions’ calls change them (optimistic fields, DELETE, a `result`); the ' +
          'form’s calls store what they get; the form’s lookups answer sample options. Every call is logged under the page.',
      },
    },
  },
} satisfies Meta<typeof ResourceStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Every resource of the panel: its id, title, API path, routes, form and actions (each one is a story below). */
export const Overview: Story = {
  render: () => <ResourceTable />,
};
