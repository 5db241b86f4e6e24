import { main, type RouteDef } from '../../app/routeDef';

/**
 * The providers area: /providers (the traffic-providers resource's hosted list, with the plan's usage and the
 * providers' traffic) and /providers-subscription (the plans: subscribe, change, cancel, resume).
 */
export const routes: readonly RouteDef[] = [
  { ...main('providers', '/providers', 'Providers', () => import('./ProvidersPage')), title: { id: 'resource.traffic-providers.title', english: 'Traffic providers' } },
  main('providersSubscription', '/providers-subscription', 'Providers', () => import('./SubscriptionPage')),
];
