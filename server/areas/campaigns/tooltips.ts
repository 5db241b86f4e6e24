import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { int, obj, str, unauthenticated, wrapped } from '../../openapi/responses';

/** Bids a campaign needs in the last 3 days before its win rate says anything. */
const MIN_BIDS = 200;
/** Below this share of bids won, the price loses most auctions. */
const LOW_WIN_RATE = 0.2;

const tooltipSchema = obj({
  campaign_id: int,
  campaign: str,
  type: { type: 'string', enum: ['no_impressions', 'low_win_rate', 'daily_limit_reached'] },
  params: { type: 'object', additionalProperties: { type: 'string' }, description: 'Values the message names (win_rate as a fraction, limit and spent as money)' },
});

/**
 * `GET campaign-tooltips`: hints about the user's running campaigns, from their statistics — an approved active
 * campaign without impressions in the last 24 hours, one that wins under 20 % of its bids over 3 days (the price
 * is too low), one whose money daily limit is spent today. Empty when the user turned campaign tooltips off in
 * their profile.
 */
export default async function campaignTooltipsRoutes(app: FastifyInstance) {
  app.get(
    '/campaign-tooltips',
    {
      onRequest: app.authenticate,
      // Reads stat_hourly: a slot of plugins/heavyReads.ts.
      config: { heavyRead: true },
      schema: { tags: ['statistics'], summary: "Hints about the user's active campaigns, from their statistics", security: [{ bearerAuth: [] }], response: { 200: wrapped({ type: 'array', items: tooltipSchema }, 'Tooltips'), 401: unauthenticated } },
    },
    async (request) => {
      const userId = request.auth!.userId;
      const result = (await app.platform.db.execute(sql`
        with active as (
          select c.id, c.name, c.limit_type, c.daily_limit from campaigns c
          where c.user_id = ${userId} and c.status = 'active' and (select status from campaign_approvals a where a.campaign_id = c.id order by a.id desc limit 1) = 'approved'
        ),
        recent as (
          select h.campaign_id,
                 sum(h.impressions) filter (where h.hour >= now() - interval '24 hours') as impressions_24h,
                 sum(h.bids) as bids, sum(h.wins) as wins,
                 sum(h.cost) filter (where h.hour >= date_trunc('day', now() at time zone 'utc') at time zone 'utc') as spent_today
          from stat_hourly h where h.user_id = ${userId} and h.hour >= now() - interval '3 days' group by h.campaign_id
        )
        select a.id, a.name, a.daily_limit::text as daily_limit, coalesce(r.impressions_24h, 0)::text as impressions_24h,
               coalesce(r.bids, 0)::text as bids, coalesce(r.wins, 0)::text as wins, round(coalesce(r.spent_today, 0), 2)::text as spent_today,
               (a.limit_type = 'money' and a.daily_limit is not null and coalesce(r.spent_today, 0) >= a.daily_limit) as limit_spent,
               (select campaign_tooltips_notifications from users where id = ${userId}) as wanted
        from active a left join recent r on r.campaign_id = a.id order by a.id`)) as unknown as {
        rows: { id: number; name: string; daily_limit: string | null; impressions_24h: string; bids: string; wins: string; spent_today: string; limit_spent: boolean; wanted: boolean }[];
      };
      const tips: { campaign_id: number; campaign: string; type: string; params: Record<string, string> }[] = [];
      for (const r of result.rows) {
        if (!r.wanted) break;
        const tip = (type: string, params: Record<string, string> = {}) => tips.push({ campaign_id: r.id, campaign: r.name, type, params });
        const bids = Number(r.bids);
        if (r.limit_spent) tip('daily_limit_reached', { limit: r.daily_limit!, spent: r.spent_today });
        else if (Number(r.impressions_24h) === 0) tip('no_impressions');
        if (bids >= MIN_BIDS && Number(r.wins) / bids < LOW_WIN_RATE) tip('low_win_rate', { win_rate: (Number(r.wins) / bids).toFixed(4) });
      }
      return { data: tips };
    },
  );
}
