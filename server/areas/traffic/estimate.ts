/**
 * The live traffic estimate of the campaign form (`POST available-traffic`, `POST available-traffic-by-country`):
 * what a campaign of a format with these targets and this price can expect per day, read from `traffic_daily`.
 *
 * Method:
 * 1. Window: the last 7 days of data of the format (ending at its latest day); answers are per-day averages.
 * 2. Countries: the country target keeps its countries (accept) or all others (except).
 * 3. Every other target with a dimension in the data multiplies each country's totals by the share its values
 *    have in that country and format: Σ chosen / total, or 1 − Σ excluded / total for "everything except".
 *    Shares are per metric (impressions, clicks, conversions, spend), from the window's days that have split
 *    rows. Dimensions are assumed independent of each other (the data splits by one dimension at a time),
 *    except carriers, which are a part of cellular traffic: with "mobile carriers only" they replace the
 *    connection share, with "Wi-Fi only" they do not apply.
 * 4. Heuristics (`approximate_targets`): categories count as an equal part of their IAB group's share; device
 *    models as their vendors' share (an upper bound); a browser's minimum version is not narrowed.
 *    Targets with no dimension in the data (regions, cities, sites, spots, apps, IP ranges, interests, providers,
 *    uniques, subscription age, quality, in-page) do not narrow at all: they are listed in `unnarrowed_targets`.
 * 5. Price: per country the effective price of the matching traffic in the pricing model's unit (CPM per
 *    thousand impressions, CPC per click, CPA per conversion). A bid wins a country's impressions on a smooth
 *    curve, p⁴ / (p⁴ + ref⁴): half at its effective price, 94 % at twice it. `win_rate_at_price` is that curve
 *    averaged over countries by available impressions; `recommended_price` is the lowest price whose win rate
 *    is 75 % (never under the model's minimum price). Impressions, clicks, conversions and spend in the answer
 *    are those won at the price (the request's, else the recommended one); `available_impressions` is before.
 * Money is integer units of 0.0001 inside and 4-decimal strings outside.
 */
import { sql, type SQL } from 'drizzle-orm';
import { parseDecimal, roundDecimal } from '../../../engine/format/decimal';
import type { Db } from '../../db/connect';
import { countries as allCountries } from '../../reference/countries';
import { categories } from '../../reference/curated/categories';
import { MINIMUM_PRICES } from '../../settings/campaignRules';
import { loadAdFormats } from '../../settings/adFormats';
import { ALL, CONNECTION, DIMENSIONS, IP_VERSION, vendorCode, vendorOfModel, type Dimension } from './dimensions';
import { targetMatches } from '../../settings/targetMatches';
import type { AdFormatInfo, CountryTraffic, TrafficEstimate } from '../../../generated/types';

/** The body of both calls (schemas/traffic/available-traffic.schema.json). */
export interface EstimateRequest {
  ad_format_id: string;
  pricing_model?: string;
  /** Decimal string in the pricing model's unit. */
  price?: string;
  /** `targets.<id>` values as the campaign form holds them. */
  targets?: Record<string, Record<string, unknown> | undefined>;
}

export interface EstimateOptions {
  /** Formats by id (default: schemas/ad-formats/). */
  formats?: ReadonlyMap<string, AdFormatInfo>;
  /** Target ids a campaign of this format may use here; others are ignored and listed in `ignored_targets`. */
  offered?: readonly string[];
}

/**
 * The per-day figures both answers share: a country's row without its name (the answers' types are generated
 * from schemas/traffic/*.answer.schema.json). Money: 4-decimal strings; rates: fractions.
 */
type TrafficFigures = Omit<CountryTraffic, 'country_id' | 'iso2' | 'name'>;

// ——— narrowing ———

type Metric = 'requests' | 'impressions' | 'clicks' | 'conversions' | 'spend';
const METRICS: readonly Metric[] = ['requests', 'impressions', 'clicks', 'conversions', 'spend'];
type Sums = Record<Metric, number>;
const zero = (): Sums => ({ requests: 0, impressions: 0, clicks: 0, conversions: 0, spend: 0 });

/** Σ weight · metric over some values of one dimension, divided by the country's total: a (signed) share. */
interface Need {
  dimension: Dimension;
  /** value id → weight (non-zero). */
  weights: Map<number, number>;
}

/** One target (or a pair that overlaps) turned into a factor on a country's traffic. */
interface Narrowing {
  /** The targets it implements (reported as unnarrowed when a dimension is missing from the data). */
  targets: string[];
  needs: Need[];
  /** The factor, from the needs' shares in the country (same order), for one metric. */
  factor(shares: readonly number[]): number;
}

const WIN_STEEPNESS = 4;
const RECOMMENDED_WIN_RATE = 0.75;
const WINDOW_DAYS = 7;
/** The per-country price that wins RECOMMENDED_WIN_RATE of it: ref · (w / (1 − w))^(1/k). */
const RECOMMENDED_WIN_RATE_FACTOR = (RECOMMENDED_WIN_RATE / (1 - RECOMMENDED_WIN_RATE)) ** (1 / WIN_STEEPNESS);

type TargetValue = Record<string, unknown>;
const ids = (value: TargetValue | undefined, field: string): number[] => (Array.isArray(value?.[field]) ? (value[field] as unknown[]).filter((x): x is number => typeof x === 'number') : []);
const accepts = (value: TargetValue | undefined) => value?.accept !== false;
const clamp01 = (x: number) => Math.min(1, Math.max(0, x));

/**
 * Weights per value (w) and for values not mentioned (rest): factor = rest + Σ (w − rest) · share. Covers
 * accept lists (rest 0, w 1), except lists (rest 1, w 0) and the partial weights of the heuristics.
 */
function weightedNarrowing(targets: string[], dimension: Dimension, weights: Map<number, number>, rest: number): Narrowing {
  const relative = new Map([...weights].map(([v, w]) => [v, w - rest] as const).filter(([, w]) => w !== 0));
  return { targets, needs: [{ dimension, weights: relative }], factor: ([share]) => clamp01(rest + share) };
}

/** A plain list target: its values' share (accept), or one minus it (except). */
const listNarrowing = (target: string, dimension: Dimension, values: number[], accept: boolean) =>
  weightedNarrowing([target], dimension, new Map(values.map((v) => [v, accept ? 1 : 0])), accept ? 0 : 1);

const ones = (values: readonly number[]) => new Map(values.map((v) => [v, 1]));

const categoriesPerGroup = (() => {
  let cache: Map<number, number> | undefined;
  return () => {
    if (!cache) {
      cache = new Map();
      for (const c of categories) cache.set(c.category_group_id, (cache.get(c.category_group_id) ?? 0) + 1);
    }
    return cache;
  };
})();

/** Targets that need no narrowing: countries filter the rows themselves; pacing (throttle) changes no volume. */
const NOT_NARROWINGS = ['country', 'throttle'];

/** Whether a target without a dimension restricts anything, so the panel should say it was not counted. */
function restricts(id: string, value: TargetValue): boolean {
  switch (id) {
    case 'uniques':
      return value.accept !== false;
    case 'in-page-traffic':
      return value.accept === false;
    case 'traffic-provider':
      return value.enable_main_provider === false || ids(value, 'selected').length > 0;
    case 'traffic-quality':
      return Array.isArray(value.qualities) && value.qualities.length === 1;
    case 'site':
      return ids(value, 'sites').length > 0 || (typeof value.domains === 'string' && value.domains !== '') || value.premium === true || value.marketplace === true || value.tubecorp === true || value.is_new === false;
    case 'web-push-subscription-time':
      return typeof value.min_days === 'number' || typeof value.max_days === 'number';
    default:
      // Any list or text with something in it (regions, cities, interests, apps, spots, IP ranges, new targets).
      return Object.values(value).some((v) => (Array.isArray(v) && v.length > 0) || (typeof v === 'string' && v !== ''));
  }
}

interface Plan {
  narrowings: Narrowing[];
  approximate: Set<string>;
  unnarrowed: Set<string>;
  countryFilter: { accept: boolean; ids: number[] } | null;
}

/** Dimensions with a rule of their own below: connection and carriers together, vendors with models, groups with categories. */
const OWN_RULES = new Set<string>(['carrier', 'connection_type', 'device_vendor', 'category_group', 'ipv6']);

/** List targets (their file's `matches`) whose trait is a dimension of the data: each narrows by its values' share. */
const plainLists = (): [string, Dimension, string][] =>
  targetMatches()
    .filter((m) => m.trait in DIMENSIONS && !OWN_RULES.has(m.trait))
    .map((m) => [m.target, m.trait as Dimension, m.field]);

/** Turns the targets into narrowings, and sorts out what cannot narrow. */
function planTargets(targets: Record<string, TargetValue | undefined>): Plan {
  const plan: Plan = { narrowings: [], approximate: new Set(), unnarrowed: new Set(), countryFilter: null };
  const handled = new Set<string>(NOT_NARROWINGS);
  const t = (id: string) => targets[id];

  const countryIds = ids(t('country'), 'countries');
  if (countryIds.length) plan.countryFilter = { accept: accepts(t('country')), ids: countryIds };

  for (const [id, dimension, field] of plainLists()) {
    handled.add(id);
    const values = ids(t(id), field);
    if (values.length) plan.narrowings.push(listNarrowing(id, dimension, values, accepts(t(id))));
  }
  if (typeof t('browser')?.min_version === 'number') plan.approximate.add('browser');

  // Connection and carriers: carriers are part of cellular traffic.
  handled.add('connection-type').add('carrier');
  const connection = t('connection-type')?.type;
  const carrierIds = ids(t('carrier'), 'carriers');
  const carrierAccept = accepts(t('carrier'));
  if (connection === 'wifi') {
    plan.narrowings.push(weightedNarrowing(['connection-type'], 'connection_type', ones([CONNECTION.wifi]), 0));
  } else if (connection === 'accept' && carrierIds.length && !carrierAccept) {
    // Cellular traffic except these carriers.
    plan.narrowings.push({
      targets: ['connection-type', 'carrier'],
      needs: [{ dimension: 'connection_type', weights: ones([CONNECTION.cellular]) }, { dimension: 'carrier', weights: ones(carrierIds) }],
      factor: ([cellular, excluded]) => clamp01(cellular - excluded),
    });
  } else if (connection === 'accept' && carrierIds.length) {
    plan.narrowings.push(weightedNarrowing(['connection-type', 'carrier'], 'carrier', ones(carrierIds), 0));
  } else if (connection === 'accept') {
    plan.narrowings.push(weightedNarrowing(['connection-type'], 'connection_type', ones([CONNECTION.cellular]), 0));
  } else if (carrierIds.length) {
    plan.narrowings.push(listNarrowing('carrier', 'carrier', carrierIds, carrierAccept));
  }

  handled.add('ipv6');
  const ipv6 = t('ipv6')?.type;
  if (ipv6 === 'only' || ipv6 === 'exclude') plan.narrowings.push(weightedNarrowing(['ipv6'], 'ipv6', ones([ipv6 === 'only' ? IP_VERSION.v6 : IP_VERSION.v4]), 0));

  // Vendors, and device models through their vendors (an upper bound).
  handled.add('device-vendor').add('device-model');
  const vendorIds = ids(t('device-vendor'), 'vendors');
  const modelIds = accepts(t('device-model')) ? ids(t('device-model'), 'models') : [];
  if (modelIds.length) plan.approximate.add('device-model');
  // Leaving some models out of their vendors' traffic cannot be told apart from it.
  else if (ids(t('device-model'), 'models').length) plan.unnarrowed.add('device-model');
  if (vendorIds.length || modelIds.length) {
    const vendorAccept = accepts(t('device-vendor'));
    const vendorCodes = new Set(vendorIds.map(vendorCode).filter((c): c is number => c !== undefined));
    const modelCodes = new Set(modelIds.map(vendorOfModel).map((v) => (v === undefined ? undefined : vendorCode(v))).filter((c): c is number => c !== undefined));
    const vendorWeight = (code: number) => (vendorIds.length ? (vendorCodes.has(code) === vendorAccept ? 1 : 0) : 1);
    const modelWeight = (code: number) => (modelIds.length ? (modelCodes.has(code) ? 1 : 0) : 1);
    const weights = new Map([...vendorCodes, ...modelCodes].map((code) => [code, vendorWeight(code) * modelWeight(code)]));
    const rest = (vendorIds.length && vendorAccept ? 0 : 1) * (modelIds.length ? 0 : 1);
    const used = [...(vendorIds.length ? ['device-vendor'] : []), ...(modelIds.length ? ['device-model'] : [])];
    plan.narrowings.push(weightedNarrowing(used, 'device_vendor', weights, rest));
  }

  // Category groups, and categories as an equal part of their group's share.
  handled.add('category-group').add('category');
  const groupIds = ids(t('category-group'), 'category_groups');
  const categoryIds = ids(t('category'), 'categories');
  if (categoryIds.length) plan.approximate.add('category');
  if (groupIds.length || categoryIds.length) {
    const perGroup = categoriesPerGroup();
    const groupAccept = accepts(t('category-group'));
    const categoryAccept = accepts(t('category'));
    const restGroup = groupIds.length ? (groupAccept ? 0 : 1) : 1;
    const restCategory = categoryIds.length ? (categoryAccept ? 0 : 1) : 1;
    const chosenIn = new Map<number, number>();
    for (const c of categoryIds) chosenIn.set(Math.floor(c / 100), (chosenIn.get(Math.floor(c / 100)) ?? 0) + 1);
    const weights = new Map<number, number>();
    for (const g of new Set([...groupIds, ...chosenIn.keys()])) {
      const wGroup = groupIds.length ? (groupIds.includes(g) === groupAccept ? 1 : 0) : 1;
      const part = Math.min(1, (chosenIn.get(g) ?? 0) / Math.max(1, perGroup.get(g) ?? 1));
      const wCategory = categoryIds.length ? (categoryAccept ? part : 1 - part) : 1;
      weights.set(g, wGroup * wCategory);
    }
    const used = [...(groupIds.length ? ['category-group'] : []), ...(categoryIds.length ? ['category'] : [])];
    plan.narrowings.push(weightedNarrowing(used, 'category_group', weights, restGroup * restCategory));
  }

  for (const [id, value] of Object.entries(targets)) {
    if (!handled.has(id) && value && restricts(id, value)) plan.unnarrowed.add(id);
  }
  return plan;
}

// ——— reading the data ———

/** What the window of a format holds: its last day, its days with totals, and the days each dimension has rows on. */
interface FormatWindow {
  last: string | null;
  days: number;
  dimensionDays: Map<string, Set<string>>;
  readAt: number;
}

/** How long a format's window is reused: the data changes once a day (and when seeded, which clears it). */
const WINDOW_TTL_MS = 600_000;
const windows = new WeakMap<Db, Map<string, FormatWindow>>();

/** Forgets what is known about the data's windows (after new traffic was written). */
export function forgetTrafficWindows(db: Db) {
  windows.delete(db);
}

/**
 * The format's 7-day window. Finding which days each dimension has rows on reads all the window's rows of the
 * format (some 20,000), so it is kept for ten minutes per database instead of being repeated on every keystroke.
 */
async function formatWindow(db: Db, format: string): Promise<FormatWindow> {
  let byFormat = windows.get(db);
  if (!byFormat) windows.set(db, (byFormat = new Map()));
  const known = byFormat.get(format);
  if (known && Date.now() - known.readAt < WINDOW_TTL_MS) return known;
  const result = (await db.execute(sql`
    with win as (select max(day) as last from traffic_daily where ad_format = ${format} and dimension = ${ALL})
    select dimension, day::text as day, win.last::text as last from traffic_daily, win
    where ad_format = ${format} and day > win.last - ${WINDOW_DAYS}::int and day <= win.last
    group by dimension, day, win.last`)) as unknown as { rows: { dimension: string; day: string; last: string }[] };
  const dimensionDays = new Map<string, Set<string>>();
  for (const row of result.rows) {
    const set = dimensionDays.get(row.dimension) ?? new Set<string>();
    set.add(row.day);
    dimensionDays.set(row.dimension, set);
  }
  const window: FormatWindow = { last: result.rows[0]?.last ?? null, days: dimensionDays.get(ALL)?.size ?? 0, dimensionDays, readAt: Date.now() };
  byFormat.set(format, window);
  return window;
}

/** Per country: the totals, and each need's share per metric (in the needs' order). */
interface CountryData {
  totals: Sums;
  shares: Sums[];
}

const col = (name: string) => sql.raw(`"${name}"`);
const metricSums = (prefix: string, weight: SQL | null, where: SQL | null) =>
  sql.join(
    METRICS.map((m) => {
      const value = m === 'spend' ? sql`spend::float8` : sql.raw(m);
      const weighted = weight ? sql`${value} * ${weight}` : value;
      const filtered = where ? sql`sum(${weighted}) filter (where ${where})` : sql`sum(${weighted})`;
      return sql`${filtered}::float8 as ${col(`${prefix}${m}`)}`;
    }),
    sql`, `,
  );

/**
 * One round trip, one row per country: its totals over the window, the totals over the days each dimension has
 * rows on (the shares' denominators), and Σ weight · metric of every need. Each part reads its own range of the
 * primary key (format, dimension, country, value, day).
 */
async function readTraffic(db: Db, format: string, needs: readonly Need[], countryFilter: Plan['countryFilter']) {
  const window = await formatWindow(db, format);
  const data = new Map<number, CountryData>();
  const present = new Set<Dimension>(needs.map((n) => n.dimension).filter((d) => window.dimensionDays.has(d)));
  if (!window.last) return { data, present, days: 0 };

  const intArray = (values: Iterable<number>) => `{${[...values].map((v) => Math.trunc(v)).join(',')}}`;
  const countries: SQL = countryFilter
    ? countryFilter.accept
      ? sql`and country_id = any(${intArray(countryFilter.ids)}::int[])`
      : sql`and not (country_id = any(${intArray(countryFilter.ids)}::int[]))`
    : sql``;
  const inWindow = sql`day > ${window.last}::date - ${WINDOW_DAYS}::int and day <= ${window.last}::date`;

  // Dimensions written on the same days share one set of denominators (normally all of them).
  const daySets: string[] = [];
  const setOf = new Map<Dimension, number>();
  for (const dimension of present) {
    const key = [...window.dimensionDays.get(dimension)!].sort().join(',');
    if (!daySets.includes(key)) daySets.push(key);
    setOf.set(dimension, daySets.indexOf(key));
  }
  const denominators = daySets.map((days, j) => sql`, ${metricSums(`d${j}_`, null, sql`day = any(${`{${days}}`}::date[])`)}`);
  const used = needs.map((need, i) => ({ need, i })).filter(({ need }) => present.has(need.dimension) && need.weights.size > 0);
  // Each need is aggregated once (materialized), then joined to the countries by hash.
  const ctes = used.map(({ need, i }) => {
    const values = [...need.weights.keys()];
    return sql`, ${col(`n${i}`)} as materialized (
        select country_id, ${metricSums('', sql`w.weight`, null)}
        from traffic_daily join unnest(${intArray(values)}::int[], ${`{${values.map((v) => need.weights.get(v)).join(',')}}`}::float8[]) as w(value, weight) on value_id = w.value
        where ad_format = ${format} and dimension = ${need.dimension} and value_id = any(${intArray(values)}::int[]) and ${inWindow} ${countries}
        group by country_id
      )`;
  });
  const joins = used.map(({ i }) => sql` left join ${col(`n${i}`)} using (country_id)`);
  const needColumns = used.map(({ i }) => sql`, ${sql.join(METRICS.map((m) => sql`${col(`n${i}`)}.${col(m)} as ${col(`n${i}_${m}`)}`), sql`, `)}`);
  const result = (await db.execute(sql`
    with t as materialized (
      select country_id, sum(spend)::text as exact_spend, ${metricSums('', null, null)}${sql.join(denominators, sql``)}
      from traffic_daily
      where ad_format = ${format} and dimension = ${ALL} and ${inWindow} ${countries}
      group by country_id
    )${sql.join(ctes, sql``)}
    select t.*${sql.join(needColumns, sql``)}
    from t${sql.join(joins, sql``)}`)) as unknown as { rows: Record<string, number | string | null>[] };

  for (const row of result.rows) {
    const sums = (prefix: string): Sums => ({
      requests: Number(row[`${prefix}requests`] ?? 0),
      impressions: Number(row[`${prefix}impressions`] ?? 0),
      clicks: Number(row[`${prefix}clicks`] ?? 0),
      conversions: Number(row[`${prefix}conversions`] ?? 0),
      spend: Number(row[`${prefix}spend`] ?? 0),
    });
    const totals = { ...sums(''), spend: Number(roundDecimal(parseDecimal(String(row.exact_spend ?? '0')), 4).units) };
    const denominator = daySets.map((_, j) => sums(`d${j}_`));
    const shares = needs.map((need, i) => {
      const share = zero();
      if (!present.has(need.dimension)) return share;
      const d = denominator[setOf.get(need.dimension)!];
      // Spend of the split rows is in currency units; the denominators' too (float, for the ratio only).
      const n = sums(`n${i}_`);
      for (const m of METRICS) share[m] = d[m] > 0 ? n[m] / d[m] : 0;
      return share;
    });
    data.set(Number(row.country_id), { totals, shares });
  }
  return { data, present, days: window.days };
}

// ——— prices ———

/** The billed unit of a pricing model. */
export const unitOf = (model: string): 'impressions' | 'clicks' | 'conversions' => (model.startsWith('cpc') ? 'clicks' : model === 'cpa' ? 'conversions' : 'impressions');

/** Price in 0.0001 units of `spend` per unit (per thousand impressions for CPM). */
export function effectivePrice(spend: number, count: number, unit: 'impressions' | 'clicks' | 'conversions'): number | null {
  if (count <= 0) return null;
  return unit === 'impressions' ? (spend * 1000) / count : spend / count;
}

/**
 * The share of a country's matching traffic a bid of `price` wins against its effective price `ref` (both in 0.0001
 * units of the pricing model's unit): p⁴ / (p⁴ + ref⁴). The demo ad server buys by the same curve
 * (server/demo/campaignTraffic.ts), so its statistics and this estimate agree.
 */
export const winRate = (price: number, ref: number) => (ref <= 0 ? 1 : price <= 0 ? 0 : 1 / (1 + (ref / price) ** WIN_STEEPNESS));

const units = (decimal: string) => Number(roundDecimal(parseDecimal(decimal), 4).units);
const money = (u: number) => {
  const n = Math.max(0, Math.round(u));
  return `${Math.floor(n / 10_000)}.${String(n % 10_000).padStart(4, '0')}`;
};
const moneyOrNull = (u: number | null) => (u === null ? null : money(u));
const ratio = (a: number, b: number, digits: number) => (b > 0 ? Number((a / b).toFixed(digits)) : 0);

/** The lowest price (0.0001 units, rounded up) whose win rate over these countries reaches `target`. */
function priceForWinRate(countries: { weight: number; ref: number }[], target: number): number {
  const weighted = countries.filter((c) => c.weight > 0 && c.ref > 0);
  if (!weighted.length) return 0;
  const total = weighted.reduce((a, c) => a + c.weight, 0);
  const rate = (p: number) => weighted.reduce((a, c) => a + c.weight * winRate(p, c.ref), 0) / total;
  let lo = Math.min(...weighted.map((c) => c.ref)) / 100;
  let hi = Math.max(...weighted.map((c) => c.ref)) * 100;
  for (let i = 0; i < 80; i++) {
    const mid = Math.sqrt(lo * hi);
    if (rate(mid) < target) lo = mid;
    else hi = mid;
  }
  return Math.ceil(hi - 1e-9);
}

// ——— the estimate ———

interface Computed {
  estimate: TrafficEstimate;
  countries: CountryTraffic[];
}

let defaultFormats: Map<string, AdFormatInfo> | undefined;

async function compute(db: Db, request: EstimateRequest, options: EstimateOptions): Promise<Computed> {
  const formats = options.formats ?? (defaultFormats ??= loadAdFormats());
  const format = formats.get(request.ad_format_id);
  const pricingModel = request.pricing_model ?? format?.pricing_models[0] ?? 'cpm';
  const unit = unitOf(pricingModel);
  const minimum = units(MINIMUM_PRICES[pricingModel] ?? '0');

  const offered = options.offered ? new Set(options.offered) : null;
  const targets: Record<string, TargetValue> = {};
  const ignored: string[] = [];
  for (const [id, value] of Object.entries(request.targets ?? {})) {
    if (!value) continue;
    if (offered && !offered.has(id)) ignored.push(id);
    else targets[id] = value;
  }
  const plan = planTargets(targets);
  const needs = plan.narrowings.flatMap((n) => n.needs);
  // Where each narrowing's needs start in `needs` (and in each country's shares).
  const needIndex = new Map<Narrowing, number>();
  plan.narrowings.reduce((start, n) => (needIndex.set(n, start), start + n.needs.length), 0);
  const { data, present, days: dataDays } = await readTraffic(db, request.ad_format_id, needs, plan.countryFilter);

  // A dimension missing from the format's data cannot narrow: its targets are reported instead.
  const narrowings = plan.narrowings.filter((n) => {
    if (n.needs.every((need) => present.has(need.dimension))) return true;
    for (const id of n.targets) plan.unnarrowed.add(id);
    return false;
  });

  const days = Math.max(1, dataDays);
  const names = new Map(allCountries().map((c) => [c.id, c]));
  const perCountry = [...data.entries()].flatMap(([countryId, c]) => {
    const available = zero();
    for (const metric of METRICS) {
      const factor = narrowings.reduce((f, n) => f * n.factor(n.needs.map((_, k) => c.shares[needIndex.get(n)! + k][metric])), 1);
      available[metric] = Math.round((c.totals[metric] * factor) / days);
    }
    if (available.impressions <= 0) return [];
    return [{ countryId, available, ref: effectivePrice(available.spend, available[unit], unit) }];
  });

  // Countries without a price in the unit (no clicks yet, say) bid against the overall one.
  const sum = (pick: (c: (typeof perCountry)[number]) => number) => perCountry.reduce((a, c) => a + pick(c), 0);
  const overallRef = effectivePrice(sum((c) => c.available.spend), sum((c) => c.available[unit]), unit) ?? 0;
  const refs = perCountry.map((c) => ({ ...c, ref: c.ref ?? overallRef }));
  const recommended = Math.max(minimum, priceForWinRate(refs.map((c) => ({ weight: c.available.impressions, ref: c.ref })), RECOMMENDED_WIN_RATE));
  const price = request.price !== undefined ? units(request.price) : recommended;

  const rows = refs.map((c) => {
    const win = winRate(price, c.ref);
    const impressions = Math.round(c.available.impressions * win);
    const clicks = Math.round(c.available.clicks * win);
    const conversions = Math.round(c.available.conversions * win);
    const billed = unit === 'impressions' ? impressions / 1000 : unit === 'clicks' ? clicks : conversions;
    const country = names.get(c.countryId);
    return {
      country_id: c.countryId,
      iso2: country?.iso2 ?? '',
      name: country?.name ?? String(c.countryId),
      requests: c.available.requests,
      available_impressions: c.available.impressions,
      impressions,
      clicks,
      conversions,
      spendUnits: Math.round(billed * price),
      available: c.available,
      recommendedUnits: Math.max(minimum, Math.ceil(c.ref * RECOMMENDED_WIN_RATE_FACTOR - 1e-9)),
      win,
    };
  });
  rows.sort((a, b) => b.impressions - a.impressions || b.available_impressions - a.available_impressions || a.country_id - b.country_id);

  const figures = (r: { requests: number; available_impressions: number; impressions: number; clicks: number; conversions: number; spendUnits: number; available: Sums }, recommendedUnits: number): TrafficFigures => ({
    requests: r.requests,
    available_impressions: r.available_impressions,
    impressions: r.impressions,
    clicks: r.clicks,
    conversions: r.conversions,
    spend: money(r.spendUnits),
    ctr: ratio(r.available.clicks, r.available.impressions, 6),
    effective_cpm: moneyOrNull(effectivePrice(r.available.spend, r.available.impressions, 'impressions')),
    effective_cpc: moneyOrNull(effectivePrice(r.available.spend, r.available.clicks, 'clicks')),
    effective_cpa: moneyOrNull(effectivePrice(r.available.spend, r.available.conversions, 'conversions')),
    recommended_price: money(recommendedUnits),
    win_rate_at_price: ratio(r.impressions, r.available_impressions, 4),
  });

  const total = { requests: 0, available_impressions: 0, impressions: 0, clicks: 0, conversions: 0, spendUnits: 0, available: zero() };
  for (const r of rows) {
    total.requests += r.requests;
    total.available_impressions += r.available_impressions;
    total.impressions += r.impressions;
    total.clicks += r.clicks;
    total.conversions += r.conversions;
    total.spendUnits += r.spendUnits;
    for (const metric of METRICS) total.available[metric] += r.available[metric];
  }
  const estimate: TrafficEstimate = {
    ad_format_id: request.ad_format_id,
    pricing_model: pricingModel,
    price: money(price),
    minimum_price: money(minimum),
    ...figures(total, recommended),
    // The exact curve average (the ratio of rounded impressions would wobble for tiny volumes).
    win_rate_at_price: total.available_impressions > 0 ? Number((rows.reduce((a, r) => a + r.available_impressions * r.win, 0) / total.available_impressions).toFixed(4)) : 0,
    countries: rows.length,
    days: dataDays,
    unnarrowed_targets: [...plan.unnarrowed].sort(),
    approximate_targets: [...plan.approximate].filter((id) => !plan.unnarrowed.has(id)).sort(),
    ignored_targets: ignored.sort(),
  };
  const countries = rows.map((r) => ({
    country_id: r.country_id,
    iso2: r.iso2,
    name: r.name,
    ...figures(r, r.recommendedUnits),
    win_rate_at_price: Number(r.win.toFixed(4)),
  }));
  return { estimate, countries };
}

/** `POST available-traffic`: the per-day estimate of a campaign with these targets at this price. */
export async function estimateTraffic(db: Db, request: EstimateRequest, options: EstimateOptions = {}): Promise<TrafficEstimate> {
  return (await compute(db, request, options)).estimate;
}

/** `POST available-traffic-by-country`: the same per country, most impressions first; the rows add up to the estimate. */
export async function estimateByCountry(db: Db, request: EstimateRequest, options: EstimateOptions = {}): Promise<CountryTraffic[]> {
  return (await compute(db, request, options)).countries;
}
