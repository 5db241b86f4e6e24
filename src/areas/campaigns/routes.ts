import { main, type PageLoader, type RouteDef } from '../../app/routeDef';

// One loader for the five form routes: the router keeps one page component per loader.
const campaignFormPage: PageLoader = () => import('./CampaignFormPage');

/**
 * The campaigns area: the campaign list, a campaign's page, the form that creates (also from an offer),
 * duplicates and edits a campaign, and the upsale offer. `/campaigns/create` and `/campaigns/:id` both match
 * "create": react-router ranks the static segment first, whatever the order here.
 */
export const routes: readonly RouteDef[] = [
  main('campaigns', '/campaigns', 'Campaigns', () => import('./CampaignsPage')),
  main('campaignCreate', '/campaigns/create', 'Campaigns', campaignFormPage),
  main('campaignCreateOffer', '/campaigns/create-offer-campaign', 'Campaigns', campaignFormPage),
  main('campaign', '/campaigns/:id', 'Campaigns', () => import('./CampaignViewPage')),
  main('campaignEdit', '/campaigns/:id/edit', 'Campaigns', campaignFormPage),
  main('campaignDuplicate', '/campaigns/:id/duplicate', 'Campaigns', campaignFormPage),
  main('upsale', '/upsale/:campaignId', 'Campaigns', () => import('./UpsalePage')),
];
