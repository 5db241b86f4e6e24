/**
 * What the providers area offers the other areas: its repository (decorated on the app as `app.trafficProviders` by
 * this area's `provide`; the lookups area lists the user's active providers for the campaign form from it) and the
 * provider's answer shape. Anything else in this folder is internal.
 */
import type { TrafficProvidersRepository } from './repository';

export type { TrafficProviderRecord, TrafficProvidersRepository } from './repository';
export { trafficProviderJson } from './answers';

declare module 'fastify' {
  interface FastifyInstance {
    /** The providers area's repository (server/areas/providers/repository.ts). */
    trafficProviders: TrafficProvidersRepository;
  }
}
