import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { WeekSpendDay } from '../../../generated/types';
import { unauthenticated, wrapped } from '../../openapi/responses';
import { catalogSchema } from '../../plugins/validation';

/** `GET week-spent`: what the user's campaigns spent on each of the last 7 days (UTC, today last), from their daily statistics. */
export default async function weekSpentRoutes(app: FastifyInstance) {
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
    async (request) => {
      const userId = request.auth!.userId;
      // Days without spend are 0: the series comes from generate_series, the sums from the statistics rollup
      // (the same numbers as GET home and the statistics screens).
      const result = (await app.platform.db.execute(sql`
        select to_char(d.day, 'YYYY-MM-DD') as date,
               to_char(coalesce(sum(s.spend), 0), 'FM9999999999999990.0000') as money
        from generate_series((now() at time zone 'utc')::date - 6, (now() at time zone 'utc')::date, interval '1 day') as d(day)
        left join (campaign_stats_daily s join campaigns c on c.id = s.campaign_id and c.user_id = ${userId}) on s.day = d.day::date
        group by d.day
        order by d.day`)) as unknown as { rows: WeekSpendDay[] };
      return { data: result.rows.map((r) => ({ date: r.date, money: r.money })) };
    },
  );
}
