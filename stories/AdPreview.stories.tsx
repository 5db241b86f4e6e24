import type { Meta, StoryObj } from '@storybook/react-vite';
import { AdPreview } from '../widgets/ad-preview/AdPreview';
import { fixtureMedia, PREVIEW_FIXTURES } from '../widgets/ad-preview/fixtures';
import { PREVIEW_KINDS } from '../widgets/ad-preview/model';

const meta = {
  title: 'Widgets/Ad preview',
  component: AdPreview,
  args: { media: fixtureMedia },
  argTypes: {
    kind: { control: 'select', options: PREVIEW_KINDS },
    media: { control: false },
  },
  parameters: {
    docs: {
      description: {
        component:
          'The live preview of an ad, one look per `preview` kind of the format manifests, drawn from the form data. ' +
          'Untrusted HTML runs only in sandboxed frames without `allow-same-origin`; links go to http(s) only. ' +
          'Every story comes from `PREVIEW_FIXTURES` (widgets/ad-preview/fixtures.ts), which the tests render too.',
      },
    },
  },
} satisfies Meta<typeof AdPreview>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The story of one fixture of PREVIEW_FIXTURES, by its name (AdPreview.stories.test.tsx checks none is left out). */
function fixtureStory(name: string): Story {
  const fixture = PREVIEW_FIXTURES.find((f) => f.name === name);
  if (!fixture) throw new Error(`AdPreview stories: no fixture "${name}". Known: ${PREVIEW_FIXTURES.map((f) => f.name).join(', ')}`);
  return { name: fixture.name, args: { kind: fixture.kind, model: fixture.model, creativeIndex: fixture.creativeIndex, media: fixtureMedia } };
}

export const WebPush = fixtureStory('Web push');
export const Native = fixtureStory('Native');
export const BannerImage = fixtureStory('Banner (image)');
export const BannerHtml5 = fixtureStory('Banner (HTML5 package)');
export const BannerAdTag = fixtureStory('Banner (ad tag)');
export const Interstitial = fixtureStory('Interstitial');
export const InStreamVideo = fixtureStory('In-stream video');
export const InStreamRewarded = fixtureStory('In-stream rewarded');
export const InStreamVast = fixtureStory('In-stream VAST');
export const InPageWeb = fixtureStory('In-page (web)');
export const InPageMobile = fixtureStory('In-page (mobile)');
export const NotificationWidget = fixtureStory('Notification widget');
export const DirectLink = fixtureStory('Direct link');
export const IosCalendar = fixtureStory('iOS calendar');
export const Gallery = fixtureStory('Gallery');
export const Popunder = fixtureStory('Popunder');

/** Every fixture side by side, to compare the looks. */
export const AllKinds: Story = {
  ...fixtureStory('Web push'),
  name: 'All kinds',
  render: ({ media }) => (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 32, alignItems: 'flex-start' }}>
      {PREVIEW_FIXTURES.map((f) => (
        <section key={f.name} style={{ maxWidth: 760 }}>
          <h4 className="bp6-heading" style={{ margin: '0 0 8px' }}>
            {f.name} <code>{f.kind}</code>
          </h4>
          <AdPreview kind={f.kind} model={f.model} media={media} creativeIndex={f.creativeIndex} />
        </section>
      ))}
    </div>
  ),
};
