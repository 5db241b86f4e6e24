import type { Meta } from '@storybook/react-vite';
import { CAMPAIGN_FORMATS } from './campaignFixtures';
import { CampaignFormStory } from './CampaignFormStory';

/**
 * One story per ad format folder (schemas/ad-formats/<id>/ with a format.json), none written here:
 * `.storybook/campaignStories.ts` indexes one per folder and appends its export (`campaignStory(id)`), as Ads/Formats
 * does. Each story is the campaign form of that format, filled in with an example, beside its live traffic estimate.
 */
const meta = {
  title: 'Campaigns/Form',
  component: CampaignFormStory,
  args: { format: [...CAMPAIGN_FORMATS.keys()][0] ?? '', latencyMs: 300 },
  argTypes: {
    format: { control: 'select', options: [...CAMPAIGN_FORMATS.keys()] },
    latencyMs: { control: { type: 'number', min: 0, step: 100 } },
  },
  parameters: {
    layout: 'fullscreen',
    docs: {
      description: {
        component:
          'The campaign form page of every format folder: the `campaigns_campaign` form (SchemaForm with the Blueprint theme and ' +
          'the page\'s `campaignUiPatch`, so only the format\'s pricing models and the targets both the format and AdNet\'s ' +
          '`targetTypes` name), started with `newCampaign(…)` and filled in (name, ad, price, budget, countries, operating ' +
          'systems, Wi-Fi only), beside the `TrafficEstimatePanel`. A fixture API answers the lookups and the estimate, ' +
          'deterministically from the request and after a delay, so the estimate follows every change of targets or price.',
      },
    },
  },
} satisfies Meta<typeof CampaignFormStory>;
export default meta;
