import { main, type PageLoader, type RouteDef } from '../../app/routeDef';

const marketplacePage: PageLoader = () => import('./MarketplacePage');

/**
 * The marketplace area: /marketplace (sites and flat deals; the user's applications as a tab at
 * /marketplace/applications, the flat-deal-applications resource's hosted list), a deal at /flat-deal/:id and its
 * application form at /flat-deal/:id/offer, in the empty layout as the spec has it.
 */
export const routes: readonly RouteDef[] = [
  main('marketplace', '/marketplace', 'Marketplace', marketplacePage),
  { ...main('marketplaceApplications', '/marketplace/applications', 'Marketplace', marketplacePage), title: { id: 'marketplace.route.applications', english: 'My applications' } },
  main('flatDeal', '/flat-deal/:id', 'Marketplace', () => import('./FlatDealPage')),
  main('flatDealOffer', '/flat-deal/:id/offer', 'Marketplace', () => import('./FlatDealOfferPage'), 'empty'),
];
