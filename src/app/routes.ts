/**
 * Every route of the panel as data: path, who may open it, its layout, its section and its title.
 * The router (router.tsx) turns this table into react-router routes; pages are looked up by `page`.
 */

/** Who may open a route: guests only, signed-in users only, or anyone. */
export type RouteAccess = 'guest' | 'auth' | 'open';
/** The page frame: plain, sidebar + top bar, or content only. */
export type LayoutKind = 'default' | 'main' | 'empty';

/** The lazily loaded pages; `placeholder` stands in for areas later issues build. */
export type PageId =
  | 'login'
  | 'register'
  | 'passwordReset'
  | 'unsubscribe'
  | 'registerConfirm'
  | 'confirmEmail'
  | 'impersonate'
  | 'registrationSucceeded'
  | 'notFound'
  | 'notifications'
  | 'personal'
  | 'ads'
  | 'adForm'
  | 'ad'
  | 'campaigns'
  | 'campaignForm'
  | 'campaign'
  | 'upsale'
  | 'dashboard'
  | 'campaignStatistics'
  | 'rtbStatistics'
  | 'sspStatistics'
  | 'trafficChart'
  | 'placeholder';

export interface RouteDef {
  /** Stable id; the title's message id is `shell.route.<id>`. */
  id: string;
  path: string;
  access: RouteAccess;
  layout: LayoutKind;
  page: PageId;
  /** The guard section the network must allow, else the 404 page. */
  section?: string;
}

const guest = (id: string, path: string, page: PageId): RouteDef => ({ id, path, page, access: 'guest', layout: 'default' });
const open = (id: string, path: string, page: PageId, layout: LayoutKind = 'default'): RouteDef => ({ id, path, page, access: 'open', layout });
const main = (id: string, path: string, section: string, page: PageId = 'placeholder', layout: LayoutKind = 'main'): RouteDef => ({
  id,
  path,
  page,
  section,
  access: 'auth',
  layout,
});

export const ROUTES: readonly RouteDef[] = [
  guest('login', '/login', 'login'),
  guest('register', '/register', 'register'),
  guest('passwordReset', '/password/reset', 'passwordReset'),
  open('unsubscribe', '/unsubscribe/:email', 'unsubscribe'),
  open('registerConfirm', '/register/:userId/confirm/:code', 'registerConfirm'),
  // Open, not guest-only: the A/B rule sends signed-in users here.
  open('confirmEmail', '/confirm-email', 'confirmEmail'),
  // The auth check is skipped: the page itself takes the impersonation token.
  open('impersonate', '/impersonate', 'impersonate'),
  open('registrationSucceeded', '/registration-succeeded', 'registrationSucceeded', 'empty'),
  open('notFound', '/404', 'notFound'),

  main('dashboard', '/dashboard', 'Dashboard', 'dashboard'),
  main('notifications', '/notification', 'Notifications', 'notifications'),
  main('personal', '/personal', 'Profile', 'personal'),
  main('verification', '/verifications/:type', 'Verification'),
  main('api', '/api', 'Api'),
  main('tracking', '/tracking', 'Tracking'),
  main('ads', '/ads', 'Ads', 'ads'),
  main('adCreate', '/ads/create', 'Ads', 'adForm'),
  main('ad', '/ads/:id', 'Ads', 'ad'),
  main('adDuplicate', '/ads/:id/duplicate', 'Ads', 'adForm'),
  main('adEdit', '/ads/:id/edit', 'Ads', 'adForm'),
  main('campaigns', '/campaigns', 'Campaigns', 'campaigns'),
  main('campaignCreate', '/campaigns/create', 'Campaigns', 'campaignForm'),
  main('campaignCreateOffer', '/campaigns/create-offer-campaign', 'Campaigns', 'campaignForm'),
  main('campaign', '/campaigns/:id', 'Campaigns', 'campaign'),
  main('campaignEdit', '/campaigns/:id/edit', 'Campaigns', 'campaignForm'),
  main('campaignDuplicate', '/campaigns/:id/duplicate', 'Campaigns', 'campaignForm'),
  main('upsale', '/upsale/:campaignId', 'Campaigns', 'upsale'),
  main('finances', '/finances', 'Finances'),
  main('addFunds', '/add-funds', 'AddFunds'),
  main('addFundsSuccess', '/add-funds/success', 'AddFunds'),
  main('addFundsError', '/add-funds/error', 'AddFunds'),
  main('rtb', '/rtb', 'Rtb'),
  main('rtbEndpoints', '/rtb/endpoints', 'Rtb'),
  main('rtbEndpointCreate', '/rtb/endpoints/create', 'Rtb'),
  main('rtbEndpointEdit', '/rtb/endpoints/edit/:id', 'Rtb'),
  main('rtbNetwork', '/rtb/network', 'Rtb'),
  main('rtbNetworkCreate', '/rtb/network/create', 'Rtb'),
  main('campaignStatistics', '/campaign-statistics', 'Statistics', 'campaignStatistics'),
  main('rtbStatistics', '/rtb-statistics', 'RtbStatistics', 'rtbStatistics'),
  main('sspStatistics', '/ssp-statistics', 'SspStatistics', 'sspStatistics'),
  main('trafficChart', '/traffic-chart', 'TrafficChart', 'trafficChart'),
  main('providers', '/providers', 'Providers'),
  main('providersSubscription', '/providers-subscription', 'Providers'),
  main('providerCreate', '/provider/create', 'Providers'),
  main('marketplace', '/marketplace', 'Marketplace'),
  main('flatDeal', '/flat-deal/:id', 'Marketplace'),
  main('flatDealOffer', '/flat-deal/:id/offer', 'Marketplace', 'placeholder', 'empty'),
];

/** The message id of a route's title. */
export const routeTitleId = (route: Pick<RouteDef, 'id'>) => `shell.route.${route.id}`;
