import type { FastifyInstance } from 'fastify';
import homeRoutes from './home';
import weekSpentRoutes from './week-spent';
import { createDashboardRepository } from './repository';

/** The dashboard: the home page's figures and the last week's spend. */
export default async function dashboardArea(app: FastifyInstance) {
  const repo = createDashboardRepository(app.platform.db);
  await app.register(homeRoutes, { repo });
  await app.register(weekSpentRoutes, { repo });
}
