import type { FastifyInstance } from 'fastify';
import adsRoutes from './ads';

/** Ads: the ad table, the ad form's reads and writes in every format, keywords, duplicates and deletion. */
export default async function adsArea(app: FastifyInstance) {
  await app.register(adsRoutes);
}
