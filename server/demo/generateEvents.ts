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
 * formatProfiles.json's. Auctions around it (requests, bids, wins) are logged sampled.
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
  /** When it stopped buying (a paused campaign: when it was paused), ms since the epoch; no events from then on. */
  until?: number;
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

function campaignMix(campaign: EventCampaign, audience: Audience, random: SeededRandom): CampaignMix {
  const country = listRule(audience, 'country');
  const geoNamed = geoCountries(audience);
  const pool = PROFILES.filter((p) => (!country || country.values.has(p.id) === country.accept) && (!geoNamed || geoNamed.has(p.id)));
  const countries = (pool.length ? pool : PROFILES).map((p) => [p, p.users] as [CountryProfile & { id: number }, number]);
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
  const providers: [number, number][] = [[1, 0.45], ...others.map((id, rank) => [id, 0.55 / (rank + 1.6)] as [number, number])];
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
  return { occurredAt, userId: campaign.userId, campaignId: campaign.id, creativeId, kind, weight, providerId: v.provider, countryId: v.country, browserId: v.browser, operatingSystemId: v.operating_system, carrierId: v.carrier, trafficPlatformId: v.traffic_platform, siteId: v.site, spotId: v.spot, costMicros, payoutUnits };
}

/** Randomized rounding: `x` = 2.3 gives 2 or 3 with the right odds, so sums stay true. */
const roundRandom = (x: number, random: SeededRandom) => Math.floor(x) + (random.chance(x - Math.floor(x)) ? 1 : 0);

/**
 * The events of `campaigns` over the last `days` days, in time order per campaign, delivered in batches
 * (`onBatch`) so a million lines never sit in memory at once.
 * @returns how many lines were generated.
 */
export async function generateEvents(campaigns: readonly EventCampaign[], options: GenerateOptions, onBatch: (rows: EventRow[]) => Promise<void>, batchSize = 20_000): Promise<number> {
  const { events, days = 90, now = new Date(), seed = 'demo-statistics' } = options;
  const end = Math.floor(now.getTime() / HOUR) * HOUR; // the current hour is still being counted: up to its start
  const start = options.from ? Math.floor(options.from.getTime() / HOUR) * HOUR : Math.floor((end - days * DAY) / DAY) * DAY;
  if (!campaigns.length || events <= 0 || end <= start) return 0;
  const hours = Math.round((end - start) / HOUR);

  // Intensity of every campaign-hour: the campaign's size × the daily curve × the weekend swing × trend × noise.
  const shape = new SeededRandom(`${seed}:shape`);
  const intensity = campaigns.map((campaign) => {
    const profile = formatProfile(campaign.adFormat);
    const size = (campaign.scale ?? 1) * shape.logUniform(0.5, 2);
    const curve = new Float64Array(hours);
    for (let h = 0; h < hours; h++) {
      const at = new Date(start + h * HOUR);
      const weekend = at.getUTCDay() === 0 || at.getUTCDay() === 6 ? profile.weekend : 1;
      const trend = 0.8 + 0.4 * (h / hours);
      curve[h] = size * DIURNAL[at.getUTCHours()] * weekend * trend * (0.75 + 0.5 * shape.next());
    }
    return curve;
  });
  // Lines one won auction writes on average: the win, its impression (most render), video view, click and
  // conversion, and its share of the sampled requests and bids. Weighted by each campaign's volume, so the total
  // lands near `events`.
  const linesPerWin = (format: string) => {
    const profile = formatProfile(format);
    const ctr = Math.min(0.95, profile.ctr);
    const rendered = 1 + (profile.videoViews ?? 0) + ctr * (1 + Math.min(0.5, profile.cvr * 3));
    return 1 + (1 - FUNNEL.lostRenders) * rendered + FUNNEL.requestsPerImpression / SAMPLE_WEIGHT.request! + FUNNEL.bidsPerImpression / SAMPLE_WEIGHT.bid!;
  };
  const expectedLines = campaigns.reduce((sum, c, i) => sum + linesPerWin(c.adFormat) * intensity[i].reduce((a, b) => a + b, 0), 0);
  const impressionsPerIntensity = events / expectedLines;

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
    const random = new SeededRandom(`${seed}:campaign:${campaign.id}:${start}`);
    const audience = audienceOf(campaign.targets);
    const mix = campaignMix(campaign, audience, random);
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
    // The frequency cap: the people the campaign reaches, and the clock hours each saw it in.
    const frequency = audience.frequency;
    const people = frequency ? Math.max(20, Math.round((0.6 * 24 * intensity[index].reduce((a, b) => a + b, 0) * impressionsPerIntensity) / hours)) : 0;
    const seen = new Map<number, number[]>();
    const capped = (person: number, h: number, cap: { cap: number; ttlHours: number }) => (seen.get(person) ?? []).filter((at) => at > h - cap.ttlHours).length >= cap.cap;
    /** A visitor the campaign's targets accept; null when a few draws find none (the impression goes to others). */
    const targeted = (h: number) => {
      for (let attempt = 0; attempt < 8; attempt++) {
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
    // Spending evenly through the day (the throttle target) paces a daily limit: at most a 24th of it an hour.
    const smooth = (campaign.targets?.throttle as { smooth_spend_rate?: boolean } | undefined)?.smooth_spend_rate === true;
    const given: Caps = campaign.caps ?? NO_CAPS;
    const caps: Caps = smooth && Number.isFinite(given.daily) ? { ...given, hourly: Math.min(given.hourly, Math.ceil(given.daily / 24)) } : given;
    const zero = (): Used => ({ moneyMicros: 0, impressions: 0, clicks: 0 });
    // What each limit counts so far: the run's first day starts from what was bought on it before the run.
    const used: Record<LimitPeriod, Used> = { total: { ...(campaign.used?.total ?? zero()) }, daily: { ...(campaign.used?.day ?? zero()) }, hourly: zero() };
    const spend = (kind: keyof Used, amount: number) => {
      used.total[kind] += amount;
      used.daily[kind] += amount;
      used.hourly[kind] += amount;
    };
    const stopped = () => reachedLimit(limitType, caps, used) !== null;
    // A money limit is never overshot: the charge that reaches it is cut to what is left of it (the limit's last cents).
    const charge = (micros: number) => (limitType === 'money' && micros > 0 ? Math.min(micros, Math.max(0, Math.min(caps.total - used.total.moneyMicros, caps.daily - used.daily.moneyMicros, caps.hourly - used.hourly.moneyMicros))) : micros);
    let day = Math.floor(start / DAY);
    for (let h = 0; h < hours; h++) {
      const hourStart = start + h * HOUR;
      if (campaign.until !== undefined && hourStart + HOUR > campaign.until) break; // paused: nothing from then on
      if (Math.floor(hourStart / DAY) !== day) {
        day = Math.floor(hourStart / DAY);
        used.daily = zero();
      }
      used.hourly = zero();
      if (campaign.schedule && (datesState(campaign.schedule, hourStart) !== 'within' || !hourOpen(campaign.schedule.calendar, hourStart))) continue;
      if (stopped()) continue; // a limit holds it until the hour or day turns (a total one for good)
      if (rotation && winnerId === null && since !== null) winnerId = rotationState(rotation.settings, campaign.creativeIds, [...shown.values()], (hourStart - since) / HOUR).winnerId;
      const impressions = roundRandom(intensity[index][h] * impressionsPerIntensity, random);
      const at = () => hourStart + Math.floor(random.next() * HOUR);
      // Sampled auctions: one line per SAMPLE_WEIGHT requests (bids), each from its own visitor.
      for (const [kind, perImpression] of [['request', FUNNEL.requestsPerImpression], ['bid', FUNNEL.bidsPerImpression]] as const) {
        const weight = SAMPLE_WEIGHT[kind]!;
        const lines = roundRandom((impressions * perImpression) / weight, random);
        for (let i = 0; i < lines; i++) {
          const { v } = visitor(mix, campaign.adFormat, random);
          await push(eventRow(campaign, at(), 0, EVENT_KIND[kind], weight, v, 0, 0));
        }
      }
      for (let i = 0; i < impressions && !stopped(); i++) {
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
        const line = (kind: number, costMicros = 0, payoutUnits = 0, offset = 0) =>
          push(eventRow(campaign, Math.min(time + offset, hourStart + HOUR - 1), creativeId, kind, 1, v, costMicros, payoutUnits));
        await line(EVENT_KIND.win);
        if (random.chance(FUNNEL.lostRenders)) continue; // won, never rendered: not billed
        const impressionCost = charge(paysImpressions ? Math.floor((bid * 100 * (0.6 + 0.4 * random.next())) / 1000) : 0);
        spend('moneyMicros', impressionCost);
        spend('impressions', 1);
        creative.impressions++;
        since ??= hourStart;
        if (frequency && v.person !== undefined) seen.set(v.person, [...(seen.get(v.person) ?? []).filter((at) => at > h - frequency.ttlHours), h]);
        options.onImpression?.(campaign.id, v);
        await line(EVENT_KIND.impression, impressionCost);
        if (profile.videoViews && random.chance(profile.videoViews)) await line(EVENT_KIND.video_view, 0, 0, 15_000);
        if (!random.chance(Math.min(0.95, profile.ctr * tier.ctr * (creativeId ? creativeAppeal(creativeId) : 1)))) continue;
        const clickCost = charge(paysClicks ? Math.floor(bid * 100 * (0.8 + 0.2 * random.next())) : 0);
        spend('moneyMicros', clickCost);
        spend('clicks', 1);
        creative.clicks++;
        await line(EVENT_KIND.click, clickCost, 0, 2_000);
        if (!random.chance(Math.min(0.5, profile.cvr * tier.cvr * 3 * quality))) continue;
        const conversionCost = charge(model === 'cpa' ? (goals.get(v.country) ?? priceUnits) * 100 : 0);
        spend('moneyMicros', conversionCost);
        // The advertiser's payout: what the sale was worth to them, 2–40 in money, whole cents.
        const payout = Math.round(random.logUniform(2, 40) * 100) * 100;
        await line(EVENT_KIND.conversion, conversionCost, payout, 60_000 + Math.floor(random.next() * 600_000));
      }
    }
  }
  if (batch.length) {
    written += batch.length;
    await onBatch(batch);
  }
  return written;
}
