import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../httpError';
import { int, nullable, obj, str } from '../../openapi/responses';
import type { CampaignRow, CampaignsRepository, UpdatingRuleRow } from '../../repositories/campaignsRepository';
import { periodStart } from '../../services/campaigns/rules';
import type { AppServices } from '../../types';
import { approvalJson, approvalSchema } from '../ads/adAnswers';

const open = { type: 'object', additionalProperties: true } as const;
const money = { type: 'string', description: 'Decimal string' } as const;
const bool = { type: 'boolean' } as const;
const totalsSchema = obj({ impressions: int, clicks: int, conversions: int, spend: money });

/** An updating rule as the API answers it. */
export const ruleSchema = obj({
  id: int,
  campaign_id: int,
  action: str,
  is_active: bool,
  period_days: int,
  conditions: { type: 'array', items: obj({ field: str, operation: { type: 'string', enum: ['greater', 'equal', 'less'] }, value: str }) },
  created_at: { type: 'string', format: 'date-time' },
});

export const ruleJson = (r: UpdatingRuleRow) => ({
  id: r.id,
  campaign_id: r.campaignId,
  action: r.action,
  is_active: r.isActive,
  period_days: r.periodDays,
  conditions: r.conditions,
  created_at: r.createdAt.toISOString(),
});

/** What the campaign table and the bulk actions answer for a campaign's state. */
export const campaignStateSchema = obj({ id: int, status: { type: 'string', enum: ['active', 'paused', 'archived'] }, next_status: nullable(str), reserved_balance: money });
export const stateJson = (c: CampaignRow) => ({ id: c.id, status: c.status, next_status: c.nextStatus, reserved_balance: c.reservedBalance });

/** A campaign as GET campaigns/{id} answers it: the spec's fields, the saved form and the last week's statistics. */
export const campaignSchema = obj({
  id: int,
  name: str,
  status: { type: 'string', enum: ['active', 'paused', 'archived'] },
  next_status: nullable(str),
  actions: obj({ edit: bool, duplicate: bool, delete: bool, activate: bool, pause: bool }),
  activate_on_approve: bool,
  active_from: nullable(str),
  active_to: nullable(str),
  ad: obj({ id: int, name: str, format: str }),
  ad_format: obj({ id: str, name: str, description: nullable(str), icon: nullable(str) }),
  campaign_group: nullable(obj({ id: int, name: str })),
  calendar_limits: nullable({ type: 'array', items: { type: 'array', items: int } }),
  cpa_goals: { type: 'array', items: open },
  cpa_status: str,
  conversion_type: nullable(str),
  limit_type: str,
  hourly_limit: nullable(money),
  daily_limit: nullable(money),
  total_limit: nullable(money),
  limit_exceeded_name: nullable(str),
  limit_exceeded_type: nullable(str),
  price: money,
  pricing_model: str,
  reserved_balance: money,
  smart_bidding: bool,
  statistic_gathering_done: bool,
  enable_price_auto_adjust: bool,
  price_adjustment_ratio: nullable(int),
  max_adjusted_price: nullable(money),
  flat_deal_application: nullable(obj({ id: int })),
  site_biddings: { type: 'array', items: open },
  targets: { ...open, description: 'targets.<id> → the value of schemas/targets/<id>.target.json' },
  updating_rules: { type: 'array', items: ruleSchema },
  latest_approval: nullable(approvalSchema),
  approvals: { type: 'array', items: approvalSchema },
  model: { ...open, description: 'The campaign form as saved (schemas/campaign/campaign.schema.json)' },
  statistics: obj({ days: int, totals: totalsSchema, daily: { type: 'array', items: obj({ day: str, impressions: int, clicks: int, conversions: int, spend: money }) } }),
  created_at: { type: 'string', format: 'date-time' },
  updated_at: { type: 'string', format: 'date-time' },
});

/** Everything the campaign's page shows. */
export async function campaignJson(services: AppServices, c: CampaignRow) {
  const repo: CampaignsRepository = services.campaigns;
  const since = periodStart(7);
  const [approvals, rules, daily, totals, ad, group] = await Promise.all([
    repo.approvals(c.id),
    repo.rules(c.id),
    repo.daily(c.id, since),
    repo.totals([c.id], since),
    services.ads.findAny(c.userId, c.adId),
    c.groupId === null ? undefined : repo.group(c.userId, c.groupId),
  ]);
  const m = c.model as Record<string, unknown>;
  const history = approvals.map((a) => approvalJson(a.approval, a.cause));
  const format = services.adFormats.get(c.adFormat);
  const archived = c.status === 'archived';
  return {
    id: c.id,
    name: c.name,
    status: c.status,
    next_status: c.nextStatus,
    actions: { edit: !archived, duplicate: true, delete: !archived, activate: !archived && c.status !== 'active', pause: c.status === 'active' || c.nextStatus === 'active' },
    activate_on_approve: m.activate_on_approve !== false,
    active_from: (m.active_from as string | undefined) ?? null,
    active_to: (m.active_to as string | undefined) ?? null,
    ad: { id: c.adId, name: ad?.name ?? '', format: ad?.format ?? c.adFormat },
    ad_format: { id: c.adFormat, name: format?.name ?? c.adFormat, description: format?.description ?? null, icon: null },
    campaign_group: group ? { id: group.id, name: group.name } : null,
    calendar_limits: (m.calendar_limits as number[][] | undefined) ?? null,
    cpa_goals: (m.cpa_goals as object[] | undefined) ?? [],
    cpa_status: c.cpaStatus,
    conversion_type: (m.conversion_type as string | undefined) ?? null,
    limit_type: c.limitType,
    hourly_limit: c.hourlyLimit,
    daily_limit: c.dailyLimit,
    total_limit: c.totalLimit,
    limit_exceeded_name: c.limitExceededName,
    limit_exceeded_type: c.limitExceededType,
    price: c.price,
    pricing_model: c.pricingModel,
    reserved_balance: c.reservedBalance,
    smart_bidding: m.smart_bidding === true,
    statistic_gathering_done: c.statisticGatheringDone,
    enable_price_auto_adjust: m.enable_price_auto_adjust === true,
    price_adjustment_ratio: (m.price_adjustment_ratio as number | undefined) ?? null,
    max_adjusted_price: (m.max_adjusted_price as string | undefined) ?? null,
    flat_deal_application: c.flatDealApplicationId === null ? null : { id: c.flatDealApplicationId },
    site_biddings: (m.site_biddings as object[] | undefined) ?? [],
    targets: (m.targets as object | undefined) ?? {},
    updating_rules: rules.map(ruleJson),
    latest_approval: history.at(-1) ?? null,
    approvals: history,
    model: m,
    statistics: { days: 7, totals: totals.get(c.id)!, daily },
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
  };
}

/** The user's campaign or a 404 (another user's campaign does not exist for this user). */
export async function ownCampaign(services: AppServices, request: FastifyRequest, id: number): Promise<CampaignRow> {
  const campaign = await services.campaigns.find(request.auth!.userId, id);
  if (!campaign) throw new HttpError(404, `Campaign ${id} not found`);
  return campaign;
}
