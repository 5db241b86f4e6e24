import type { FastifyInstance } from 'fastify';
import trafficProvidersRoutes from './providers';
import { createTrafficProvidersRepository } from './repository';
import './public';

/** Traffic providers: the user's own supply partners (XML or RTB), listed, added, started, paused and deleted, and the SSP formats they may sell. */
export default async function providersArea(app: FastifyInstance) {
  await app.register(trafficProvidersRoutes);
}

/** `app.trafficProviders`: the providers repository, for this area's routes and the lookups area (GET traffic-providers/collection). */
export function provide(app: FastifyInstance) {
  app.decorate('trafficProviders', createTrafficProvidersRepository(app.platform.db));
}
