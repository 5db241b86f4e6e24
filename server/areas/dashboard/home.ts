import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Home } from '../../../generated/types';
import { unauthenticated, wrapped } from '../../openapi/responses';
import { catalogSchema } from '../../plugins/validation';

/**
 * `GET home`: what the dashboard shows, from the campaigns' daily statistics (UTC days): cost today, yesterday, this
 * month and last month (4 decimals); campaign counts (pending approval, active, paused, all but deleted); the
 * balance and what active campaigns hold of it (2 decimals).
 */
export default async function homeRoutes(app: FastifyInstance) {
  app.get(
    '/home',
    {
      onRequest: app.authenticate,
      // Reads campaign_stats_daily: a slot of plugins/heavyReads.ts.
      config: { heavyRead: true },
      schema: { tags: ['statistics'], summary: 'Dashboard figures: costs, campaign counts, balance and reserve', security: [{ bearerAuth: [] }], response: { 200: wrapped(catalogSchema(app.platform.catalog, 'dashboard_home_answer'), 'Dashboard'), 401: unauthenticated } },
    },
    async (request) => {
      const userId = request.auth!.userId;
      const [figures] = (
        (await app.platform.db.execute(sql`
          with today as (select (now() at time zone 'utc')::date as d),
          spend as (
            select s.day, s.spend from campaign_stats_daily s join campaigns c on c.id = s.campaign_id
            where c.user_id = ${userId} and s.day >= date_trunc('month', (select d from today) - interval '1 month')::date
          ),
          latest as (
            select c.id, c.status, (select status from campaign_approvals a where a.campaign_id = c.id order by a.id desc limit 1) as approval
            from campaigns c where c.user_id = ${userId} and c.status <> 'archived'
          )
          select
            to_char(coalesce((select sum(spend) from spend where day = (select d from today)), 0), 'FM9999999999999990.0000') as today_cost,
            to_char(coalesce((select sum(spend) from spend where day = (select d from today) - 1), 0), 'FM9999999999999990.0000') as yesterday_cost,
            to_char(coalesce((select sum(spend) from spend where day >= date_trunc('month', (select d from today))::date), 0), 'FM9999999999999990.0000') as current_month_cost,
            to_char(coalesce((select sum(spend) from spend where day < date_trunc('month', (select d from today))::date), 0), 'FM9999999999999990.0000') as previous_month_cost,
            (select count(*)::int from latest where approval = 'pending') as pending_campaigns_count,
            (select count(*)::int from latest where status = 'active') as active_campaigns_count,
            (select count(*)::int from latest where status = 'paused') as paused_campaigns_count,
            (select count(*)::int from latest) as campaigns_total,
            (select to_char(balance, 'FM9999999999999990.00') from users where id = ${userId}) as balance,
            to_char(coalesce((select sum(reserved_balance) from campaigns where user_id = ${userId} and status = 'active'), 0), 'FM9999999999999990.00') as reserved_balance`)) as unknown as { rows: Home[] }
      ).rows;
      return { data: figures };
    },
  );
}
