import { compareDecimals, parseDecimal } from '../../../engine/format/decimal';
import type { Owner } from '../../auth/owner';
import { HttpError, invalidData, type FieldErrors } from '../../httpError';
import { phrase } from '../../i18n/phrase';
import { parseIpRange } from '../../reference/ipRanges';
import { MINIMUM_LIMITS, MINIMUM_PRICES } from '../../settings/campaignRules';
import type { CampaignsContext } from './answers';
import { premiumSites, validateDomains } from '../../reference/siteSearch';

/** The campaign form's catalog id (schemas/campaigns/campaign.schema.json): the create and edit calls' body schema. */
export const CAMPAIGN_SCHEMA_ID = 'campaigns_campaign';

/** What a save of the campaign form carries once it passed every check. */
export interface CampaignInput {
  name: string;
  adFormat: string;
  adId: number;
  groupId: number | null;
  pricingModel: string;
  price: string;
  limits: { type: 'money' | 'impressions' | 'clicks'; hourly?: string; daily?: string; total?: string };
  /** The whole form as sent; the repository keeps in the `model` column only what has no column of its own. */
  model: Record<string, unknown>;
}


/** The targets a campaign of this format may use on this network, in the network's order. */
export function offeredTargets(network: { targetTypes: string[] }, format: { targets: string[] }): string[] {
  return network.targetTypes.filter((id) => format.targets.includes(id));
}

const isInteger = (v: string) => /^\d+$/.test(v);

const LIMIT_TOO_LOW = {
  hourly: (minimum: string) => phrase('The hourly limit must be at least {minimum}.', { minimum }),
  daily: (minimum: string) => phrase('The daily limit must be at least {minimum}.', { minimum }),
  total: (minimum: string) => phrase('The total limit must be at least {minimum}.', { minimum }),
};

/**
 * What a save of the campaign form must pass beyond its schema (Fastify checked the body against the form's schema,
 * the browser's precompiled validator, before the handler ran): the format is sold here with that pricing model
 * and those targets, the ad and group are the user's own and fit, the price and limits are at least the minimums,
 * IP ranges parse and domains are real domains. Field errors name form paths (`targets.ip-range.ip_ranges`).
 * @throws {HttpError} 404 when the ad or group is not one of the user's; 422 with field errors (phrases the error
 * handler translates).
 */
export async function checkCampaign({ platform, ads, campaigns }: CampaignsContext, owner: Owner, body: Record<string, unknown>): Promise<CampaignInput> {
  const { network, userId } = owner;
  const data = body as unknown as { name: string; ad_format: string; ad_id: number; campaign_group_id?: number | null; pricing_model: string; price: string; limits: CampaignInput['limits']; targets?: Record<string, Record<string, unknown>>; active_from?: string; active_to?: string; enable_price_auto_adjust?: boolean; max_adjusted_price?: string; cpa_goals?: { price: string }[] };
  const errors: FieldErrors = {};
  const format = platform.adFormats.get(data.ad_format);
  if (!format || !network.adFormats.includes(format.id)) throw invalidData({ ad_format: [phrase('Choose an ad format this network offers.')] });
  if (!format.pricing_models.includes(data.pricing_model)) errors.pricing_model = [phrase('{format} campaigns cannot use this pricing model.', { format: format.name })];

  const offered = new Set(offeredTargets(network, format));
  for (const id of Object.keys(data.targets ?? {})) {
    if (!offered.has(id)) errors[`targets.${id}`] = [phrase('This targeting is not offered for {format} campaigns.', { format: format.name })];
  }

  const minimum = MINIMUM_PRICES[data.pricing_model];
  if (minimum && compareDecimals(parseDecimal(data.price), parseDecimal(minimum)) < 0) errors.price = [phrase('The price must be at least {minimum}.', { minimum })];
  if (data.enable_price_auto_adjust && data.max_adjusted_price && compareDecimals(parseDecimal(data.max_adjusted_price), parseDecimal(data.price)) < 0) {
    errors.max_adjusted_price = [phrase('The maximum price cannot be below the price.')];
  }
  data.cpa_goals?.forEach((goal, i) => {
    if (minimum && compareDecimals(parseDecimal(goal.price), parseDecimal(minimum)) < 0) errors[`cpa_goals.${i}.price`] = [phrase('The price must be at least {minimum}.', { minimum })];
  });

  const limitMinimums = MINIMUM_LIMITS[data.limits.type];
  for (const period of ['hourly', 'daily', 'total'] as const) {
    const value = data.limits[period];
    if (value === undefined) continue;
    if (data.limits.type !== 'money' && !isInteger(value)) errors[`limits.${period}`] = [phrase('Enter a whole number.')];
    else if (compareDecimals(parseDecimal(value), parseDecimal(String(limitMinimums[period]))) < 0) {
      errors[`limits.${period}`] = [LIMIT_TOO_LOW[period](String(limitMinimums[period]))];
    }
  }
  const { hourly, daily, total } = data.limits;
  if (hourly && daily && compareDecimals(parseDecimal(hourly), parseDecimal(daily)) > 0) errors['limits.hourly'] ??= [phrase('The hourly limit cannot be above the daily limit.')];
  if (daily && total && compareDecimals(parseDecimal(daily), parseDecimal(total)) > 0) errors['limits.daily'] ??= [phrase('The daily limit cannot be above the total limit.')];
  if (data.active_from && data.active_to && data.active_to < data.active_from) errors.active_to = [phrase('The end date cannot be before the start date.')];

  const targets = data.targets ?? {};
  const ipText = targets['ip-range']?.ip_ranges;
  if (typeof ipText === 'string' && ipText) {
    const problems = ipText.split(',').flatMap((raw, i) => {
      const parsed = parseIpRange(raw);
      return typeof parsed === 'string' ? [phrase('Line {line}: {problem}', { line: i + 1, problem: parsed })] : [];
    });
    if (problems.length) errors['targets.ip-range.ip_ranges'] = problems;
  }
  const domainText = targets.site?.domains;
  if (typeof domainText === 'string' && domainText) {
    const { problems } = validateDomains(domainText.split(','));
    if (problems.length) errors['targets.site.domains'] = problems;
  }
  const premium = targets.site?.premium_sites;
  if (Array.isArray(premium) && premium.length) {
    const sellable = new Set(premiumSites({ ad_format_id: format.id }).map((site) => site.id));
    if (premium.some((id) => !sellable.has(id as number))) errors['targets.site.premium_sites'] = [phrase('Choose premium sites that sell {format}.', { format: format.name })];
  }
  const push = targets['web-push-subscription-time'] as { min_days?: number; max_days?: number } | undefined;
  if (push?.min_days !== undefined && push.max_days !== undefined && push.min_days > push.max_days) {
    errors['targets.web-push-subscription-time.max_days'] = [phrase('The last day cannot be before the first day.')];
  }

  // Another user's ad or group, like a missing one, does not exist for this user: 404, whatever else is wrong.
  const ad = await ads.findAny(userId, data.ad_id);
  if (!ad) throw new HttpError(404, `Ad ${data.ad_id} not found`);
  if (ad.status === 'archived') errors.ad_id = [phrase('Choose one of your ads.')];
  else if (ad.format !== format.id) errors.ad_id = [phrase('Choose an ad of the {format} format.', { format: format.name })];
  const groupId = data.campaign_group_id ?? null;
  if (groupId !== null && !(await campaigns.group(userId, groupId))) throw new HttpError(404, `Campaign group ${groupId} not found`);
  if (Object.keys(errors).length) throw invalidData(errors);

  return { name: data.name, adFormat: format.id, adId: data.ad_id, groupId, pricingModel: data.pricing_model, price: data.price, limits: data.limits, model: body };
}
