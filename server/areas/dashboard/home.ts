import type { FastifyInstance } from 'fastify';
import type { DashboardRepository } from './repository';
import { unauthenticated, wrapped } from '../../openapi/responses';
import { catalogSchema } from '../../plugins/validation';

/**
 * `GET home`: what the dashboard shows, from the campaigns' daily statistics (UTC days): cost today, yesterday, this
 * month and last month (4 decimals); campaign counts (pending approval, active, paused, all but deleted); the
 * balance and what active campaigns hold of it (2 decimals).
 */
export default async function homeRoutes(app: FastifyInstance, { repo }: { repo: DashboardRepository }) {
  app.get(
    '/home',
    {
      onRequest: app.authenticate,
      // Reads campaign_stats_daily: a slot of plugins/heavyReads.ts.
      config: { heavyRead: true },
      schema: { tags: ['statistics'], summary: 'Dashboard figures: costs, campaign counts, balance and reserve', security: [{ bearerAuth: [] }], response: { 200: wrapped(catalogSchema(app.platform.catalog, 'dashboard_home_answer'), 'Dashboard'), 401: unauthenticated } },
    },
    async (request) => ({ data: await repo.home(request.auth!.userId) }),
  );
}
