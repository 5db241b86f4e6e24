import { Classes, HTMLTable } from '@blueprintjs/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { catalog, SchemaFormStory } from './SchemaFormStory';

/**
 * Every schema of the precompiled catalog as its own story. The stories after "Catalog" are not written
 * here: `.storybook/schemaStories.ts` lists the ids of `generated/catalog.ts` and `.storybook/generatedStories.ts` indexes and appends one export per id,
 * so a new schema file shows up after `npm run generate` without editing this file.
 */
const meta = {
  title: 'Forms/Schema catalog',
  component: SchemaFormStory,
  args: { id: catalog.ids()[0] ?? '' },
  argTypes: { id: { control: 'select', options: catalog.ids() } },
} satisfies Meta<typeof SchemaFormStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The list of schema ids in the catalog (each one is a story below). */
export const Catalog: Story = {
  render: () => (
    <HTMLTable compact striped>
      <thead>
        <tr>
          <th>Schema id</th>
        </tr>
      </thead>
      <tbody>
        {catalog.ids().map((id) => (
          <tr key={id}>
            <td className={Classes.MONOSPACE_TEXT}>{id}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  ),
};
