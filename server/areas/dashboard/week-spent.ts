import type { FastifyInstance } from 'fastify';
import type { DashboardRepository } from './repository';
import { unauthenticated, wrapped } from '../../openapi/responses';
import { catalogSchema } from '../../plugins/validation';

/** `GET week-spent`: what the user's campaigns spent on each of the last 7 days (UTC, today last), from their daily statistics. */
export default async function weekSpentRoutes(app: FastifyInstance, { repo }: { repo: DashboardRepository }) {
  app.get(
    '/week-spent',
    {
      onRequest: app.authenticate,
      // Reads campaign_stats_daily: a slot of plugins/heavyReads.ts.
      config: { heavyRead: true },
      schema: {
        tags: ['money'],
        summary: 'Spend per day over the last 7 days (UTC), oldest first; money as decimal strings with 4 places',
        security: [{ bearerAuth: [] }],
        response: {
          200: wrapped({ type: 'array', items: catalogSchema(app.platform.catalog, 'dashboard_week_spend_day_answer') }, 'Seven days'),
          401: unauthenticated,
        },
      },
    },
    async (request) => ({ data: await repo.weekSpend(request.auth!.userId) }),
  );
}
