import type { FastifyInstance } from 'fastify';
import adsRoutes from './ads';
import { createAdsRepository } from './repository';
import './public';

/** Ads: the ad table, the ad form's reads and writes in every format, keywords, duplicates and deletion. */
export default async function adsArea(app: FastifyInstance) {
  await app.register(adsRoutes);
}

/** `app.ads`: the ads repository, for this area's routes and the areas that show or moderate ads. */
export function provide(app: FastifyInstance) {
  app.decorate('ads', createAdsRepository(app.platform.db));
}
