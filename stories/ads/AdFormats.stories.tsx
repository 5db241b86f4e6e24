import type { Meta } from '@storybook/react-vite';
import { AD_FORMATS, AdFormatStory } from './AdFormatStory';

/**
 * One story per ad format folder (schemas/ad-formats/<id>/ with a format.json), none written here:
 * `.storybook/adFormatStories.ts` indexes one per folder and appends its export (`formatStory(id)`), so a new
 * folder shows up as a new story without editing TypeScript. Each story is the format's form, filled with the
 * first valid example of its examples.json, beside the live preview, as the panel's ad form page shows them.
 */
const meta = {
  title: 'Ads/Formats',
  component: AdFormatStory,
  args: { format: [...AD_FORMATS.keys()][0] ?? '', latencyMs: 300 },
  argTypes: {
    format: { control: 'select', options: [...AD_FORMATS.keys()] },
    latencyMs: { control: { type: 'number', min: 0, step: 100 } },
  },
  parameters: {
    layout: 'fullscreen',
    docs: {
      description: {
        component:
          'The ad form page of every format folder: the creative form (SchemaForm with the Blueprint theme) filled with the ' +
          'first valid example of `examples.json`, beside the `AdPreview` of its live values. Media placeholders (1, 2, 3) ' +
          'answer fitting fixture files; lookups answer fixture data. Under the form, the other examples: an invalid one is ' +
          'loaded and submitted so its errors show.',
      },
    },
  },
} satisfies Meta<typeof AdFormatStory>;
export default meta;
