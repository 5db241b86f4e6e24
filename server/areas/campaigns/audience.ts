/**
 * Who a campaign buys: its targets read as an ad server reads them at auction time, for the dimensions an
 * impression carries (country, platform, operating system, browser, carrier, traffic provider, site and spot). Part
 * of the delivery contract (delivery.ts) the demo ad server honours; an external ad server gets the same targets in
 * the campaign and reads them the same way. Targets about what an impression does not carry in this panel's
 * statistics (cities, IP ranges, languages, interests…) are the external ad server's to apply.
 *
 * A list target keeps only its values (`accept` on, the default) or all but them (`accept` off); an empty list
 * keeps everything. Traffic providers: the main provider (id 1) unless `enable_main_provider` is off, and the
 * `selected` others (all others when none is selected). Connection type: `wifi` keeps impressions without a mobile
 * carrier, `accept` (mobile carriers only) those with one.
 */

/** What an impression carries that targets can match; 0 is unknown. */
export interface Visitor {
  countryId: number;
  trafficPlatformId: number;
  operatingSystemId: number;
  browserId: number;
  carrierId: number;
  providerId: number;
  siteId: number;
  spotId: number;
}

/** An include or exclude list of one target. */
export interface ListRule {
  accept: boolean;
  ids: ReadonlySet<number>;
}

/** The campaign's audience: one rule per dimension it narrows. */
export interface Audience {
  country?: ListRule;
  trafficPlatform?: ListRule;
  operatingSystem?: ListRule;
  browser?: ListRule;
  carrier?: ListRule;
  site?: ListRule;
  spot?: ListRule;
  provider?: { main: boolean; others: ReadonlySet<number> };
  connection?: 'wifi' | 'carrier';
}

/** The target, the dimension it narrows and the field holding its list. */
const LISTS: [target: string, dimension: Exclude<keyof Audience, 'provider' | 'connection'>, field: string][] = [
  ['country', 'country', 'countries'],
  ['campaign-traffic-platform', 'trafficPlatform', 'platforms'],
  ['operating-system', 'operatingSystem', 'operating_systems'],
  ['browser', 'browser', 'browsers'],
  ['carrier', 'carrier', 'carriers'],
  ['site', 'site', 'sites'],
  ['spot', 'spot', 'spots'],
];

const VISITOR_FIELD: Record<Exclude<keyof Audience, 'provider' | 'connection'>, keyof Visitor> = {
  country: 'countryId',
  trafficPlatform: 'trafficPlatformId',
  operatingSystem: 'operatingSystemId',
  browser: 'browserId',
  carrier: 'carrierId',
  site: 'siteId',
  spot: 'spotId',
};

/** A list field's ids: an array of ids, or (spots) a comma-separated string of them. */
function idsOf(value: unknown): number[] {
  if (Array.isArray(value)) return value.filter((v): v is number => Number.isInteger(v));
  if (typeof value === 'string' && value) return value.split(',').map(Number).filter(Number.isInteger);
  return [];
}

/** The audience of a campaign's `targets` (the form's `targets` object). */
export function audienceOf(targets: Record<string, unknown> | undefined): Audience {
  const audience: Audience = {};
  const target = (id: string) => (targets?.[id] ?? undefined) as Record<string, unknown> | undefined;
  for (const [id, dimension, field] of LISTS) {
    const ids = idsOf(target(id)?.[field]);
    if (ids.length) audience[dimension] = { accept: target(id)?.accept !== false, ids: new Set(ids) };
  }
  const provider = target('traffic-provider');
  if (provider) {
    const others = idsOf(provider.selected);
    if (provider.enable_main_provider === false || others.length) audience.provider = { main: provider.enable_main_provider !== false, others: new Set(others) };
  }
  const connection = target('connection-type')?.type;
  if (connection === 'wifi' || connection === 'accept') audience.connection = connection === 'wifi' ? 'wifi' : 'carrier';
  return audience;
}

const passes = (rule: ListRule | undefined, id: number) => !rule || rule.ids.has(id) === rule.accept;

/** Whether the campaign buys this impression. */
export function inAudience(audience: Audience, v: Visitor): boolean {
  for (const dimension of Object.keys(VISITOR_FIELD) as (keyof typeof VISITOR_FIELD)[]) {
    if (!passes(audience[dimension], v[VISITOR_FIELD[dimension]])) return false;
  }
  const p = audience.provider;
  if (p && (v.providerId === 1 ? !p.main : p.others.size > 0 && !p.others.has(v.providerId))) return false;
  if (audience.connection && (v.carrierId > 0) !== (audience.connection === 'carrier')) return false;
  return true;
}
