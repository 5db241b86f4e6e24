/**
 * A deterministic ad server for the demo: the event log (`stat_events`) real campaigns would have produced over
 * the last days — auctions, impressions, clicks, video views and conversions with the countries, devices, sites,
 * spots and providers they came from, and what each cost at the campaign's price. The same campaigns, seed and
 * day give the same events on every machine.
 *
 * How it is shaped: each campaign-hour gets a share of the wanted events by a daily curve (evening peak, night
 * trough), the format's weekend swing, a slow trend and noise. Each impression draws one visitor (country from
 * the campaign's country target, weighted by internet users; platform, OS, browser and carrier by the country's
 * device mix; a site that sells the format, Zipf-weighted; a spot of it; a provider) and may click (the format's
 * CTR), watch to the end (its `videoViews` share: in-stream) and convert. The format's numbers are
 * formatProfiles.json's. Auctions around it (requests, bids, wins) are logged sampled. How much a campaign buys: with
 * `traffic` (the demo seed's campaigns) what the network's traffic model offers it at its price (campaignTraffic.ts,
 * the numbers behind the campaign form's estimate), one line standing for `weight` impressions; without it as many
 * impressions as the event budget gives it.
 * Cost never exceeds the bid: CPM impressions clear at 60–100 % of bid/1000 (a second-price auction), CPC
 * clicks at 80–100 % of the bid, CPA conversions at the price. It honours the campaign's delivery contract as a
 * real ad server does:
 * - the calendar's hours and the campaign's dates (areas/campaigns/delivery.ts);
 * - a limit of its type (money, impressions or clicks) stops it for the rest of the hour, the day or for good,
 *   counting what it bought before this run (`used`); a money limit is never overshot (the charge that reaches it is
 *   cut to what is left);
 * - every target (areas/campaigns/audience.ts): an impression outside them is not bought. Impressions carry the
 *   statistics' dimensions; the other traits targets read (region, city, language, device, IP, interests, app,
 *   what the site says about itself…) are drawn only for campaigns whose targets read them (visitorTraits.ts);
 * - the uniques target's frequency cap: a campaign's audience is a pool of people (as many as 60 % of the
 *   impressions it would buy in a day, some visiting far more often than others), and nobody sees it more than
 *   `cap` times within `ttl` hours (counted by clock hour);
 * - the throttle target's even spending paces a daily limit over the day's hours;
 * - site bids: a site with a bid of its own is bought at that bid, and a higher bid wins more of its traffic;
 * - smart bidding: sites convert unequally (each has a fixed quality), and a smart-bidding campaign bids its price
 *   only where traffic converts at least as well as average, less elsewhere (winning less there, and cheaper);
 * - CPA goals: a conversion from a goal's country costs the goal's price;
 * - the ad's rotation (areas/ads/rotation.ts): creatives differ in CTR; smart rotation shows them evenly until
 *   its thresholds, then only the winner.
 */
import { sites } from '../reference/sites';
import { SeededRandom } from './seededRandom';
import { carriers } from '../reference/curated/carriers';
import { countryByIso2 } from '../reference/countries';
import { trafficProviders } from '../reference/trafficProviders';
import { formatProfile } from './formatProfiles';
import { COUNTRY_PROFILES, tierOf, TIER_FACTORS, type CountryProfile } from './trafficModel';
import { EVENT_KIND, SAMPLE_WEIGHT, type EventRow } from '../areas/statistics/events';
import { datesState, hourOpen, reachedLimit, type Caps, type LimitPeriod, type Schedule, type Used } from '../areas/campaigns/delivery';
import { audienceOf, inAudience, listRule, needs, type Audience, type ListRule, type Visitor } from '../areas/campaigns/audience';
import { rotationState, type CreativeShown, type RotationSettings } from '../areas/ads/rotation';
import { geo } from '../reference/geo';
import { creativeAppeal, drawTraits, siteQuality } from './visitorTraits';

/** What the generator needs of a campaign. */
export interface EventCampaign {
  id: number;
  userId: number;
  adFormat: string;
  pricingModel: string;
  /** Decimal string, 4 places, in the pricing model's unit. */
  price: string;
  /** The calendar and dates it may buy in (default: always). */
  schedule?: Schedule;
  /** What its limits count (money, impressions, clicks) and the limits (delivery.ts capsOf; default none). */
  limitType?: string;
  caps?: Caps;
  /** What it bought before this run: in all, and on the run's first day before the run starts. */
  used?: { total: Used; day: Used };
  /** The ad's active creatives (at least one). */
  creativeIds: number[];
  /** The ad's rotation, what each creative showed before this run and when the first showed (default: random). */
  rotation?: { settings: RotationSettings; shown: CreativeShown[]; since: number | null };
  /** The campaign's targets (the form's `targets`; default none: everyone). */
  targets?: Record<string, unknown>;
  /** Sites with a bid of their own (the form's `site_biddings`). */
  siteBiddings?: { sites: number[]; price: string }[];
  smartBidding?: boolean;
  /** Prices per conversion for some countries (the form's `cpa_goals`). */
  cpaGoals?: { price: string; countries: number[] }[];
  /** Relative size of the campaign's traffic (1 = average). */
  scale?: number;
  /**
   * It delivers an approved flat deal, paid for by the deal's fixed price (charged by the marketplace): its events
   * cost nothing, as an ad server records prepaid delivery.
   */
  prepaid?: boolean;
  /** The owner's active traffic providers (ids above 1000): their supply joins the network's for this campaign. */
  ownProviders?: readonly number[];
  /** When it stopped buying (a paused campaign: when it was paused), ms since the epoch; no events from then on. */
  until?: number;
  /**
   * The impressions the network's traffic offers it on a UTC day (days since the epoch), by country id, at its price
   * and before its other targets (campaignTraffic.ts: the model behind `traffic_daily`, which the campaign form's
   * estimate reads). With it the campaign buys that traffic, less what its targets, caps, schedule and limits refuse,
   * and one impression line stands for as many impressions as the event budget requires (`weight`); without it, it
   * buys as many impressions as the budget gives it, one line each.
   */
  traffic?: (day: number) => ReadonlyMap<number, number>;
}

export interface GenerateOptions {
  /** About how many event lines to write in all (±1 %). */
  events: number;
  /** Days of history, ending with the current hour of today (UTC). Default 90. */
  days?: number;
  /** Start here (rounded down to the hour) instead of `days` days back: a catch-up after a pause. */
  from?: Date;
  /** "Now". */
  now?: Date;
  seed?: string;
  /** Sees each impression bought, with every trait its campaign's targets read (tests, audits). */
  onImpression?: (campaignId: number, visitor: Readonly<Visitor>) => void;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NO_CAPS: Caps = { total: Infinity, daily: Infinity, hourly: Infinity };

/** Share of a day's traffic in each UTC hour: low at night, a lunch bump, an evening peak. */
const DIURNAL = [0.5, 0.38, 0.3, 0.26, 0.26, 0.32, 0.45, 0.62, 0.78, 0.88, 0.94, 1, 1.04, 1.02, 0.98, 0.98, 1.02, 1.1, 1.22, 1.34, 1.42, 1.36, 1.1, 0.78];

/** Auctions around an impression: requests and bids per impression, and wins that never render. */
const FUNNEL = { requestsPerImpression: 3.8, bidsPerImpression: 2.3, lostRenders: 0.03 };

const DESKTOP_OS: [number, number][] = [[4, 0.72], [5, 0.17], [8, 0.06], [6, 0.03], [7, 0.02]];
const TV_OS: [number, number][] = [[12, 0.4], [13, 0.3], [18, 0.3]];
const BROWSERS: Record<'ios' | 'android' | 'desktop' | 'mac' | 'tv', [number, number][]> = {
  ios: [[11, 0.82], [10, 0.12], [15, 0.03], [14, 0.03]],
  android: [[10, 0.62], [7, 0.18], [13, 0.1], [12, 0.04], [16, 0.03], [8, 0.03]],
  desktop: [[1, 0.66], [4, 0.13], [3, 0.08], [5, 0.05], [19, 0.03], [9, 0.03], [18, 0.02]],
  mac: [[2, 0.55], [1, 0.38], [3, 0.04], [19, 0.03]],
  tv: [[1, 1]],
};

/** Integer units of a decimal string (`'0.5000'`, 4 places → 5000). */
const units4 = (value: string): number => {
  const [whole, fraction = ''] = value.split('.');
  return Number(whole) * 10_000 + Number(fraction.padEnd(4, '0').slice(0, 4));
};

/** The visitor mix of one campaign: its countries, sites, spots and providers, drawn once. */
interface CampaignMix {
  countries: [CountryProfile & { id: number }, number][];
  sites: [number, number][];
  /** Spots a spot include list allows per site (otherwise any of the site's three). */
  spots: Map<number, number[]> | null;
  /** Whether traffic that does not say its site (XML feeds) may be bought: not under a site or spot include list. */
  unknownSites: boolean;
  providers: [number, number][];
  /** Site id → its own bid, 4-place units. */
  bids: Map<number, number>;
  /** Apps a mobile-app include list names: in-app traffic comes from them. */
  apps: number[] | null;
}

const included = (rule: ListRule | undefined) => (rule?.accept ? [...rule.values].filter((v): v is number => typeof v === 'number') : null);

/** The countries a region or city include list lies in (null: no such list). */
function geoCountries(audience: Audience): Set<number> | null {
  const regionIds = included(listRule(audience, 'region')) ?? [];
  const cityIds = included(listRule(audience, 'city')) ?? [];
  if (!regionIds.length && !cityIds.length) return null; // the geo lists are big: read them only when asked
  const { regions, cities } = geo();
  const named = [...regionIds.map((id) => regions.byId.get(id)?.country_id), ...cityIds.map((id) => cities.byId.get(id)?.country_id)];
  return new Set(named.filter((id): id is number => id !== undefined));
}

const PROFILES = COUNTRY_PROFILES.map((p) => ({ ...p, id: countryByIso2(p.iso2)?.id ?? 0 })).filter((p) => p.id > 0);
const CARRIERS_BY_COUNTRY = new Map<string, number[]>();
for (const c of carriers) CARRIERS_BY_COUNTRY.set(c.country, [...(CARRIERS_BY_COUNTRY.get(c.country) ?? []), c.id]);

/**
 * The campaign's visitor mix. Countries: those its targets keep, weighted by internet users, or with `offered` (the
 * traffic model's impressions it wins per country on a day) by what it wins there: a low bid wins mostly cheap countries.
 */
function campaignMix(campaign: EventCampaign, audience: Audience, random: SeededRandom, offered?: ReadonlyMap<number, number>): CampaignMix {
  const country = listRule(audience, 'country');
  const geoNamed = geoCountries(audience);
  const pool = PROFILES.filter((p) => (!country || country.values.has(p.id) === country.accept) && (!geoNamed || geoNamed.has(p.id)) && (!offered || (offered.get(p.id) ?? 0) > 0));
  const countries = (pool.length ? pool : PROFILES).map((p) => [p, offered?.get(p.id) ?? p.users] as [CountryProfile & { id: number }, number]);
  // Sites: an include list of spots or sites names them; otherwise a sample of the sites that sell the format.
  const spotList = included(listRule(audience, 'spot'));
  const spots = spotList && new Map<number, number[]>();
  for (const spot of spotList ?? []) spots!.set(Math.floor(spot / 10), [...(spots!.get(Math.floor(spot / 10)) ?? []), spot]);
  const siteRule = listRule(audience, 'site');
  const named = spots ? [...spots.keys()] : included(siteRule);
  const selling = sites().filter((s) => (s.ad_formats as readonly string[]).includes(campaign.adFormat));
  const bids = new Map<number, number>();
  for (const bid of campaign.siteBiddings ?? []) for (const site of bid.sites) bids.set(site, units4(bid.price));
  // Sites with a bid of their own are bought even when the sample missed them.
  const sampled = named ?? random.sample(selling.length ? selling : sites(), 250).map((s) => s.id);
  const picked = named ?? [...sampled, ...[...bids.keys()].filter((id) => !sampled.includes(id))];
  const price = Math.max(1, units4(campaign.price));
  // Zipf: a few big sites carry most of the traffic (a bid site the sample missed ranks tenth). A site bid above the
  // price wins more of its traffic, below less.
  const siteWeights = picked
    .filter((id) => !siteRule || siteRule.values.has(id) === siteRule.accept)
    .map((id, rank) => [id, (1 / (Math.min(rank, sampled.includes(id) ? rank : 9) + 1)) * Math.min(4, Math.max(0.25, (bids.get(id) ?? price) / price))] as [number, number]);
  const others = random.sample(trafficProviders.filter((p) => p.id !== 1).map((p) => p.id), 7);
  const own = (campaign.ownProviders ?? []).map((id, rank) => [id, 0.3 / (rank + 1)] as [number, number]);
  const providers: [number, number][] = [[1, 0.45], ...others.map((id, rank) => [id, 0.55 / (rank + 1.6)] as [number, number]), ...own];
  return { countries, sites: siteWeights, spots, unknownSites: !named, providers, bids, apps: included(listRule(audience, 'mobile_app')) };
}

/** One visitor (the statistics' dimensions), its country's profile and tier: where the impression (or auction) came from. */
function visitor(mix: CampaignMix, format: string, random: SeededRandom): { v: Visitor; country: CountryProfile; tier: 1 | 2 | 3 | 4 } {
  const country = random.weighted(mix.countries);
  const profile = formatProfile(format);
  const mobileShare = Math.min(0.97, country.mobile * profile.mobile);
  let trafficPlatformId: number;
  let operatingSystemId: number;
  let browserId: number;
  let carrierId = 0;
  if (profile.tv && random.chance(0.03)) {
    trafficPlatformId = 4;
    operatingSystemId = random.weighted(TV_OS);
    browserId = random.weighted(BROWSERS.tv);
  } else if (profile.iosOnly || random.chance(mobileShare)) {
    const tablet = random.chance(0.08);
    trafficPlatformId = tablet ? 3 : 2;
    const ios = profile.iosOnly || random.chance(Math.min(1, country.ios * profile.ios));
    operatingSystemId = ios ? (tablet ? 3 : 2) : 1;
    browserId = random.weighted(ios ? BROWSERS.ios : BROWSERS.android);
    if (!tablet && !random.chance(country.wifi)) carrierId = random.pick(CARRIERS_BY_COUNTRY.get(country.iso2) ?? [0]);
  } else {
    trafficPlatformId = 1;
    operatingSystemId = random.weighted(DESKTOP_OS);
    browserId = random.weighted(operatingSystemId === 5 ? BROWSERS.mac : BROWSERS.desktop);
  }
  // XML feeds often do not say which site the visitor was on.
  const providerId = random.weighted(mix.providers);
  const siteId = mix.unknownSites && random.chance(0.07) ? 0 : mix.sites.length ? random.weighted(mix.sites) : 0;
  const spotId = !siteId ? 0 : mix.spots ? random.pick(mix.spots.get(siteId) ?? [0]) : siteId * 10 + random.int(1, 3);
  const v: Visitor = { country: country.id, traffic_platform: trafficPlatformId, operating_system: operatingSystemId, browser: browserId, carrier: carrierId, provider: providerId, site: siteId, spot: spotId };
  return { v, country, tier: tierOf(country.iso2) };
}

/** An event line of a campaign about a visitor (one object: a seed writes millions of them). */
function eventRow(campaign: EventCampaign, occurredAt: number, creativeId: number, kind: number, weight: number, v: Visitor, costMicros: number, payoutUnits: number): EventRow {
  return { occurredAt, userId: campaign.userId, campaignId: campaign.id, creativeId, kind, weight, providerId: v.provider, countryId: v.country, browserId: v.browser, operatingSystemId: v.operating_system, carrierId: v.carrier, trafficPlatformId: v.traffic_platform, siteId: v.site, spotId: v.spot, costMicros: campaign.prepaid ? 0 : costMicros, payoutUnits };
}

/** Randomized rounding: `x` = 2.3 gives 2 or 3 with the right odds, so sums stay true. */
const roundRandom = (x: number, random: SeededRandom) => Math.floor(x) + (random.chance(x - Math.floor(x)) ? 1 : 0);

/** Draws of a binomial: how many of `n` events with chance `p` happen (exact up to 64, then Poisson or normal). */
function binomial(n: number, p: number, random: SeededRandom): number {
  if (n <= 0 || p <= 0) return 0;
  if (p >= 1) return n;
  if (n <= 64) {
    let k = 0;
    for (let i = 0; i < n; i++) if (random.chance(p)) k++;
    return k;
  }
  const mean = n * p;
  if (mean < 30) {
    const floor = Math.exp(-mean);
    let k = 0;
    for (let product = random.next(); product > floor; product *= random.next()) k++;
    return Math.min(n, k);
  }
  // Box–Muller, one draw.
  const normal = Math.sqrt(-2 * Math.log(1 - random.next())) * Math.cos(2 * Math.PI * random.next());
  return Math.min(n, Math.max(0, Math.round(mean + normal * Math.sqrt(mean * (1 - p)))));
}

const DIURNAL_SUM = DIURNAL.reduce((a, b) => a + b, 0);

/**
 * From a sample of the campaign's visitors: the share its targets accept (countries aside: the mix has only its own),
 * and the CTR it can expect of them (the format's, × their tiers', × its creatives' mean appeal).
 */
function acceptanceOf(campaign: EventCampaign, audience: Audience, mix: CampaignMix, random: SeededRandom): { acceptance: number; ctr: number } {
  const wanted = needs(audience);
  const draws = 400;
  let kept = 0;
  let tierCtr = 0;
  for (let i = 0; i < draws; i++) {
    const drawn = visitor(mix, campaign.adFormat, random);
    if (wanted.size) drawTraits(drawn.v, wanted, { country: drawn.country, format: campaign.adFormat, apps: mix.apps }, random);
    if (!inAudience(audience, drawn.v)) continue;
    kept++;
    tierCtr += TIER_FACTORS[drawn.tier].ctr;
  }
  const appeal = campaign.creativeIds.reduce((a, id) => a + (id ? creativeAppeal(id) : 1), 0) / campaign.creativeIds.length;
  return { acceptance: kept / draws, ctr: Math.min(0.95, formatProfile(campaign.adFormat).ctr * (kept ? tierCtr / kept : 1) * appeal) };
}

/** What one campaign's run is planned on: its random stream, audience and visitor mix, and its volume per hour. */
interface CampaignPlan {
  random: SeededRandom;
  audience: Audience;
  mix: CampaignMix;
  /** Budget mode: relative intensity per hour; traffic mode: impressions offered per hour (after its targets). */
  curve: Float64Array;
  /** Share of drawn visitors its targets accept (traffic mode; 1 otherwise). */
  acceptance: number;
  /** The CTR it can expect (traffic mode: sizes its share of the lines). */
  ctr: number;
  /** Impressions each impression line stands for (traffic mode; 1 otherwise). */
  weight: number;
}

/** A campaign's limits; spending evenly through the day (the throttle target) paces a daily limit: at most a 24th of it an hour. */
function pacedCaps(campaign: EventCampaign): Caps {
  const smooth = (campaign.targets?.throttle as { smooth_spend_rate?: boolean } | undefined)?.smooth_spend_rate === true;
  const given: Caps = campaign.caps ?? NO_CAPS;
  return smooth && Number.isFinite(given.daily) ? { ...given, hourly: Math.min(given.hourly, Math.ceil(given.daily / 24)) } : given;
}

/**
 * What a campaign in traffic mode is expected to buy in all, hour by hour as the generator does but with expected
 * values: the offered impressions, stopped by its schedule and limits (a money limit at the average price of an
 * impression). It only sizes the campaign's share of the event lines.
 */
function expectedImpressions(campaign: EventCampaign, curve: Float64Array, start: number, ctr: number, cumulative?: Float64Array): number {
  const profile = formatProfile(campaign.adFormat);
  const bidMicros = units4(campaign.price) * 100;
  const model = campaign.pricingModel;
  const perImpression: Used = {
    moneyMicros: model === 'cpm' || model === 'cpm_goal' ? (bidMicros * 0.8) / 1000 : model === 'cpa' ? ctr * Math.min(0.5, profile.cvr * 3) * bidMicros : ctr * 0.9 * bidMicros,
    impressions: 1,
    clicks: ctr,
  };
  const kind: keyof Used = campaign.limitType === 'impressions' ? 'impressions' : campaign.limitType === 'clicks' ? 'clicks' : 'moneyMicros';
  const caps = pacedCaps(campaign);
  let total = campaign.used?.total[kind] ?? 0;
  let daily = campaign.used?.day[kind] ?? 0;
  let day = Math.floor(start / DAY);
  let bought = 0;
  for (let h = 0; h < curve.length; h++) {
    const hourStart = start + h * HOUR;
    if (campaign.until !== undefined && hourStart + HOUR > campaign.until) break;
    if (Math.floor(hourStart / DAY) !== day) {
      day = Math.floor(hourStart / DAY);
      daily = 0;
    }
    if (cumulative) cumulative[h] = bought;
    if (campaign.schedule && (datesState(campaign.schedule, hourStart) !== 'within' || !hourOpen(campaign.schedule.calendar, hourStart))) continue;
    const left = Math.min(caps.total - total, caps.daily - daily, caps.hourly) / Math.max(1e-9, perImpression[kind]);
    const impressions = Math.max(0, Math.min(curve[h], left));
    bought += impressions;
    if (cumulative) cumulative[h] = bought;
    total += impressions * perImpression[kind];
    daily += impressions * perImpression[kind];
  }
  return bought;
}

/**
 * The events of `campaigns` over the last `days` days, in time order per campaign, delivered in batches
 * (`onBatch`) so a million lines never sit in memory at once.
 *
 * A campaign with `traffic` buys what the traffic model offers it (its countries' won impressions a day, × the share
 * of visitors its other targets accept, spread over the day's hours), and its lines carry weights: each impression
 * line stands for `weight` impressions (the statistics sum weights), its clicks and video views are drawn for all of
 * them, and a limit cuts the line that reaches it to what is left. Its share of `events` grows with the square root of
 * what it is expected to buy, so a small campaign still gets enough lines for its reports.
 * @returns how many lines were generated.
 */
export async function generateEvents(campaigns: readonly EventCampaign[], options: GenerateOptions, onBatch: (rows: EventRow[]) => Promise<void>, batchSize = 20_000): Promise<number> {
  const { events, days = 90, now = new Date(), seed = 'demo-statistics' } = options;
  const end = Math.floor(now.getTime() / HOUR) * HOUR; // the current hour is still being counted: up to its start
  const start = options.from ? Math.floor(options.from.getTime() / HOUR) * HOUR : Math.floor((end - days * DAY) / DAY) * DAY;
  if (!campaigns.length || events <= 0 || end <= start) return 0;
  const hours = Math.round((end - start) / HOUR);

  // Each campaign's volume per hour. Budget mode: its size × the daily curve × the weekend swing × trend × noise.
  // Traffic mode: the model's impressions it wins on the hour's day × the acceptance of its targets × the daily curve × noise.
  const shape = new SeededRandom(`${seed}:shape`);
  const plans: CampaignPlan[] = campaigns.map((campaign) => {
    const profile = formatProfile(campaign.adFormat);
    const random = new SeededRandom(`${seed}:campaign:${campaign.id}:${start}`);
    const audience = audienceOf(campaign.targets);
    const size = (campaign.scale ?? 1) * shape.logUniform(0.5, 2);
    const curve = new Float64Array(hours);
    if (!campaign.traffic) {
      const mix = campaignMix(campaign, audience, random);
      for (let h = 0; h < hours; h++) {
        const at = new Date(start + h * HOUR);
        const weekend = at.getUTCDay() === 0 || at.getUTCDay() === 6 ? profile.weekend : 1;
        const trend = 0.8 + 0.4 * (h / hours);
        curve[h] = size * DIURNAL[at.getUTCHours()] * weekend * trend * (0.75 + 0.5 * shape.next());
      }
      return { random, audience, mix, curve, acceptance: 1, ctr: profile.ctr, weight: 1 };
    }
    const traffic = campaign.traffic;
    const mix = campaignMix(campaign, audience, random, traffic(Math.floor((end - 1) / DAY)));
    const countries = mix.countries.map(([c]) => c.id);
    const { acceptance, ctr } = acceptanceOf(campaign, audience, mix, new SeededRandom(`${seed}:acceptance:${campaign.id}`));
    let day = NaN;
    let offered = 0;
    for (let h = 0; h < hours; h++) {
      const at = start + h * HOUR;
      if (Math.floor(at / DAY) !== day) {
        day = Math.floor(at / DAY);
        const won = traffic(day);
        offered = countries.reduce((sum, id) => sum + (won.get(id) ?? 0), 0);
      }
      curve[h] = ((offered * acceptance * DIURNAL[new Date(at).getUTCHours()]) / DIURNAL_SUM) * (0.85 + 0.3 * shape.next());
    }
    return { random, audience, mix, curve, acceptance, ctr, weight: 1 };
  });
  // Lines one impression line (of `weight` impressions) writes on average: the win, the impression (most render), and
  // a video view, click and conversion line when any of its impressions has one, and its share of the sampled
  // requests and bids.
  const linesPerWin = (format: string, weight = 1, ctr = Math.min(0.95, formatProfile(format).ctr)) => {
    const profile = formatProfile(format);
    const any = (p: number) => 1 - (1 - p) ** weight;
    const rendered = 1 + any(profile.videoViews ?? 0) + any(ctr) + any(ctr * Math.min(0.5, profile.cvr * 3));
    return 1 + (1 - FUNNEL.lostRenders) * rendered + FUNNEL.requestsPerImpression / SAMPLE_WEIGHT.request! + FUNNEL.bidsPerImpression / SAMPLE_WEIGHT.bid!;
  };
  // The budget of lines, shared by campaigns: budget-mode ones by their volume (so the total lands near `events`),
  // traffic-mode ones by the square root of what they are expected to buy, each line weighing what it must.
  const budgetShare = campaigns.filter((c) => !c.traffic).length / campaigns.length;
  const expectedLines = campaigns.reduce((sum, c, i) => sum + (c.traffic ? 0 : linesPerWin(c.adFormat) * plans[i].curve.reduce((a, b) => a + b, 0)), 0);
  const impressionsPerIntensity = expectedLines > 0 ? (events * budgetShare) / expectedLines : 0;
  const cumulative = campaigns.map((c) => (c.traffic ? new Float64Array(hours) : null));
  const expected = campaigns.map((c, i) => (c.traffic ? expectedImpressions(c, plans[i].curve, start, plans[i].ctr, cumulative[i]!) : 0));
  const lineShares = campaigns.map(() => 0);
  const roots = expected.reduce((a, n) => a + Math.sqrt(n), 0);
  for (const [i, campaign] of campaigns.entries()) {
    if (!campaign.traffic || expected[i] <= 0) continue;
    const lines = (events * (1 - budgetShare) * Math.sqrt(expected[i])) / roots;
    // The lines an impression line writes grow with its weight: a few rounds settle it.
    let weight = 1;
    for (let round = 0; round < 4; round++) weight = Math.max(1, Math.ceil((expected[i] * linesPerWin(campaign.adFormat, weight, plans[i].ctr)) / lines));
    plans[i].weight = weight;
    lineShares[i] = lines;
  }

  let batch: EventRow[] = [];
  let written = 0;
  const push = async (row: EventRow) => {
    batch.push(row);
    if (batch.length >= batchSize) {
      written += batch.length;
      await onBatch(batch);
      batch = [];
    }
  };

  for (const [index, campaign] of campaigns.entries()) {
    const { random, audience, mix, curve, acceptance } = plans[index];
    let weight = plans[index].weight;
    // Traffic mode steers its weight day by day so its lines stay near its share of the budget: the expected volume
    // its limits let through is an estimate (prices and clicks vary), the lines written are a count.
    const startWeight = weight;
    const planned = cumulative[index];
    const share = lineShares[index];
    let linesWritten = 0;
    // Σ lines × the weight they were written at: the lines it would have written at its starting weight, × that weight.
    let work = 0;
    const counted = (write: typeof push) => {
      linesWritten++;
      work += weight;
      return write;
    };
    const profile = formatProfile(campaign.adFormat);
    const priceUnits = units4(campaign.price);
    const goals = new Map<number, number>();
    for (const goal of campaign.cpaGoals ?? []) for (const country of goal.countries) goals.set(country, units4(goal.price));
    // Smart rotation: what each creative showed, and since when, decide the winner hour by hour.
    const rotation = campaign.rotation;
    const shown = new Map(campaign.creativeIds.map((id) => [id, { creativeId: id, impressions: 0, clicks: 0 }]));
    for (const s of rotation?.shown ?? []) if (shown.has(s.creativeId)) shown.set(s.creativeId, { ...s });
    let since = rotation?.since ?? null;
    let winnerId: number | null = null;
    const wanted = needs(audience);
    // Impressions per hour: traffic mode's curve is in impressions already.
    const perHour = campaign.traffic ? 1 : impressionsPerIntensity;
    // The frequency cap: the people the campaign reaches (a line's people, in traffic mode, are one of them), and the
    // clock hours each saw it in.
    const frequency = audience.frequency;
    const people = frequency ? Math.max(20, Math.round((0.6 * 24 * curve.reduce((a, b) => a + b, 0) * perHour) / hours / weight)) : 0;
    const seen = new Map<number, number[]>();
    const capped = (person: number, h: number, cap: { cap: number; ttlHours: number }) => (seen.get(person) ?? []).filter((at) => at > h - cap.ttlHours).length >= cap.cap;
    // Traffic mode counted the targets' refusals in its volume: it keeps drawing until a visitor fits.
    const attempts = campaign.traffic ? Math.min(400, Math.ceil(8 / Math.max(0.02, acceptance))) : 8;
    /** A visitor the campaign's targets accept; null when a few draws find none (the impression goes to others). */
    const targeted = (h: number) => {
      for (let attempt = 0; attempt < attempts; attempt++) {
        const drawn = visitor(mix, campaign.adFormat, random);
        if (wanted.size) drawTraits(drawn.v, wanted, { country: drawn.country, format: campaign.adFormat, apps: mix.apps }, random);
        if (!inAudience(audience, drawn.v)) continue;
        if (frequency) {
          drawn.v.person = Math.floor(people * random.next() ** 1.5);
          if (capped(drawn.v.person, h, frequency)) continue;
        }
        return drawn;
      }
      return null;
    };
    const model = campaign.pricingModel;
    const paysImpressions = model === 'cpm' || model === 'cpm_goal';
    const paysClicks = model === 'cpc' || model === 'cpc_goal';
    const limitType = campaign.limitType ?? 'money';
    const caps = pacedCaps(campaign);
    const zero = (): Used => ({ moneyMicros: 0, impressions: 0, clicks: 0 });
    // What each limit counts so far: the run's first day starts from what was bought on it before the run.
    const used: Record<LimitPeriod, Used> = { total: { ...(campaign.used?.total ?? zero()) }, daily: { ...(campaign.used?.day ?? zero()) }, hourly: zero() };
    const spend = (kind: keyof Used, amount: number) => {
      used.total[kind] += amount;
      used.daily[kind] += amount;
      used.hourly[kind] += amount;
    };
    const stopped = () => reachedLimit(limitType, caps, used) !== null;
    /** What is left of the limits of one kind (Infinity without such limits). */
    const left = (kind: keyof Used) => Math.max(0, Math.min(caps.total - used.total[kind], caps.daily - used.daily[kind], caps.hourly - used.hourly[kind]));
    // A money limit is never overshot: the charge that reaches it is cut to what is left of it (the limit's last cents).
    const charge = (micros: number) => (limitType === 'money' && micros > 0 ? Math.min(micros, left('moneyMicros')) : micros);
    /**
     * How many of `count` impressions or clicks, `unit` micros each, the limits let through and what they cost: a count
     * limit takes what is left of it, a money limit as many as it pays for, and the one that reaches it only what is left.
     */
    const fit = (count: number, unit: number, kind: 'impressions' | 'clicks'): [number, number] => {
      let n = limitType === kind ? Math.min(count, left(kind)) : count;
      let cost = Math.floor(n * unit);
      if (limitType === 'money' && cost > 0 && cost > left('moneyMicros')) {
        const money = left('moneyMicros');
        n = Math.max(1, Math.min(n, Math.floor(money / unit)));
        cost = Math.min(Math.floor(n * unit), money);
      }
      return [n, cost];
    };
    let day = Math.floor(start / DAY);
    for (let h = 0; h < hours; h++) {
      const hourStart = start + h * HOUR;
      if (campaign.until !== undefined && hourStart + HOUR > campaign.until) break; // paused: nothing from then on
      if (Math.floor(hourStart / DAY) !== day) {
        day = Math.floor(hourStart / DAY);
        used.daily = zero();
        // How many lines its starting weight writes per planned line so far (1 when the plan was right), and the
        // weight that spends what is left of its share on what is left of its plan.
        const plannedLines = planned && expected[index] > 0 ? (share * planned[h - 1]) / expected[index] : 0;
        if (plannedLines > 50 && work > 0 && share > plannedLines) {
          const drift = work / startWeight / plannedLines;
          const rest = (drift * (share - plannedLines)) / Math.max(share / 20, share - linesWritten);
          weight = Math.max(1, Math.round(startWeight * Math.min(8, Math.max(0.25, rest))));
        }
      }
      used.hourly = zero();
      if (campaign.schedule && (datesState(campaign.schedule, hourStart) !== 'within' || !hourOpen(campaign.schedule.calendar, hourStart))) continue;
      if (stopped()) continue; // a limit holds it until the hour or day turns (a total one for good)
      if (rotation && winnerId === null && since !== null) winnerId = rotationState(rotation.settings, campaign.creativeIds, [...shown.values()], (hourStart - since) / HOUR).winnerId;
      const impressions = roundRandom((curve[h] * perHour) / weight, random);
      const at = () => hourStart + Math.floor(random.next() * HOUR);
      // The impression lines the hour gets to (a limit may stop it first): its auctions are theirs.
      let reached = 0;
      for (let i = 0; i < impressions && !stopped(); i++, reached++) {
        const drawn = targeted(h);
        if (!drawn) continue;
        const { v } = drawn;
        const quality = v.site ? siteQuality(v.site) : 1;
        // Smart bidding bids less where traffic converts worse: it wins much less there (the chance falls with the
        // cube of the lower bid: others outbid it), and pays less when it wins.
        const bidFactor = campaign.smartBidding ? Math.min(1, quality) : 1;
        if (bidFactor < 1 && !random.chance(bidFactor ** 3)) continue;
        const bid = (mix.bids.get(v.site) ?? priceUnits) * bidFactor;
        const tier = TIER_FACTORS[drawn.tier];
        const creativeId = winnerId ?? random.pick(campaign.creativeIds);
        const creative = shown.get(creativeId)!;
        const time = at();
        const line = (kind: number, costMicros = 0, payoutUnits = 0, offset = 0, count = 1) =>
          counted(push)(eventRow(campaign, Math.min(time + offset, hourStart + HOUR - 1), creativeId, kind, count, v, costMicros, payoutUnits));
        if (random.chance(FUNNEL.lostRenders)) {
          await line(EVENT_KIND.win, 0, 0, 0, weight);
          continue; // won, never rendered: not billed
        }
        const [fitted, impressionCost] = fit(weight, paysImpressions ? (bid * 100 * (0.6 + 0.4 * random.next())) / 1000 : 0, 'impressions');
        if (fitted <= 0) break;
        spend('moneyMicros', impressionCost);
        // Its clicks. A money or clicks limit that stops it part-way through them stops its impressions there too.
        let clicks = 0;
        let clickCost = 0;
        const drawnClicks = binomial(fitted, Math.min(0.95, profile.ctr * tier.ctr * (creativeId ? creativeAppeal(creativeId) : 1)), random);
        if (drawnClicks && !(limitType === 'clicks' && left('clicks') <= 0)) [clicks, clickCost] = fit(drawnClicks, paysClicks ? bid * 100 * (0.8 + 0.2 * random.next()) : 0, 'clicks');
        const shownCount = clicks < drawnClicks ? Math.max(1, Math.round((fitted * Math.max(clicks, 0.5)) / drawnClicks)) : fitted;
        await line(EVENT_KIND.win, 0, 0, 0, shownCount);
        spend('impressions', shownCount);
        creative.impressions += shownCount;
        since ??= hourStart;
        if (frequency && v.person !== undefined) seen.set(v.person, [...(seen.get(v.person) ?? []).filter((at) => at > h - frequency.ttlHours), h]);
        options.onImpression?.(campaign.id, v);
        await line(EVENT_KIND.impression, impressionCost, 0, 0, shownCount);
        const views = profile.videoViews ? binomial(shownCount, profile.videoViews, random) : 0;
        if (views) await line(EVENT_KIND.video_view, 0, 0, 15_000, views);
        if (!clicks) continue;
        spend('moneyMicros', clickCost);
        spend('clicks', clicks);
        creative.clicks += clicks;
        await line(EVENT_KIND.click, clickCost, 0, 2_000, clicks);
        const drawnConversions = binomial(clicks, Math.min(0.5, profile.cvr * tier.cvr * 3 * quality), random);
        if (!drawnConversions) continue;
        // CPA pays each conversion the goal's price for its country, else the campaign's; a money limit cuts as clicks.
        const perConversion = model === 'cpa' ? (goals.get(v.country) ?? priceUnits) * 100 : 0;
        let conversions = drawnConversions;
        let conversionCost = conversions * perConversion;
        if (limitType === 'money' && conversionCost > left('moneyMicros')) {
          conversions = Math.max(1, Math.min(conversions, Math.floor(left('moneyMicros') / perConversion)));
          conversionCost = charge(conversions * perConversion);
        }
        spend('moneyMicros', conversionCost);
        // The advertiser's payout: what each sale was worth to them, 2–40 in money, whole cents (a sample of them
        // stands for the rest when there are many).
        const sampled = Math.min(conversions, 16);
        let payout = 0;
        for (let c = 0; c < sampled; c++) payout += Math.round(random.logUniform(2, 40) * 100) * 100;
        payout = Math.round((payout * conversions) / sampled / 100) * 100;
        await line(EVENT_KIND.conversion, conversionCost, payout, 60_000 + Math.floor(random.next() * 600_000), conversions);
      }
      // Sampled auctions of the hour's impressions: one line per SAMPLE_WEIGHT requests (bids), each from its own
      // visitor. A campaign stopped by a limit bids no more.
      for (const [kind, perImpression] of [['request', FUNNEL.requestsPerImpression], ['bid', FUNNEL.bidsPerImpression]] as const) {
        const sample = SAMPLE_WEIGHT[kind]!;
        const lines = roundRandom((reached * perImpression) / sample, random);
        for (let i = 0; i < lines; i++) {
          const { v } = visitor(mix, campaign.adFormat, random);
          await counted(push)(eventRow(campaign, at(), 0, EVENT_KIND[kind], sample * weight, v, 0, 0));
        }
      }
    }
  }
  if (batch.length) {
    written += batch.length;
    await onBatch(batch);
  }
  return written;
}
