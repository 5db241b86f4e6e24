import type { GeneratedStories } from './generatedStories.ts';

/**
 * stories/campaigns/CampaignForms.stories.tsx: one story per ad format folder, with the same ids, export names and
 * story names as the ad format stories it is given (`adFormatStories(root)`), each the campaign form of that format
 * beside its traffic estimate.
 */
export function campaignFormStories(adFormats: GeneratedStories): GeneratedStories {
  return {
    ids: adFormats.ids,
    exportName: adFormats.exportName,
    storyName: adFormats.storyName,
    file: /stories[\\/]campaigns[\\/]CampaignForms\.stories\.tsx$/,
    title: 'Campaigns/Form',
    factory: { from: './CampaignFormStory.tsx', name: 'campaignStory' },
  };
}
