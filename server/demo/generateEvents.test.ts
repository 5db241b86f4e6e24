/**
 * The demo ad server honours each campaign's delivery contract (areas/campaigns/delivery.ts): the statistics it
 * writes never leave the calendar's hours or the campaign's dates, never pass a limit of the campaign's type, and
 * never come from an excluded country; it buys only the traffic the targets accept, at the site bids, bids less
 * where traffic converts worse with smart bidding, charges CPA goal prices, and rotates creatives as the ad says.
 */
import { describe, expect, it } from 'vitest';
import { capsOf } from '../areas/campaigns/delivery';
import { EVENT_KIND, type EventRow } from '../areas/statistics/events';
import { rotationState } from '../areas/ads/rotation';
import { sites } from '../reference/sites';
import { generateEvents, type EventCampaign } from './generateEvents';
import { creativeAppeal, siteQuality } from './visitorTraits';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** A fixed "now": Thursday 2026-11-26, 18:00 UTC; 6 days of history start on Friday 2026-11-20. */
const NOW = new Date('2026-11-26T18:00:00Z');

const base: EventCampaign = { id: 1, userId: 1, adFormat: 'popunder', pricingModel: 'cpm', price: '2.0000', creativeIds: [0] };

async function events(campaign: Partial<EventCampaign>, total = 20_000): Promise<EventRow[]> {
  const rows: EventRow[] = [];
  await generateEvents([{ ...base, ...campaign }], { events: total, days: 6, now: NOW }, async (batch) => void rows.push(...batch));
  return rows;
}

const impressions = (rows: EventRow[]) => rows.filter((r) => r.kind === EVENT_KIND.impression);
const dayOf = (at: number) => new Date(Math.floor(at / DAY) * DAY).toISOString().slice(0, 10);

/** Counts per key. */
function countBy(rows: EventRow[], key: (r: EventRow) => string | number): Map<string | number, number> {
  const out = new Map<string | number, number>();
  for (const r of rows) out.set(key(r), (out.get(key(r)) ?? 0) + 1);
  return out;
}

describe('the demo ad server', () => {
  it('buys only in the hours the calendar opens (here weekdays 9–16 UTC)', async () => {
    const open = [9, 10, 11, 12, 13, 14, 15, 16];
    const calendar = [open, open, open, open, open, [], []];
    const rows = await events({ schedule: { calendar, activeFrom: null, activeTo: null } });
    const shown = impressions(rows);
    expect(shown.length).toBeGreaterThan(100);
    for (const r of rows) {
      const at = new Date(r.occurredAt);
      expect([1, 2, 3, 4, 5]).toContain(at.getUTCDay());
      expect(open).toContain(at.getUTCHours());
    }
  });

  it('records a prepaid (flat deal) campaign\'s delivery at no cost: the deal\'s price pays for it', async () => {
    const paid = impressions(await events({}));
    const prepaid = await events({ prepaid: true });
    expect(paid.some((r) => r.costMicros > 0)).toBe(true);
    expect(impressions(prepaid).length).toBeGreaterThan(100);
    expect(prepaid.every((r) => r.costMicros === 0)).toBe(true);
  });

  it('buys only between active_from and the end of active_to', async () => {
    const rows = await events({ schedule: { calendar: null, activeFrom: '2026-11-22', activeTo: '2026-11-24' } });
    const days = [...countBy(impressions(rows), (r) => dayOf(r.occurredAt)).keys()].sort();
    expect(days).toEqual(['2026-11-22', '2026-11-23', '2026-11-24']);
  });

  it('stops for the rest of the day at an impressions daily limit, counting what the day bought before the run', async () => {
    const caps = capsOf('impressions', { daily: '150' });
    const rows = await events({ limitType: 'impressions', caps });
    const perDay = countBy(impressions(rows), (r) => dayOf(r.occurredAt));
    expect([...perDay.values()].every((n) => n <= 150)).toBe(true);
    expect([...perDay.values()].filter((n) => n === 150).length).toBeGreaterThanOrEqual(5);
    // A run that starts on a day that already bought 140 buys at most 10 more that day.
    const rest: EventRow[] = [];
    const from = new Date('2026-11-26T00:00:00Z');
    const used = { total: { moneyMicros: 0, impressions: 140, clicks: 0 }, day: { moneyMicros: 0, impressions: 140, clicks: 0 } };
    await generateEvents([{ ...base, limitType: 'impressions', caps, used }], { events: 5_000, from, now: NOW }, async (batch) => void rest.push(...batch));
    expect(impressions(rest).length).toBe(10);
  });

  it('stops for the rest of the hour at a money hourly limit, and for good at a clicks total limit', async () => {
    const hourly = await events({ limitType: 'money', caps: capsOf('money', { hourly: '0.05' }) });
    const perHour = new Map<number, number>();
    for (const r of hourly) perHour.set(Math.floor(r.occurredAt / HOUR), (perHour.get(Math.floor(r.occurredAt / HOUR)) ?? 0) + r.costMicros);
    // The impression that reaches the limit is the last, and is charged only what was left: never a cent over.
    expect(Math.max(...perHour.values())).toBe(50_000);

    const total = await events({ pricingModel: 'cpc', price: '0.0500', limitType: 'clicks', caps: capsOf('clicks', { total: '25' }) });
    const clicks = total.filter((r) => r.kind === EVENT_KIND.click);
    expect(clicks.length).toBe(25);
    const lastClick = Math.max(...clicks.map((r) => r.occurredAt));
    expect(impressions(total).every((r) => r.occurredAt <= lastClick + HOUR)).toBe(true);
  });

  it('never shows the ad in a country its target excludes', async () => {
    const rows = await events({ targets: { country: { accept: false, countries: [840, 276] } } });
    const countries = countBy(impressions(rows), (r) => r.countryId);
    expect(countries.size).toBeGreaterThan(20);
    expect(countries.has(840)).toBe(false);
    expect(countries.has(276)).toBe(false);
  });
});

describe('the demo ad server honours the targets an impression carries', () => {
  it('keeps an include list of operating systems and drops an exclude list of browsers', async () => {
    const rows = impressions(await events({ targets: { 'operating-system': { accept: true, operating_systems: [1, 4] }, browser: { accept: false, browsers: [1] } } }));
    expect(rows.length).toBeGreaterThan(500);
    expect([...countBy(rows, (r) => r.operatingSystemId).keys()].sort()).toEqual([1, 4]);
    expect(rows.some((r) => r.browserId === 1)).toBe(false);
  });

  it('buys on the platforms chosen, and not from the main provider when it is turned off', async () => {
    const rows = impressions(await events({ targets: { 'campaign-traffic-platform': { platforms: [1] }, 'traffic-provider': { enable_main_provider: false, selected: [] } } }));
    expect(rows.length).toBeGreaterThan(200);
    expect(new Set(rows.map((r) => r.trafficPlatformId))).toEqual(new Set([1]));
    expect(rows.some((r) => r.providerId === 1)).toBe(false);
  });

  it('buys from the owner’s own providers beside the network’s, and only from those a target selects', async () => {
    const all = await events({ ownProviders: [1001, 1002] });
    const byProvider = countBy(all, (r) => r.providerId);
    expect(byProvider.get(1001)).toBeGreaterThan(0);
    expect(byProvider.get(1002)).toBeGreaterThan(0);
    expect((byProvider.get(1001) ?? 0) / all.length).toBeLessThan(0.3);
    const only = impressions(await events({ ownProviders: [1001, 1002], targets: { 'traffic-provider': { enable_main_provider: false, selected: [1002] } } }));
    expect(only.length).toBeGreaterThan(0);
    expect(new Set(only.map((r) => r.providerId))).toEqual(new Set([1002]));
  });

  it('spends a daily limit evenly through the day when the throttle target asks, instead of using it up early', async () => {
    const caps = capsOf('impressions', { daily: '2400' });
    const perHour = (rows: EventRow[]) => [...countBy(impressions(rows), (r) => Math.floor(r.occurredAt / HOUR)).values()];
    const early = perHour(await events({ limitType: 'impressions', caps }, 60_000));
    const even = perHour(await events({ limitType: 'impressions', caps, targets: { throttle: { smooth_spend_rate: true } } }, 60_000));
    expect(Math.max(...early)).toBeGreaterThan(100);
    expect(Math.max(...even)).toBeLessThanOrEqual(100);
    expect(even.length).toBeGreaterThan(early.length);
  });

  it('buys only on the sites and spots an include list names, never on traffic that hides its site', async () => {
    const [a, b] = sites().filter((s) => (s.ad_formats as readonly string[]).includes('popunder'));
    const onSites = impressions(await events({ targets: { site: { accept: true, sites: [a!.id, b!.id] } } }));
    expect(new Set(onSites.map((r) => r.siteId))).toEqual(new Set([a!.id, b!.id]));
    const spot = a!.id * 10 + 2;
    const onSpot = impressions(await events({ targets: { spot: { accept: true, spots: String(spot) } } }));
    expect(onSpot.length).toBeGreaterThan(100);
    expect(new Set(onSpot.map((r) => r.spotId))).toEqual(new Set([spot]));
  });
});

describe('the demo ad server bids as the campaign says', () => {
  const costPerThousand = (rows: EventRow[]) => (rows.reduce((sum, r) => sum + r.costMicros, 0) / rows.length) * 1000;

  it('buys a site with a bid of its own at that bid, and more of it when the bid is higher', async () => {
    const site = sites().find((s) => (s.ad_formats as readonly string[]).includes('popunder'))!.id;
    const plain = impressions(await events({}));
    const bidding = impressions(await events({ siteBiddings: [{ sites: [site], price: '6.0000' }] }));
    const onSite = bidding.filter((r) => r.siteId === site);
    // A second-price auction clears at 60–100 % of the bid: 3.60–6.00 per thousand, where the campaign's price is 2.00.
    expect(Math.min(...onSite.map((r) => r.costMicros))).toBeGreaterThanOrEqual(3_600);
    expect(Math.max(...onSite.map((r) => r.costMicros))).toBeLessThanOrEqual(6_000);
    expect(Math.max(...bidding.filter((r) => r.siteId !== site).map((r) => r.costMicros))).toBeLessThanOrEqual(2_000);
    expect(onSite.length / bidding.length).toBeGreaterThan(plain.filter((r) => r.siteId === site).length / plain.length);
  });

  it('smart bidding buys less of the sites that convert worse, and pays less there', async () => {
    const poor = (rows: EventRow[]) => rows.filter((r) => r.siteId && siteQuality(r.siteId) < 0.7).length / rows.length;
    const plain = impressions(await events({}, 40_000));
    const smart = impressions(await events({ smartBidding: true }, 40_000));
    expect(poor(plain)).toBeGreaterThan(0.1);
    expect(poor(smart)).toBeLessThan(poor(plain) / 2);
    expect(costPerThousand(smart)).toBeLessThan(costPerThousand(plain));
  });

  it('charges a conversion from a CPA goal country the goal price, others the campaign price', async () => {
    const rows = await events({ pricingModel: 'cpa', price: '3.0000', cpaGoals: [{ price: '7.5000', countries: [840] }] }, 60_000);
    const conversions = rows.filter((r) => r.kind === EVENT_KIND.conversion);
    const fromUs = conversions.filter((r) => r.countryId === 840);
    expect(fromUs.length).toBeGreaterThan(0);
    expect(conversions.length).toBeGreaterThan(fromUs.length);
    for (const r of conversions) expect(r.costMicros).toBe(r.countryId === 840 ? 7_500_000 : 3_000_000);
  });
});

describe('the demo ad server rotates creatives as the ad says', () => {
  const creatives = [101, 102, 103];

  it('shows the creatives evenly with random rotation', async () => {
    const shown = countBy(impressions(await events({ creativeIds: creatives })), (r) => r.creativeId);
    const counts = creatives.map((id) => shown.get(id) ?? 0);
    expect(Math.min(...counts) / Math.max(...counts)).toBeGreaterThan(0.85);
  });

  it('with smart rotation shows only the best CTR creative once every creative passed the thresholds', async () => {
    // Two creatives whose CTRs differ by half, and enough impressions (at popunder's 1 % CTR) to tell them apart.
    const pair = [101, 102];
    const settings = { smart: true, impressionsThreshold: 4000, hoursThreshold: 12 };
    const rows = await events({ creativeIds: pair, rotation: { settings, shown: [], since: null } }, 80_000);
    // Replay the rotation hour by hour on what was shown: the hour it decided, the winner, and nothing else after it.
    const hours = [...new Set(impressions(rows).map((r) => Math.floor(r.occurredAt / HOUR)))].sort((a, b) => a - b);
    const shown = new Map(pair.map((id) => [id, { creativeId: id, impressions: 0, clicks: 0 }]));
    const byHour = new Map<number, EventRow[]>();
    for (const r of rows) {
      const hour = Math.floor(r.occurredAt / HOUR);
      byHour.set(hour, byHour.get(hour) ?? []).get(hour)!.push(r);
    }
    let decided: { at: number; winnerId: number } | null = null;
    for (const hour of hours) {
      const { winnerId } = rotationState(settings, pair, [...shown.values()], hour - hours[0]!);
      if (winnerId !== null) {
        decided = { at: hour * HOUR, winnerId };
        break;
      }
      for (const r of byHour.get(hour) ?? []) {
        if (r.kind === EVENT_KIND.impression) shown.get(r.creativeId)!.impressions++;
        if (r.kind === EVENT_KIND.click) shown.get(r.creativeId)!.clicks++;
      }
    }
    expect(decided).not.toBeNull();
    const after = impressions(rows).filter((r) => r.occurredAt >= decided!.at);
    expect(after.length).toBeGreaterThan(1000);
    expect(new Set(after.map((r) => r.creativeId))).toEqual(new Set([decided!.winnerId]));
    // The winner is the creative that draws clicks best.
    expect(creativeAppeal(102)).toBeGreaterThan(creativeAppeal(101) * 1.4);
    expect(decided!.winnerId).toBe(102);
  });
});

describe('the demo ad server on the traffic model (weighted lines)', () => {
  const offered = (perDay: number) => () => new Map([[840, perDay * 0.6], [276, perDay * 0.4]]);
  const sum = (rows: EventRow[], kind: number, pick: (r: EventRow) => number = (r) => r.weight) => rows.filter((r) => r.kind === kind).reduce((a, r) => a + pick(r), 0);
  const byDay = (rows: EventRow[], kind: number, pick: (r: EventRow) => number) => {
    const out = new Map<string, number>();
    for (const r of rows.filter((r) => r.kind === kind)) out.set(dayOf(r.occurredAt), (out.get(dayOf(r.occurredAt)) ?? 0) + pick(r));
    return out;
  };

  it('buys what the traffic offers, in its countries, one line standing for many impressions', async () => {
    const rows = await events({ traffic: offered(200_000) }, 4_000);
    const lines = impressions(rows);
    const bought = sum(rows, EVENT_KIND.impression);
    // 5 whole days and 18 hours of 200,000 a day (the daily curve and noise move it a little).
    expect(bought / (5.75 * 200_000)).toBeGreaterThan(0.85);
    expect(bought / (5.75 * 200_000)).toBeLessThan(1.15);
    expect(lines.length).toBeLessThan(bought / 50);
    expect(rows.length).toBeLessThan(5_000);
    expect(new Set(lines.map((r) => r.countryId))).toEqual(new Set([840, 276]));
    // Clicks at the format's CTR (popunder: about 1 %), summed over their weights.
    expect(sum(rows, EVENT_KIND.click) / bought).toBeGreaterThan(0.005);
    expect(sum(rows, EVENT_KIND.click) / bought).toBeLessThan(0.02);
  });

  it('narrows by its other targets: an operating system list buys its share of the traffic', async () => {
    const all = sum(await events({ traffic: offered(200_000) }, 4_000), EVENT_KIND.impression);
    const rows = await events({ traffic: offered(200_000), targets: { 'operating-system': { accept: true, operating_systems: [2] } } }, 4_000);
    expect(new Set(impressions(rows).map((r) => r.operatingSystemId))).toEqual(new Set([2]));
    const share = sum(rows, EVENT_KIND.impression) / all;
    expect(share).toBeGreaterThan(0.1);
    expect(share).toBeLessThan(0.5);
  });

  it('never passes a money limit though a line weighs many impressions: the last one is cut to what is left', async () => {
    const rows = await events({ traffic: offered(500_000), limitType: 'money', caps: capsOf('money', { hourly: '1.00', daily: '15.00', total: '70.00' }) }, 4_000);
    const cost = (r: EventRow) => r.costMicros;
    const perHour = new Map<number, number>();
    for (const r of rows) perHour.set(Math.floor(r.occurredAt / HOUR), (perHour.get(Math.floor(r.occurredAt / HOUR)) ?? 0) + r.costMicros);
    expect(Math.max(...perHour.values())).toBeLessThanOrEqual(1_000_000);
    expect(Math.max(...byDay(rows, EVENT_KIND.impression, cost).values())).toBeLessThanOrEqual(15_000_000);
    expect(rows.reduce((a, r) => a + r.costMicros, 0)).toBe(70_000_000);
  });

  it('never passes an impressions or clicks limit either', async () => {
    const shown = await events({ traffic: offered(500_000), limitType: 'impressions', caps: capsOf('impressions', { daily: '30000' }) }, 4_000);
    const perDay = [...byDay(shown, EVENT_KIND.impression, (r) => r.weight).values()];
    expect(Math.max(...perDay)).toBe(30_000);
    const clicked = await events({ traffic: offered(500_000), pricingModel: 'cpc', price: '0.0500', limitType: 'clicks', caps: capsOf('clicks', { total: '2500' }) }, 4_000);
    expect(sum(clicked, EVENT_KIND.click)).toBe(2_500);
  });
});
