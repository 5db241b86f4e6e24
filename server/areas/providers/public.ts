/**
 * What the providers area offers the other areas: its repository (decorated on the app as `app.trafficProviders` by
 * this area's `provide`; the lookups area lists the user's active providers for the campaign form from it), the
 * provider's answer shape, and the users' subscriptions to its plans (`app.providerSubscriptions`: the profile shows
 * the subscription, campaigns ask the plan whether the main provider may be turned off). Anything else in this
 * folder is internal.
 */
import type { TrafficProvidersRepository } from './repository';
import type { ProviderSubscriptions } from './subscriptions';

export type { TrafficProviderRecord, TrafficProvidersRepository } from './repository';
export { trafficProviderJson } from './answers';
export type { ProviderSubscriptions } from './subscriptions';
export { planOf, type ProviderPlan } from './plans';

declare module 'fastify' {
  interface FastifyInstance {
    /** The providers area's repository (server/areas/providers/repository.ts). */
    trafficProviders: TrafficProvidersRepository;
    /** Users' subscriptions to the network's provider plans (server/areas/providers/subscriptions.ts). */
    providerSubscriptions: ProviderSubscriptions;
  }
}
