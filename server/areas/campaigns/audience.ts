/**
 * Who a campaign buys: its targets read as an ad server reads them at auction time. Part of the delivery contract
 * (delivery.ts) the demo ad server honours; an external ad server gets the same targets in the campaign and reads
 * them the same way. Every target of schemas/targets/ is a rule here:
 *
 * - **List targets** (their file declares `matches`: countries, regions, cities, languages, platforms, operating
 *   systems, browsers, device vendors and models, carriers, IP2Location types, traffic types and quality, category
 *   groups and categories, sites, spots, mobile apps, interests, placement types): an impression is kept when its
 *   trait is in the list (`accept` on, the default) or not in it (`accept` off); an empty list keeps everything.
 *   A trait with several values (a site's categories, a visitor's interests) matches when any of them is listed.
 *   An impression that does not carry a trait (0: no site, not in an app, a desktop's device model) is outside
 *   every include list of it and inside every exclude list.
 * - **site**, beyond its list: `domains` add the network's sites of those domains to it; `premium` keeps premium
 *   sites only (`premium_sites`, when given, names which); `marketplace` and `tubecorp` keep only marketplace or
 *   video sites; `is_new` off leaves out sites that joined in the last 30 days. `billing_domain` matches nothing
 *   more here: this network's sites bill under their own domains.
 * - **traffic-provider**: the main provider (id 1) unless `enable_main_provider` is off, and the `selected` others
 *   (all others when none is selected).
 * - **connection-type**: `wifi` keeps impressions without a mobile carrier, `accept` (mobile carriers) those with one.
 * - **browser** `min_version`: the browser's major version is at least it.
 * - **ipv6**: `only` keeps IPv6 visitors, `exclude` IPv4 ones. **ip-range**: the visitor's address is in one of the
 *   ranges (`accept` on) or in none of them (off).
 * - **in-page-traffic** off: no in-page placements. **web-push-subscription-time**: the visitor subscribed to push
 *   between `min_days` and `max_days` days ago (either end open).
 * - **uniques** on: at most `cap` impressions per visitor within `ttl` hours. It is a count over time, not a property
 *   of one impression, so the ad server keeps it (`frequency` here; generateEvents.ts counts).
 * - **throttle** paces spending, it does not choose impressions (generateEvents.ts).
 */
import { parseIpRange, ipValue } from '../../reference/ipRanges';
import { validateDomains } from '../../reference/siteSearch';
import { targetMatches, type Trait } from '../../settings/targetMatches';

/** What a site tells about itself that the site target reads beyond its id. */
export interface SiteFlags {
  premium: boolean;
  marketplace: boolean;
  tubecorp: boolean;
  isNew: boolean;
}

/**
 * What an impression carries; 0 is unknown. The statistics' dimensions (country … spot, provider) are always
 * there; the ad server draws the rest when a campaign's targets read them (`needs`).
 */
export interface Visitor {
  country: number;
  traffic_platform: number;
  operating_system: number;
  browser: number;
  carrier: number;
  site: number;
  spot: number;
  provider: number;
  region?: number;
  city?: number;
  language?: number;
  device_vendor?: number;
  device_model?: number;
  ip2location_type?: number;
  traffic_type?: number;
  traffic_quality?: 'medium' | 'high';
  category_group?: number;
  category?: readonly number[];
  mobile_app?: number;
  interest?: readonly number[];
  placement_type?: number;
  browser_version?: number;
  ip?: { version: 4 | 6; value: bigint };
  in_page?: boolean;
  subscription_days?: number;
  site_flags?: SiteFlags;
  /** Who it is (an ad server's cookie): drawn for a campaign with a frequency cap. */
  person?: number;
}

/** Every trait a target file may name is something a Visitor carries (a compile-time check). */
type TraitValue = Visitor[Trait];

/** What a visitor may have to be drawn with beyond the statistics' dimensions. */
export type Need = Exclude<keyof Visitor, 'country' | 'traffic_platform' | 'operating_system' | 'browser' | 'carrier' | 'site' | 'spot' | 'provider' | 'person'>;

/** An include or exclude list of one target. */
export interface ListRule {
  target: string;
  trait: Trait;
  accept: boolean;
  values: ReadonlySet<number | string>;
}

interface IpRule {
  version: 4 | 6;
  start: bigint;
  end: bigint;
}

/** The campaign's audience: one rule per target that narrows. */
export interface Audience {
  lists: ListRule[];
  provider?: { main: boolean; others: ReadonlySet<number> };
  connection?: 'wifi' | 'carrier';
  minBrowserVersion?: number;
  ipv6?: 'only' | 'exclude';
  ipRanges?: { accept: boolean; ranges: IpRule[] };
  sites?: { premium: boolean; marketplace: boolean; tubecorp: boolean; noNew: boolean };
  noInPage?: boolean;
  subscriptionDays?: { min: number; max: number };
  /** At most `cap` impressions per visitor within `ttlHours` (the uniques target). */
  frequency?: { cap: number; ttlHours: number };
}

/** A list field's values: an array, or (listText) a comma-separated string of ids. */
function valuesOf(value: unknown): (number | string)[] {
  if (Array.isArray(value)) return value.filter((v): v is number | string => typeof v === 'number' || typeof v === 'string');
  if (typeof value === 'string' && value) return value.split(',').map(Number).filter(Number.isInteger);
  return [];
}

const textItems = (value: unknown): string[] => (typeof value === 'string' ? value.split(/[,\n]/).map((s) => s.trim()).filter(Boolean) : []);

/** The audience of a campaign's `targets` (the form's `targets` object). */
export function audienceOf(targets: Record<string, unknown> | undefined): Audience {
  const audience: Audience = { lists: [] };
  const target = (id: string) => (targets?.[id] ?? undefined) as Record<string, unknown> | undefined;
  for (const { target: id, trait, field } of targetMatches()) {
    const values = valuesOf(target(id)?.[field]);
    // The site list also holds the network's sites of the typed domains.
    if (id === 'site') values.push(...validateDomains(textItems(target(id)?.domains)).sites.map((s) => s.id));
    if (values.length) audience.lists.push({ target: id, trait, accept: target(id)?.accept !== false, values: new Set(values) });
  }

  const site = target('site');
  const premiumSites = valuesOf(site?.premium_sites);
  if (site?.premium === true && premiumSites.length) audience.lists.push({ target: 'site', trait: 'site', accept: true, values: new Set(premiumSites) });
  if (site && (site.premium === true || site.marketplace === true || site.tubecorp === true || site.is_new === false)) {
    audience.sites = { premium: site.premium === true, marketplace: site.marketplace === true, tubecorp: site.tubecorp === true, noNew: site.is_new === false };
  }

  const provider = target('traffic-provider');
  if (provider) {
    const others = valuesOf(provider.selected).filter((v): v is number => typeof v === 'number');
    if (provider.enable_main_provider === false || others.length) audience.provider = { main: provider.enable_main_provider !== false, others: new Set(others) };
  }
  const connection = target('connection-type')?.type;
  if (connection === 'wifi' || connection === 'accept') audience.connection = connection === 'wifi' ? 'wifi' : 'carrier';

  const minVersion = target('browser')?.min_version;
  if (typeof minVersion === 'number') audience.minBrowserVersion = minVersion;
  const ipv6 = target('ipv6')?.type;
  if (ipv6 === 'only' || ipv6 === 'exclude') audience.ipv6 = ipv6;
  const ranges = textItems(target('ip-range')?.ip_ranges)
    .map(parseIpRange)
    .flatMap((r) => (typeof r === 'string' ? [] : [{ version: r.version as 4 | 6, start: ipValue(r.start, r.version as 4 | 6), end: ipValue(r.end, r.version as 4 | 6) }]));
  if (ranges.length) audience.ipRanges = { accept: target('ip-range')?.accept !== false, ranges };

  if (target('in-page-traffic')?.accept === false) audience.noInPage = true;
  const push = target('web-push-subscription-time');
  if (typeof push?.min_days === 'number' || typeof push?.max_days === 'number') {
    audience.subscriptionDays = { min: typeof push.min_days === 'number' ? push.min_days : 0, max: typeof push.max_days === 'number' ? push.max_days : Infinity };
  }
  const uniques = target('uniques');
  if (uniques && uniques.accept !== false) audience.frequency = { cap: typeof uniques.cap === 'number' ? uniques.cap : 1, ttlHours: typeof uniques.ttl === 'number' ? uniques.ttl : 24 };
  return audience;
}

/** The targets whose rule is code here rather than (or beside) a `matches` list; throttle is pacing, not audience. */
export const RULE_TARGETS = ['site', 'traffic-provider', 'connection-type', 'browser', 'ipv6', 'ip-range', 'in-page-traffic', 'web-push-subscription-time', 'uniques', 'throttle'];

/** The first list rule of a trait, if the audience has one. */
export const listRule = (audience: Audience, trait: Trait): ListRule | undefined => audience.lists.find((rule) => rule.trait === trait);

const ALWAYS_CARRIED = new Set<keyof Visitor>(['country', 'traffic_platform', 'operating_system', 'browser', 'carrier', 'site', 'spot', 'provider']);

/** What visitors must be drawn with for this audience to judge them, beyond the statistics' dimensions. */
export function needs(audience: Audience): Set<Need> {
  const out = new Set<Need>();
  for (const rule of audience.lists) if (!ALWAYS_CARRIED.has(rule.trait)) out.add(rule.trait as Need);
  if (audience.minBrowserVersion !== undefined) out.add('browser_version');
  if (audience.ipv6 || audience.ipRanges) out.add('ip');
  if (audience.sites) out.add('site_flags');
  if (audience.noInPage) out.add('in_page');
  if (audience.subscriptionDays) out.add('subscription_days');
  return out;
}

function listed(rule: ListRule, value: TraitValue): boolean {
  if (Array.isArray(value)) return value.some((v) => rule.values.has(v));
  return rule.values.has((value ?? 0) as number | string);
}

const inRanges = (ranges: IpRule[], ip: { version: 4 | 6; value: bigint }) => ranges.some((r) => r.version === ip.version && r.start <= ip.value && ip.value <= r.end);

/**
 * The first rule of the audience this impression breaks (the target's id), or null when the campaign buys it.
 * A frequency cap is the ad server's count, not judged here.
 */
export function brokenRule(audience: Audience, v: Visitor): string | null {
  for (const rule of audience.lists) if (listed(rule, v[rule.trait]) !== rule.accept) return rule.target;
  const p = audience.provider;
  if (p && (v.provider === 1 ? !p.main : p.others.size > 0 && !p.others.has(v.provider))) return 'traffic-provider';
  if (audience.connection && (v.carrier > 0) !== (audience.connection === 'carrier')) return 'connection-type';
  if (audience.minBrowserVersion !== undefined && (v.browser_version ?? 0) < audience.minBrowserVersion) return 'browser';
  if (audience.ipv6 && (v.ip?.version === 6) !== (audience.ipv6 === 'only')) return 'ipv6';
  if (audience.ipRanges && v.ip && inRanges(audience.ipRanges.ranges, v.ip) !== audience.ipRanges.accept) return 'ip-range';
  const s = audience.sites;
  const flags = v.site_flags;
  if (s && (!flags || (s.premium && !flags.premium) || (s.marketplace && !flags.marketplace) || (s.tubecorp && !flags.tubecorp) || (s.noNew && flags.isNew))) return 'site';
  if (audience.noInPage && v.in_page) return 'in-page-traffic';
  const days = audience.subscriptionDays;
  if (days && v.subscription_days !== undefined && (v.subscription_days < days.min || v.subscription_days > days.max)) return 'web-push-subscription-time';
  return null;
}

/** Whether the campaign buys this impression (its frequency cap aside). */
export const inAudience = (audience: Audience, v: Visitor): boolean => brokenRule(audience, v) === null;
