import type { FormValues } from '../../../engine/form/FormStore';
import type { AdFormatInfo } from '../../common/adFormats';
import type { FlatDeal, GlobalSettings, MarketplaceFlatDealApplicationAnswer } from '../../../generated/types';

/** The parts of `GET settings` the campaign form reads. */
export type CampaignSettings = Partial<Pick<GlobalSettings, 'limit_types_by_pricing_model' | 'minimum_limits' | 'minimum_prices' | 'smart_bidding' | 'default_uniques'>>;

type Ui = Record<string, unknown>;
type Targets = Record<string, Record<string, unknown>>;

/** The targets a campaign of this format shows on this network: both lists name it, in the network's order. */
export function offeredTargets(targetTypes: readonly string[], format: Pick<AdFormatInfo, 'targets'>): string[] {
  return targetTypes.filter((id) => format.targets.includes(id));
}

/** Whether a target's value narrows anything (a list with entries, a switch away from its default, a number). */
export function targetIsSet(value: Record<string, unknown> | undefined): boolean {
  if (!value) return false;
  return Object.entries(value).some(([key, v]) => {
    if (key === 'accept' || key === 'locked') return false;
    if (Array.isArray(v)) return v.length > 0;
    if (typeof v === 'string') return v !== '' && v !== 'all';
    return typeof v === 'number' || v === true;
  });
}

/** The form a new campaign of a format starts with: its first pricing model, money limits, uniques from settings. */
export function newCampaign(format: AdFormatInfo, offered: readonly string[], settings: CampaignSettings): FormValues {
  const targets: Targets = {};
  if (offered.includes('uniques') && settings.default_uniques) targets.uniques = { accept: true, cap: settings.default_uniques.cap, ttl: settings.default_uniques.ttl };
  return { ad_format: format.id, pricing_model: format.pricing_models[0], limits: { type: 'money' }, activate_on_approve: true, targets };
}

/**
 * A new campaign that delivers a flat deal application: named after it, running over its period, and targeting the
 * deal's site and countries where the format offers those targets. The ad is still the user's to choose.
 */
export function flatDealCampaign(
  format: AdFormatInfo,
  offered: readonly string[],
  settings: CampaignSettings,
  application: Pick<MarketplaceFlatDealApplicationAnswer, 'number' | 'deal_name' | 'starts_on' | 'ends_on'>,
  deal: Pick<FlatDeal, 'country_ids' | 'site'>,
): FormValues {
  const base = newCampaign(format, offered, settings);
  const targets: Targets = { ...(base.targets as Targets) };
  if (offered.includes('country') && deal.country_ids.length) targets.country = { accept: true, countries: [...deal.country_ids] };
  if (offered.includes('site') && deal.site) targets.site = { accept: true, sites: [deal.site.id] };
  return { ...base, name: `${application.number} ${application.deal_name}`, active_from: application.starts_on, active_to: application.ends_on, targets };
}

/**
 * The form data of a saved campaign for editing or as a copy: `null` stands for "not set" in answers, which the
 * form leaves out; a copy gets a new name and keeps everything else.
 */
export function campaignFormValues(model: Record<string, unknown>, copyName?: string): FormValues {
  const out: FormValues = Object.fromEntries(Object.entries(model).filter(([, v]) => v !== null));
  if (copyName !== undefined) out.name = copyName;
  return out;
}

/** The values to send: only targets the campaign may use (a copy of another format's campaign may hold others). */
export function onlyOfferedTargets(values: FormValues, offered: readonly string[]): FormValues {
  const targets = values.targets as Targets | undefined;
  if (!targets) return values;
  return { ...values, targets: Object.fromEntries(Object.entries(targets).filter(([id]) => offered.includes(id))) };
}

const isInteger = (type: string) => type !== 'money';

/**
 * The campaign form's UI for one format, merged into the translated UI schema (SchemaForm `uiPatch`): only the
 * format's pricing models and the limit types of the chosen model, smart bidding where settings allow it, the
 * minimum price and limits as help, the targets this campaign may use in the network's order (each a collapsible
 * section, open when it holds a value), the others not rendered.
 */
export function campaignUiPatch(
  format: AdFormatInfo,
  offered: readonly string[],
  allTargets: readonly string[],
  settings: CampaignSettings,
  values: FormValues,
  texts: { minimum: (value: string) => string },
): Ui {
  const model = String(values.pricing_model ?? format.pricing_models[0]);
  const limitType = String((values.limits as { type?: string } | undefined)?.type ?? 'money');
  const minimumLimits = settings.minimum_limits?.[limitType];
  const limitField = (period: 'hourly' | 'daily' | 'total') => ({
    'ui:options': { decimals: isInteger(limitType) ? 0 : 2 },
    ...(minimumLimits ? { 'ui:help': texts.minimum(String(minimumLimits[period])) } : {}),
  });
  const targets = (values.targets ?? {}) as Targets;
  const targetUi: Ui = { 'ui:order': [...offered, '*'] };
  for (const id of allTargets) {
    targetUi[id] = offered.includes(id) ? { 'ui:options': { collapsible: true, collapsed: !targetIsSet(targets[id]) } } : { 'ui:widget': 'hidden' };
  }
  const minimumPrice = settings.minimum_prices?.[model];
  return {
    pricing_model: { 'ui:options': { only: format.pricing_models } },
    price: minimumPrice ? { 'ui:help': texts.minimum(minimumPrice) } : {},
    smart_bidding: settings.smart_bidding?.[format.id]?.[model] ? {} : { 'ui:widget': 'hidden' },
    limits: {
      type: { 'ui:options': { only: settings.limit_types_by_pricing_model?.[model] ?? ['money', 'impressions', 'clicks'] } },
      hourly: limitField('hourly'),
      daily: limitField('daily'),
      total: limitField('total'),
    },
    targets: targetUi,
  };
}
