import { formatDecimal, parseDecimal, roundDecimal } from '../../../engine/format/decimal';
import type { FlatDeal, MarketplaceFlatDealApplicationAnswer } from '../../../generated/types';
import { HttpError } from '../../httpError';
import { siteById } from '../../reference/sites';
import type { ApplicationView, FlatDealRecord, MarketplaceRepository } from './repository';

/** What a deal's answer needs beside its row: the network's currency and the creative formats of its ad format. */
export interface DealContext {
  currency: string;
  creativeFormats: (formatId: string) => string[];
}

/** A deal as every call answers it (schemas/marketplace/flat-deal.answer.schema.json). */
export const flatDealJson = (d: FlatDealRecord, context: DealContext): FlatDeal => ({
  id: d.id,
  kind: d.kind,
  name: d.name,
  site: d.siteId === null ? null : (siteById(d.siteId) ?? null),
  ad_format_id: d.adFormatId,
  country_group_id: d.countryGroupId,
  country_ids: d.countryIds,
  tier_id: d.tierId,
  traffic_type_id: d.trafficTypeId,
  limit_type: d.limitType,
  limit_value: d.limitValue,
  price: d.price,
  currency: context.currency,
  limits: d.limits,
  volume_discounts: d.volumeDiscounts,
  creative_formats: context.creativeFormats(d.adFormatId),
  lead_days: d.leadDays,
  max_days: d.maxDays,
  status: d.status,
});

/** The order number of an application, as its document prints it. */
export const applicationNumber = (id: number) => `FD-${id}`;

/** The part of an approved application's price not charged yet (0 in every other state). */
export function reservedOf(a: Pick<ApplicationView, 'status' | 'price' | 'charged'>): string {
  if (a.status !== 'approved') return '0.00';
  const cents = (money: string) => roundDecimal(parseDecimal(money), 2).units;
  return formatDecimal({ units: cents(a.price) - cents(a.charged), scale: 2 }, 2);
}

/** An application as every call answers it (schemas/marketplace/flat-deal-application.answer.schema.json). */
export const applicationJson = (a: ApplicationView): MarketplaceFlatDealApplicationAnswer => ({
  id: a.id,
  number: applicationNumber(a.id),
  flat_deal_id: a.flatDealId,
  deal_name: a.deal.name,
  ad_format_id: a.deal.adFormatId,
  status: a.status,
  limit_type: a.limitType,
  limit_value: a.limitValue,
  price: a.price,
  currency: a.currency,
  starts_on: a.startsOn,
  ends_on: a.endsOn,
  creative_format: a.creativeFormat,
  contact_note: a.contactNote,
  reserved: reservedOf(a),
  charged: a.charged,
  decision_note: a.decisionNote,
  decided_at: a.decidedAt?.toISOString() ?? null,
  campaigns: a.campaigns,
  created_at: a.createdAt.toISOString(),
  updated_at: a.updatedAt.toISOString(),
});

/** The network's deal or a 404. */
export async function networkDeal(marketplace: MarketplaceRepository, networkId: string, id: number): Promise<FlatDealRecord> {
  const deal = await marketplace.deal(networkId, id);
  if (!deal) throw new HttpError(404, 'Flat deal not found.');
  return deal;
}

/** The user's application or a 404: another user's application does not exist for this user. */
export async function ownApplication(marketplace: MarketplaceRepository, userId: number, id: number): Promise<ApplicationView> {
  const application = await marketplace.application(userId, id);
  if (!application) throw new HttpError(404, 'Flat deal application not found.');
  return application;
}
