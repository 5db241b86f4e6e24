import type { FastifyInstance } from 'fastify';
import homeRoutes from './home';
import weekSpentRoutes from './week-spent';

/** The dashboard: the home page's figures and the last week's spend. */
export default async function dashboardArea(app: FastifyInstance) {
  await app.register(homeRoutes);
  await app.register(weekSpentRoutes);
}
