import type { Meta, StoryObj } from '@storybook/react-vite';
import { NonIdealState } from '@blueprintjs/core';
import { Route, Routes } from 'react-router';
import FlatDealOfferPage from '../../src/areas/marketplace/FlatDealOfferPage';
import FlatDealPage from '../../src/areas/marketplace/FlatDealPage';
import MarketplacePage from '../../src/areas/marketplace/MarketplacePage';
import { StoryPanel } from '../dashboard/StoryPanel';
import { createMarketplaceTransport, STORY_MARKETPLACE } from './marketplaceTransport';

/** The props of the marketplace's stories. */
export interface MarketplaceStoryProps {
  /** Where the story opens: /marketplace, /marketplace/applications, /flat-deal/:id or /flat-deal/:id/offer. */
  path: string;
  /** Simulated latency of the story's API in ms. */
  latencyMs: number;
  /** Fail this many first loads of the deal list. */
  failDeals: number;
  /** Sites whose reports know nothing yet (a dash for every fact, no charts). */
  noReports: boolean;
}

/** The first available deal of a kind among the recorded ones. */
export const storyDeal = (kind: 'site' | 'country-group') => STORY_MARKETPLACE.deals.find((d) => d.kind === kind && d.status === 'available')!;

/** The marketplace's pages over a fixture API (marketplaceTransport.ts): cards lead to the deal, Apply to its form. */
export function MarketplaceStory({ path, latencyMs, failDeals, noReports }: MarketplaceStoryProps) {
  return (
    <StoryPanel key={`${path}:${latencyMs}:${failDeals}:${noReports}`} path={path} transport={() => createMarketplaceTransport({ latencyMs, failDeals, noReports })} waitForShell>
      <Routes>
        <Route path="/marketplace" element={<MarketplacePage />} />
        <Route path="/marketplace/applications/*" element={<MarketplacePage />} />
        <Route path="/flat-deal/:id" element={<FlatDealPage />} />
        <Route path="/flat-deal/:id/offer" element={<FlatDealOfferPage />} />
        <Route path="*" element={<NonIdealState title="This page is not part of the marketplace stories" description="The campaign form has its own stories (Pages/Campaign form)." />} />
      </Routes>
    </StoryPanel>
  );
}

const meta = {
  title: 'Pages/Marketplace',
  component: MarketplaceStory,
  args: { path: '/marketplace', latencyMs: 300, failDeals: 0, noReports: false },
  argTypes: {
    path: { control: 'text' },
    latencyMs: { control: { type: 'number', min: 0, step: 100 } },
    failDeals: { control: { type: 'number', min: 0, step: 1 } },
  },
  parameters: {
    layout: 'fullscreen',
    docs: {
      description: {
        component:
          'The marketplace: sites beside flat deals with filters from `GET settings` (flat_deal), a site report drawer with its ' +
          'audience charts, a deal with its price calculator (`POST flat-deals/{id}/price`, debounced) and similar deals, and ' +
          'the application form in the empty layout. The sites and deals are recorded from the server’s demo generator; ' +
          'prices and applications are checked by the server’s own rules, so the stories cannot drift from the API.',
      },
    },
  },
} satisfies Meta<typeof MarketplaceStory>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Sites and deals, as the demo advertiser first sees them. */
export const Marketplace: Story = {};

/** The deal list fails to load once: its error offers a retry, which works. */
export const DealsFail: Story = { args: { failDeals: 1 } };

/** Sites whose reports know nothing yet: every fact is a dash, and the audience has no chart. */
export const NoReports: Story = { args: { noReports: true } };

/** A site's deal: the price calculator, the site report and similar deals. */
export const SiteDeal: Story = { args: { path: `/flat-deal/${storyDeal('site').id}` } };

/** A country package (no site): the geography and tier, priced the same way. */
export const CountryPackage: Story = { args: { path: `/flat-deal/${storyDeal('country-group').id}` } };

/** The application form of a site's deal, with the live price of the package it holds. */
export const Apply: Story = { args: { path: `/flat-deal/${storyDeal('site').id}/offer` } };
