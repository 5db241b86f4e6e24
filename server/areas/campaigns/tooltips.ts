import type { FastifyInstance } from 'fastify';
import { unauthenticated, wrapped } from '../../openapi/responses';
import { catalogSchema } from '../../plugins/validation';
import type { SchemaCatalog } from '../../../engine/schema/SchemaCatalog';
import type { CampaignTooltip } from '../../../generated/types';
import type { TooltipFigures } from './repository';

/** Bids a campaign needs in the last 3 days before its win rate says anything. */
const MIN_BIDS = 200;
/** Below this share of bids won, the price loses most auctions. */
const LOW_WIN_RATE = 0.2;

/** One tooltip as the API answers it (schemas/campaigns/campaign-tooltip.answer.schema.json). */
const tooltipSchema = (catalog: SchemaCatalog) => catalogSchema(catalog, 'campaigns_campaign_tooltip_answer');


/** The tooltips of the user's active campaigns, from their figures; none when the user turned tooltips off. */
export function campaignTooltips(figures: TooltipFigures[]): CampaignTooltip[] {
  const tips: CampaignTooltip[] = [];
  for (const r of figures) {
    if (!r.wanted) break;
    const tip = (type: CampaignTooltip['type'], params: Record<string, string> = {}) => tips.push({ campaign_id: r.id, campaign: r.name, type, params });
    const bids = Number(r.bids);
    if (r.limit_exceeded_name && r.exceeded_limit !== null) tip('limit_reached', { period: r.limit_exceeded_name, limit_type: r.limit_exceeded_type ?? 'money', limit: r.exceeded_limit });
    else if (Number(r.impressions_24h) === 0) tip('no_impressions');
    if (bids >= MIN_BIDS && Number(r.wins) / bids < LOW_WIN_RATE) tip('low_win_rate', { win_rate: (Number(r.wins) / bids).toFixed(4) });
  }
  return tips;
}

/**
 * `GET campaign-tooltips`: hints about the user's running campaigns, from their statistics — an approved active
 * campaign without impressions in the last 24 hours, one that wins under 20 % of its bids over 3 days (the price
 * is too low), one a limit holds (lifecycle.ts marks it: hourly, daily or total). Empty when the user turned campaign tooltips off in
 * their profile.
 */
export default async function campaignTooltipsRoutes(app: FastifyInstance) {
  app.get(
    '/campaign-tooltips',
    {
      onRequest: app.authenticate,
      // Reads stat_hourly: a slot of plugins/heavyReads.ts.
      config: { heavyRead: true },
      schema: { tags: ['statistics'], summary: "Hints about the user's active campaigns, from their statistics", security: [{ bearerAuth: [] }], response: { 200: wrapped({ type: 'array', items: tooltipSchema(app.platform.catalog) }, 'Tooltips'), 401: unauthenticated } },
    },
    async (request) => ({ data: campaignTooltips(await app.campaigns.tooltipFigures(request.auth!.userId)) }),
  );
}
