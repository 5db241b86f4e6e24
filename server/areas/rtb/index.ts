import type { FastifyInstance } from 'fastify';
import rtbEndpointsRoutes from './endpoints';
import rtbNetworksRoutes from './networks';
import { createRtbRepository } from './repository';
import './public';

/** RTB: requests to connect RTB networks (DSPs), reviewed by staff, and the user's RTB endpoints (bidders) with a test bid request. */
export default async function rtbArea(app: FastifyInstance) {
  await app.register(rtbNetworksRoutes);
  await app.register(rtbEndpointsRoutes);
}

/** `app.rtb`: the RTB repository, for this area's routes. */
export function provide(app: FastifyInstance) {
  app.decorate('rtb', createRtbRepository(app.platform.db));
}
