import { createFeedsRepository } from '../areas/feeds/repository';
import { compareDecimals, parseDecimal } from '../../engine/format/decimal';
import { plansOf } from '../areas/providers/plans';
import { createTrafficProvidersRepository } from '../areas/providers/repository';
import { createProviderSubscriptions, usageProblems } from '../areas/providers/subscriptions';
import type { NetworkConfig } from '../config/networkConfig';
import { createRtbRepository } from '../areas/rtb/repository';
import type { Db } from '../db/connect';

/** A demo advertiser's content feeds: two running, one paused. */
const FEEDS = [
  { name: 'Main content feed', endpoint: 'https://feed.example.com/items.xml?partner=demo', status: 'active' },
  { name: 'Mobile offers feed', endpoint: 'https://mobile-offers.example.net/feed.xml', status: 'active' },
  { name: 'Holiday promo feed', endpoint: 'https://promo.example.org/xml/holiday', status: 'paused' },
] as const;

/** Two requests to connect an RTB network: one the staff approved, one waiting for them. */
const NETWORKS = [
  { dsp: 'Northstar DSP', websiteLink: 'https://northstar-dsp.example.com', platform: 'all', serverLocation: 'eu_central', openRtb: true, xml: false, ipv6Support: true, status: 'approved' },
  { dsp: 'Bluewave Media', websiteLink: 'https://bluewave-media.example.com', platform: 'mobile_web', serverLocation: 'us_east', openRtb: true, xml: true, ipv6Support: false, status: 'pending' },
] as const;

/** Two bidders: one taking bid requests, one paused. */
const ENDPOINTS = [
  { name: 'EU bidder', url: 'https://bidder.example.com/openrtb', protocol: 'openrtb_2_5', serverLocation: 'eu_west', qps: 500, timeoutMs: 300, status: 'active' },
  { name: 'US bidder (staging)', url: 'https://staging-bidder.example.com/openrtb26', protocol: 'openrtb_2_6', serverLocation: 'us_east', qps: 50, timeoutMs: 250, status: 'paused' },
] as const;

/** Three supply partners: an XML feed and an RTB exchange running, one paused. */
const PROVIDERS = [
  { name: 'PushPeak XML', methodType: 'xml', endpointUrl: 'https://xml.pushpeak.example.com/feed', pricingType: 'cpc', verticalType: 'mainstream', sspFormats: ['web-push', 'in-page-push', 'popunder'], qpsLimit: 2000, status: 'active' },
  { name: 'Lighthouse Exchange', methodType: 'rtb', endpointUrl: 'https://rtb.lighthouse-exchange.example.com/bid', pricingType: 'cpm', verticalType: 'mainstream', sspFormats: ['banner-300x250', 'banner-728x90', 'native'], qpsLimit: 2500, status: 'active' },
  { name: 'Nightowl Traffic', methodType: 'xml', endpointUrl: 'https://feed.nightowl.example.net/xml', pricingType: 'revshare', verticalType: 'gambling', sspFormats: ['popunder', 'direct-link'], qpsLimit: 800, status: 'paused' },
] as const;

/**
 * A demo advertiser's supply side: content feeds, RTB network requests, RTB endpoints and traffic providers, saved
 * as the areas' calls save them. Deterministic, and idempotent: an area the user already has rows in is left alone,
 * so running it again (or after the user changed them) adds nothing. `formats` are the network's ad formats (the
 * RTB rows buy the first of them). Runs when the demo user is created, after their ads and campaigns. With the
 * `network`'s plans, the providers come under a subscription first: the cheapest plan they fit, paid like any other.
 */
export async function seedDemoSupply(db: Db, owner: { userId: number; networkId: string }, formats: readonly string[], network?: NetworkConfig, now = new Date()): Promise<void> {
  const feeds = createFeedsRepository(db);
  const rtb = createRtbRepository(db);
  const providers = createTrafficProvidersRepository(db);
  const all = { page: 1, per_page: 15, sort: 'id', order: 'asc' } as const;
  const adFormats = formats.slice(0, 3);

  if (!(await feeds.page(owner.userId, all)).filtered) {
    for (const { status, ...input } of FEEDS) {
      const feed = await feeds.create(owner.userId, input);
      if (feed && status !== 'active') await feeds.setStatus(feed, status);
    }
  }

  if (adFormats.length && !(await rtb.networkPage(owner.userId, all)).filtered) {
    for (const { status, ...input } of NETWORKS) await rtb.createNetwork(owner, { ...input, adFormats: [...adFormats] }, status);
  }
  if (adFormats.length && !(await rtb.endpointPage(owner.userId, all)).filtered) {
    for (const { status, ...input } of ENDPOINTS) await rtb.createEndpoint(owner.userId, { ...input, adFormats: [...adFormats] }, status);
  }

  if (!(await providers.page(owner.userId, all)).filtered) {
    if (network) await subscribeDemoPlan(db, owner.userId, network, now);
    for (const { status, ...input } of PROVIDERS) await providers.create(owner.userId, { ...input, sspFormats: [...input.sspFormats] }, status);
  }
}

/** Subscribes the demo advertiser to the cheapest plan on sale that the demo providers fit (none: the network sells no plan). */
async function subscribeDemoPlan(db: Db, userId: number, network: NetworkConfig, now: Date): Promise<void> {
  const active = PROVIDERS.filter((p) => p.status === 'active');
  const usage = { providers: active.length, requestsPerSecond: active.reduce((sum, p) => sum + p.qpsLimit, 0), privateFormats: [] };
  const plan = [...plansOf(network)]
    .filter((p) => p.status === 'active' && usageProblems(p, usage, 'change', '').length === 0)
    .sort((a, b) => compareDecimals(parseDecimal(a.price), parseDecimal(b.price)))[0];
  if (!plan) return;
  const outcome = await createProviderSubscriptions(db).subscribe(userId, network, plan, now);
  if ('refused' in outcome) throw new Error(`The demo advertiser ${userId} could not subscribe to provider plan ${plan.id}: ${String(outcome.message)}`);
}
