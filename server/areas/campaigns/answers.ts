import { HttpError } from '../../httpError';
import type { CampaignState, CampaignView, UpdatingRuleView } from '../../../generated/types';
import { modelOf, type CampaignRecord, type CampaignsRepository, type UpdatingRuleRow } from './repository';
import { periodStart } from './rules';
import { deliveryOf, scheduleOf } from './delivery';
import type { Platform } from '../../types';
import { approvalJson, type AdsRepository } from '../ads/public';

/** What a campaign's answers read: the platform, and the ads and campaigns repositories; the app has all three. */
export interface CampaignsContext {
  platform: Platform;
  ads: AdsRepository;
  campaigns: CampaignsRepository;
}

export const ruleJson = (r: UpdatingRuleRow): UpdatingRuleView => ({
  id: r.id,
  campaign_id: r.campaignId,
  action: r.action,
  is_active: r.isActive,
  period_days: r.periodDays,
  conditions: r.conditions,
  last_checked_at: r.lastCheckedAt?.toISOString() ?? null,
  last_applied_at: r.lastAppliedAt?.toISOString() ?? null,
  last_result: r.lastResult,
  last_reason: r.lastReason,
  created_at: r.createdAt.toISOString(),
});

/** A NUMERIC column's text as the form writes it: `1000.00` is `1000`, `0.5000` is `0.5` (limits in impressions must stay whole). */
export function formDecimal(value: string): string {
  return value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value;
}

/** The campaign form as the user saved it: the `model` column joined with the fields kept in columns. */
export function campaignForm(c: CampaignRecord): Record<string, unknown> {
  const limits: Record<string, string> = { type: c.limitType };
  for (const [name, value] of [['hourly', c.hourlyLimit], ['daily', c.dailyLimit], ['total', c.totalLimit]] as const) {
    if (value !== null) limits[name] = formDecimal(value);
  }
  return {
    ...modelOf(c.model),
    name: c.name,
    ad_format: c.adFormat,
    ad_id: c.adId,
    ...(c.groupId === null ? {} : { campaign_group_id: c.groupId }),
    pricing_model: c.pricingModel,
    price: formDecimal(c.price),
    limits,
  };
}

/** A campaign's state after a status change. */
export const stateJson = (c: CampaignRecord): CampaignState => ({ id: c.id, status: c.status, next_status: c.nextStatus, reserved_balance: c.reservedBalance });

/** Everything the campaign's page shows. */
export async function campaignJson({ platform, ads, campaigns: repo }: CampaignsContext, c: CampaignRecord): Promise<CampaignView> {
  const since = periodStart(7);
  const [approvals, rules, daily, totals, ad, group] = await Promise.all([
    repo.approvals(c.id),
    repo.rules(c.id),
    repo.daily(c.id, since),
    repo.totals([c.id], since),
    ads.findAny(c.userId, c.adId),
    c.groupId === null ? undefined : repo.group(c.userId, c.groupId),
  ]);
  const m = c.model;
  const history = approvals.map((a) => approvalJson(a.approval, a.cause));
  const format = platform.adFormats.get(c.adFormat);
  const archived = c.status === 'archived';
  return {
    id: c.id,
    name: c.name,
    status: c.status,
    next_status: c.nextStatus,
    // A campaign that starts once approved (next_status active) offers Pause (to not start), not Start as well.
    actions: { edit: !archived, duplicate: true, delete: !archived, activate: !archived && c.status !== 'active' && c.nextStatus !== 'active', pause: c.status === 'active' || c.nextStatus === 'active' },
    activate_on_approve: m.activate_on_approve !== false,
    active_from: (m.active_from as string | undefined) ?? null,
    active_to: (m.active_to as string | undefined) ?? null,
    ad: { id: c.adId, name: ad?.name ?? '', format: ad?.format ?? c.adFormat },
    ad_format: { id: c.adFormat, name: format?.name ?? c.adFormat, description: format?.description ?? null, icon: format?.icon ?? null, size: format?.size ?? null, type: format?.type ?? null, source_type: format?.source_type ?? null },
    campaign_group: group ? { id: group.id, name: group.name } : null,
    calendar_limits: (m.calendar_limits as number[][] | undefined) ?? null,
    cpa_goals: (m.cpa_goals as Record<string, unknown>[] | undefined) ?? [],
    cpa_status: c.cpaStatus,
    conversion_type: (m.conversion_type as string | undefined) ?? null,
    limit_type: c.limitType,
    hourly_limit: c.hourlyLimit,
    daily_limit: c.dailyLimit,
    total_limit: c.totalLimit,
    limit_exceeded_name: c.limitExceededName,
    limit_exceeded_type: c.limitExceededType,
    delivery: deliveryOf({ ...scheduleOf(m), status: c.status, nextStatus: c.nextStatus, approval: history.at(-1)?.status ?? null, limitExceededName: c.limitExceededName, limitExceededType: c.limitExceededType, cpaStatus: c.cpaStatus }, new Date()),
    price: c.price,
    pricing_model: c.pricingModel,
    reserved_balance: c.reservedBalance,
    smart_bidding: m.smart_bidding === true,
    statistic_gathering_done: c.statisticGatheringDone,
    enable_price_auto_adjust: m.enable_price_auto_adjust === true,
    recommended_price: c.recommendedPrice,
    price_adjustment_ratio: (m.price_adjustment_ratio as number | undefined) ?? null,
    max_adjusted_price: (m.max_adjusted_price as string | undefined) ?? null,
    flat_deal_application: c.flatDealApplicationId === null ? null : { id: c.flatDealApplicationId },
    site_biddings: (m.site_biddings as Record<string, unknown>[] | undefined) ?? [],
    targets: (m.targets as CampaignView['targets'] | undefined) ?? {},
    updating_rules: rules.map(ruleJson),
    latest_approval: history.at(-1) ?? null,
    approvals: history,
    model: campaignForm(c),
    statistics: { days: 7, totals: totals.get(c.id)!, daily },
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
  };
}

/** The user's campaign or a 404 (another user's campaign does not exist for this user). */
export async function ownCampaign(campaigns: CampaignsRepository, userId: number, id: number): Promise<CampaignRecord> {
  const campaign = await campaigns.find(userId, id);
  if (!campaign) throw new HttpError(404, `Campaign ${id} not found`);
  return campaign;
}
