import { sql } from 'drizzle-orm';
import { createAdsRepository } from '../areas/ads/repository';
import { createCampaignsRepository } from '../areas/campaigns/repository';
import { loadAdFormats } from '../settings/adFormats';
import { MINIMUM_PRICES } from '../settings/campaignRules';
import type { Db } from '../db/connect';
import { goingPrice } from './campaignTraffic';
import { demoCampaignSetups } from './seedData';

type Model = Record<string, unknown>;

/** Country ids (ISO 3166-1 numeric) the demo campaigns target. */
const EUROPE = [276, 250, 380, 724, 528];
const NORTH_AMERICA = [840, 124];

/**
 * What the demo campaigns look like, in turn (name, targets, fate, group) and how they bid: `bid` times the going price
 * of their format's traffic in their countries (campaignTraffic.ts `goingPrice`, the price that wins half of it by the
 * estimate's curve): 1.4 wins about 80 % of it, 0.45 about 4 %. So the demo shows campaigns their budget holds back
 * (spending it evenly through the day) and one its price does, on any network's numbers.
 */
const PLANS: { name: string; targets: Model; bid: number; fate: 'active' | 'paused' | 'pending' | 'rejected'; group?: string }[] = [
  { name: 'Europe · evergreen', targets: { country: { accept: true, countries: EUROPE }, 'connection-type': { type: 'wifi' }, throttle: { smooth_spend_rate: true } }, bid: 1.4, fate: 'active', group: 'Europe' },
  { name: 'US and Canada · mobile', targets: { country: { accept: true, countries: NORTH_AMERICA }, 'operating-system': { accept: true, operating_systems: [1, 2] }, throttle: { smooth_spend_rate: true } }, bid: 1.2, fate: 'active' },
  { name: 'Germany · weekends', targets: { country: { accept: true, countries: [276] } }, bid: 0.45, fate: 'paused', group: 'Europe' },
  { name: 'Worldwide test', targets: {}, bid: 1, fate: 'pending' },
  { name: 'Crypto giveaway', targets: { country: { accept: false, countries: [840] } }, bid: 1, fate: 'rejected' },
];

/** A price in the model's unit, 4 decimals: `bid` × the going price (0.0001 units), never under the model's minimum. */
function priceOf(model: string, going: number, bid: number): string {
  const [whole, fraction = ''] = (MINIMUM_PRICES[model] ?? '0.0100').split('.');
  const minimum = Number(whole) * 10_000 + Number(fraction.padEnd(4, '0').slice(0, 4));
  // Two significant figures: a price a person would type.
  const raw = Math.max(minimum, going * bid);
  const step = 10 ** Math.max(0, Math.floor(Math.log10(raw)) - 1);
  const units = Math.max(minimum, Math.round(raw / step) * step);
  return `${Math.floor(units / 10_000)}.${String(units % 10_000).padStart(4, '0')}`;
}

/**
 * A new demo advertiser's campaigns: one per plan, over an approved ad of the format its network's setup names
 * (seedData.ts `demoCampaignSetups`; else the approved ads in turn), priced against the traffic model, with the
 * setup's money limits; saved as POST campaigns saves them, moderated (approved, pending, rejected), in a group;
 * their statistics come from the generated event log (seedStatistics.ts). Runs once, when the user is created,
 * after their demo ads.
 */
export async function seedDemoCampaigns(db: Db, owner: { userId: number; networkId: string }, formats: readonly string[], now = new Date()): Promise<number> {
  const adsRepo = createAdsRepository(db);
  const repo = createCampaignsRepository(db);
  const info = loadAdFormats();
  const approved = (
    (await db.execute(sql`
      select a.id, a.format from ads a
      join lateral (select status from ad_approvals where ad_id = a.id order by id desc limit 1) ap on true
      where a.user_id = ${owner.userId} and a.status <> 'archived' and ap.status = 'approved' order by a.id`)) as unknown as { rows: { id: number; format: string }[] }
  ).rows;
  const usable = approved.filter((a) => formats.includes(a.format) && info.has(a.format));
  if (!usable.length) return 0;
  const setup = demoCampaignSetups[owner.networkId];
  const limits = { type: 'money' as const, daily: setup?.daily ?? '40.00', total: setup?.total ?? '5000.00' };
  const causes = await adsRepo.rejectCauses();
  // Yesterday: the traffic model's last whole day, the one the campaign form's estimate ends with.
  const day = Math.floor(now.getTime() / 86_400_000) - 1;
  let made = 0;
  for (const [i, plan] of PLANS.entries()) {
    const ofFormat = usable.filter((a) => a.format === setup?.formats[i]);
    const ad = ofFormat.length ? ofFormat[PLANS.slice(0, i).filter((_, j) => setup?.formats[j] === setup?.formats[i]).length % ofFormat.length] : usable[i % usable.length];
    const format = info.get(ad.format)!;
    const pricingModel = format.pricing_models[0];
    const targets = Object.fromEntries(Object.entries(plan.targets).filter(([id]) => format.targets.includes(id)));
    const country = targets.country as { accept: boolean; countries: number[] } | undefined;
    const going = goingPrice(format.id, pricingModel, day, country?.accept ? new Set(country.countries) : undefined);
    const price = priceOf(pricingModel, going, plan.bid);
    let groupId: number | null = null;
    if (plan.group) groupId = (await repo.createGroup(owner.userId, plan.group))?.id ?? (await repo.groups(owner.userId)).find((g) => g.name === plan.group)!.id;
    const model: Model = { name: plan.name, ad_format: format.id, ad_id: ad.id, pricing_model: pricingModel, price, limits, activate_on_approve: plan.fate === 'active', targets, ...(groupId ? { campaign_group_id: groupId } : {}) };
    const campaign = await repo.create(owner, { name: plan.name, adFormat: format.id, adId: ad.id, groupId, pricingModel, price, limits, model });
    made += 1;
    if (plan.fate === 'pending') continue;
    const status = plan.fate === 'rejected' ? 'rejected' : 'approved';
    await repo.moderate(campaign, { status, rejectCauseId: status === 'rejected' ? (causes[0]?.id ?? null) : null, moderator: 'demo seed' });
    if (status === 'rejected') continue;
    if (plan.fate === 'paused') await repo.transition(owner.userId, [campaign.id], 'activate').then(() => repo.transition(owner.userId, [campaign.id], 'pause'));
  }
  return made;
}
