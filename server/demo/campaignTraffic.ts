/**
 * What the network's traffic offers one campaign on one day: the demo ad server's volume. It comes from the model
 * that fills `traffic_daily` (generateTraffic.ts `trafficForDay`: per format, country and day, requests, impressions,
 * clicks, conversions and spend), which the campaign form's estimate reads, and it is won by the estimate's own curve
 * (areas/traffic/estimate.ts `winRate`: the bid against the effective price of the country's traffic in the pricing
 * model's unit). So a seeded campaign's statistics per day and the estimate of its settings come from one model, and
 * differ only by what the estimate cannot know: the campaign's limits, frequency caps, schedule and the targets it
 * reports as not narrowed.
 */
import { effectivePrice, unitOf, winRate } from '../areas/traffic/estimate';
import { loadAdFormats } from '../settings/adFormats';
import { trafficForDay, type TrafficRow } from './generateTraffic';

const DAY_MS = 86_400_000;

/** Integer units of a decimal string (`'0.5000'`, 4 places → 5000). */
const units4 = (value: string): number => {
  const [whole, fraction = ''] = value.split('.');
  return Number(whole) * 10_000 + Number(fraction.padEnd(4, '0').slice(0, 4));
};

let targetsOf: Map<string, readonly string[]> | undefined;
/** The `all` rows (per country) of a format's day, kept for the run: a seed reads each of its 90 days many times. */
const days = new Map<string, TrafficRow[]>();

function totalsOf(format: string, dayNumber: number): TrafficRow[] {
  const key = `${format}\u0000${dayNumber}`;
  let rows = days.get(key);
  if (!rows) {
    targetsOf ??= new Map([...loadAdFormats().values()].map((f) => [f.id, f.targets]));
    // The same format input as seedTraffic's: the generator's per-format plan is built once.
    rows = trafficForDay({ id: format, targets: targetsOf.get(format) ?? [] }, new Date(dayNumber * DAY_MS).toISOString().slice(0, 10), false);
    if (days.size > 4_000) days.clear();
    days.set(key, rows);
  }
  return rows;
}

export interface CampaignTrafficInput {
  adFormat: string;
  pricingModel: string;
  /** Decimal string, 4 places, in the pricing model's unit (per thousand impressions for CPM). */
  price: string;
}

/**
 * Impressions a campaign of this format wins at this price on a UTC day (days since the epoch), per country the
 * format has traffic in: the country's impressions × winRate(price, the country's effective price that day). Before
 * the campaign's own targets (the caller keeps its countries and narrows by the rest), limits and caps.
 */
export function wonTraffic(campaign: CampaignTrafficInput, dayNumber: number): Map<number, number> {
  const unit = unitOf(campaign.pricingModel);
  const price = units4(campaign.price);
  const won = new Map<number, number>();
  for (const row of totalsOf(campaign.adFormat, dayNumber)) {
    const ref = effectivePrice(row.spend, row[unit], unit);
    const share = ref === null ? (unit === 'impressions' ? 1 : 0) : winRate(price, ref);
    if (row.impressions > 0 && share > 0) won.set(row.countryId, row.impressions * share);
  }
  return won;
}

/**
 * The going price of a format's traffic in a pricing model's unit on a day, over some countries (default all): its
 * spend over its impressions (per thousand), clicks or conversions, in 0.0001 units. A bid of this wins half of it; the
 * demo campaigns bid a multiple of it, so they win what they are meant to on any network's numbers.
 */
export function goingPrice(adFormat: string, pricingModel: string, dayNumber: number, countries?: ReadonlySet<number>): number {
  const unit = unitOf(pricingModel);
  let spend = 0;
  let count = 0;
  for (const row of totalsOf(adFormat, dayNumber)) {
    if (countries && !countries.has(row.countryId)) continue;
    spend += row.spend;
    count += row[unit];
  }
  return effectivePrice(spend, count, unit) ?? 0;
}

/** A campaign's traffic by day, for the event generator (generateEvents.ts `EventCampaign.traffic`). */
export const trafficOf =
  (campaign: CampaignTrafficInput) =>
  (dayNumber: number): Map<number, number> =>
    wonTraffic(campaign, dayNumber);
