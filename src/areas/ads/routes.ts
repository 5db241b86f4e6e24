import { main, type PageLoader, type RouteDef } from '../../app/routeDef';

// One loader for the three form routes: the router keeps one page component per loader.
const adFormPage: PageLoader = () => import('./AdFormPage');

/** The ads area: the ad list, an ad's page, and the form that creates, duplicates and edits an ad. */
export const routes: readonly RouteDef[] = [
  main('ads', '/ads', 'Ads', () => import('./AdsPage')),
  main('adCreate', '/ads/create', 'Ads', adFormPage),
  main('ad', '/ads/:id', 'Ads', () => import('./AdViewPage')),
  main('adDuplicate', '/ads/:id/duplicate', 'Ads', adFormPage),
  main('adEdit', '/ads/:id/edit', 'Ads', adFormPage),
];
