import type { AdFormatInfo, CampaignOffer } from '../../../generated/types';
import { phrase, type Phrase } from '../../i18n/phrase';
import { countries } from '../../reference/countries';
import type { CampaignRecord } from './repository';
import { TIERS } from '../../settings/globalSettings';
import { campaignForm } from './answers';
import { offeredTargets } from './checkCampaign';

/**
 * A ready-made variant of a campaign the advertiser may start from (`/campaigns/create-offer-campaign`): the answer's
 * shape (schemas/campaigns/campaign-offer.answer.schema.json) before its texts are put in the reader's language.
 */
export type Offer = Omit<CampaignOffer, 'title' | 'description'> & { title: Phrase; description: Phrase };

type Model = Record<string, unknown> & { targets?: Record<string, Record<string, unknown>> };

/** The next tier's countries for a campaign that targets only (part of) one tier, by country id. */
function nextTierCountries(chosen: number[]): number[] {
  const idOf = new Map(countries().map((c) => [c.iso2, c.id]));
  const tiers = TIERS.map(([, , codes]) => codes.map((c) => idOf.get(c)).filter((id): id is number => id !== undefined));
  const tierOf = (id: number) => tiers.findIndex((t) => t.includes(id));
  const highest = Math.max(...chosen.map(tierOf));
  if (highest < 0 || highest + 1 >= tiers.length) return [];
  return tiers[highest + 1].filter((id) => !chosen.includes(id));
}

/**
 * Offers for one campaign, each a variation a real network would suggest: another pricing model of its format,
 * more countries of the next price tier, smart bidding, every hour of the week. Only what the format and the
 * network allow; none for an archived campaign.
 */
export function campaignOffers(campaign: CampaignRecord, format: AdFormatInfo, network: { targetTypes: string[] }, smartBidding: Record<string, boolean>): Offer[] {
  if (campaign.status === 'archived') return [];
  const base = campaignForm(campaign) as Model;
  const offers: Offer[] = [];
  const named = (model: Model, title: Phrase) => ({ ...model, name: `${campaign.name} · ${String(title)}`.slice(0, 120) });

  for (const model of format.pricing_models) {
    if (model === campaign.pricingModel || model === 'cpa' || model.endsWith('_goal')) continue;
    const title = phrase('Run it on {model}', { model: model.toUpperCase() });
    const { price: _price, smart_bidding: _smart, ...rest } = base;
    offers.push({
      id: `pricing-${model}`,
      title,
      description: phrase('The same ad and targeting, paid per {unit}. Set a price from the estimate.', { unit: model === 'cpm' ? phrase('thousand impressions') : phrase('click') }),
      model: named({ ...rest, pricing_model: model }, title),
      changed: ['pricing_model', 'price'],
    });
  }

  const country = base.targets?.country as { accept?: boolean; countries?: number[] } | undefined;
  if (offeredTargets(network, format).includes('country') && country?.accept !== false && country?.countries?.length) {
    const more = nextTierCountries(country.countries);
    if (more.length) {
      const title = phrase('Add {count} more countries', { count: more.length });
      offers.push({
        id: 'expand-countries',
        title,
        description: phrase('Reach the countries of the next price tier with the same ad.'),
        model: named({ ...base, targets: { ...base.targets, country: { ...country, accept: true, countries: [...country.countries, ...more] } } }, title),
        changed: ['targets.country.countries'],
      });
    }
  }

  if (smartBidding[campaign.pricingModel] && base.smart_bidding !== true) {
    const title = phrase('Turn on smart bidding');
    offers.push({ id: 'smart-bidding', title, description: phrase('Bid up to your price only where traffic converts.'), model: named({ ...base, smart_bidding: true }, title), changed: ['smart_bidding'] });
  }

  if (Array.isArray(base.calendar_limits)) {
    const title = phrase('Run at every hour');
    const { calendar_limits: _schedule, ...rest } = base;
    offers.push({ id: 'all-hours', title, description: phrase('Drop the schedule and buy traffic around the clock.'), model: named(rest, title), changed: ['calendar_limits'] });
  }
  return offers;
}
