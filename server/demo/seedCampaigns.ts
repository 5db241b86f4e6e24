import { sql } from 'drizzle-orm';
import { createAdsRepository } from '../areas/ads/repository';
import { createCampaignsRepository } from '../areas/campaigns/repository';
import { loadAdFormats } from '../settings/adFormats';
import { MINIMUM_PRICES } from '../settings/campaignRules';
import type { Db } from '../db/connect';

type Model = Record<string, unknown>;

/** Country ids (ISO 3166-1 numeric) the demo campaigns target. */
const EUROPE = [276, 250, 380, 724, 528];
const NORTH_AMERICA = [840, 124];

/** What the demo campaigns look like, in turn over the user's approved ads (name, targets, price factor, fate). */
const PLANS: { name: string; targets: Model; factor: number; fate: 'active' | 'paused' | 'pending' | 'rejected'; group?: string }[] = [
  { name: 'Europe · evergreen', targets: { country: { accept: true, countries: EUROPE }, 'connection-type': { type: 'wifi' } }, factor: 30, fate: 'active', group: 'Europe' },
  { name: 'US and Canada · mobile', targets: { country: { accept: true, countries: NORTH_AMERICA }, 'operating-system': { accept: true, operating_systems: [1, 2] } }, factor: 45, fate: 'active' },
  { name: 'Germany · weekends', targets: { country: { accept: true, countries: [276] } }, factor: 25, fate: 'paused', group: 'Europe' },
  { name: 'Worldwide test', targets: {}, factor: 12, fate: 'pending' },
  { name: 'Crypto giveaway', targets: { country: { accept: false, countries: [840] } }, factor: 20, fate: 'rejected' },
];

/** A price in the model's unit: the minimum times a factor, as a 4-decimal string (integer arithmetic only). */
function priceOf(model: string, factor: number): string {
  const [whole, fraction = ''] = (MINIMUM_PRICES[model] ?? '0.0100').split('.');
  const units = BigInt(whole + fraction.padEnd(4, '0')) * BigInt(factor);
  return `${units / 10000n}.${String(units % 10000n).padStart(4, '0')}`;
}

/**
 * A new demo advertiser's campaigns: one per plan over their approved ads (formats the network sells), saved as
 * POST campaigns saves them, moderated (approved, pending, rejected), in a group; their statistics come from the
 * generated event log (seedStatistics.ts). Runs once, when the user is created, after their demo ads.
 */
export async function seedDemoCampaigns(db: Db, owner: { userId: number; networkId: string }, formats: readonly string[]): Promise<number> {
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
  const causes = await adsRepo.rejectCauses();
  let made = 0;
  for (const [i, plan] of PLANS.entries()) {
    const ad = usable[i % usable.length];
    const format = info.get(ad.format)!;
    const pricingModel = format.pricing_models[0];
    const price = priceOf(pricingModel, plan.factor);
    const targets = Object.fromEntries(Object.entries(plan.targets).filter(([id]) => format.targets.includes(id)));
    let groupId: number | null = null;
    if (plan.group) groupId = (await repo.createGroup(owner.userId, plan.group))?.id ?? (await repo.groups(owner.userId)).find((g) => g.name === plan.group)!.id;
    const model: Model = { name: plan.name, ad_format: format.id, ad_id: ad.id, pricing_model: pricingModel, price, limits: { type: 'money', daily: '40.00', total: '1000.00' }, activate_on_approve: plan.fate === 'active', targets, ...(groupId ? { campaign_group_id: groupId } : {}) };
    const campaign = await repo.create(owner, { name: plan.name, adFormat: format.id, adId: ad.id, groupId, pricingModel, price, limits: { type: 'money', daily: '40.00', total: '1000.00' }, model });
    made += 1;
    if (plan.fate === 'pending') continue;
    const status = plan.fate === 'rejected' ? 'rejected' : 'approved';
    await repo.moderate(campaign, { status, rejectCauseId: status === 'rejected' ? (causes[0]?.id ?? null) : null, moderator: 'demo seed' });
    if (status === 'rejected') continue;
    if (plan.fate === 'paused') await repo.transition(owner.userId, [campaign.id], 'activate').then(() => repo.transition(owner.userId, [campaign.id], 'pause'));
  }
  return made;
}
