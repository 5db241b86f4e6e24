import type { LookupRequest, LookupTransport } from '../../engine/lookup';
import { compareDecimals, parseDecimal } from '../../engine/format/decimal';
import recorded from '../../generated/stories/marketplace.json';
import type { FlatDeal, MarketplaceFlatDealApplication, MarketplaceFlatDealApplicationAnswer, Site } from '../../generated/types';
import { checkApplication } from '../../server/areas/marketplace/checkApplication';
import { isPriced, priceOf } from '../../server/areas/marketplace/pricing';
import type { FlatDealRecord } from '../../server/areas/marketplace/repository';
import type { Country } from '../../server/reference/countries';
import { HttpError } from '../../server/httpError';
import { STORY_SETTINGS } from '../campaigns/campaignFixtures';
import { createCampaignTransport } from '../campaigns/campaignTransport';
import { answerLater, type FakeAnswer } from '../fixtures/answerLater';

/**
 * The marketplace slice the stories replay (scripts/compile-story-answers.ts): AdNet's first marketplace sites with
 * their reports, the deals the seed draws for them and for the network's country groups, and the countries (ISO ids,
 * which the other stories' synthetic countries are not).
 */
export const STORY_MARKETPLACE = recorded as unknown as { sites: Site[]; deals: FlatDeal[]; countries: Country[] };

export interface MarketplaceTransportOptions {
  /** Simulated latency of every answer in ms (default 300). */
  latencyMs?: number;
  /** Fail this many first loads of the deal list (its error state and retry). */
  failDeals?: number;
  /** Sites and deals without their reports' figures (every fact and chart a dash). */
  noReports?: boolean;
}

type Params = Record<string, unknown>;

const list = (value: unknown): string[] | null => (value === undefined ? null : (Array.isArray(value) ? value : [value]).map(String));
const within = (value: unknown, allowed: string[] | null) => !allowed || allowed.includes(String(value));

/** `GET flat-deals` over the recorded deals, as the server filters, sorts and pages them. */
function dealPage(deals: readonly FlatDeal[], q: Params) {
  const countries = list(q.country_ids);
  const search = String(q.search ?? '').trim().toLowerCase();
  const found = deals.filter(
    (d) =>
      within(d.ad_format_id, list(q.ad_format_id)) &&
      within(d.kind, list(q.kind)) &&
      within(d.country_group_id, list(q.country_group_id)) &&
      within(d.tier_id, list(q.tier_id)) &&
      within(d.traffic_type_id, list(q.traffic_type_id)) &&
      within(d.status, list(q.status)) &&
      (!countries || d.country_ids.length === 0 || d.country_ids.some((c) => countries.includes(String(c)))) &&
      (!q.price_from || compareDecimals(parseDecimal(d.price), parseDecimal(String(q.price_from))) >= 0) &&
      (!q.price_to || compareDecimals(parseDecimal(d.price), parseDecimal(String(q.price_to))) <= 0) &&
      (!search || d.name.toLowerCase().includes(search) || String(d.id) === search),
  );
  const key = String(q.sort ?? 'id') as 'id' | 'name' | 'price' | 'tier_id' | 'limit_value' | 'total_visits';
  const value = (d: FlatDeal): string | number => (key === 'total_visits' ? (d.site?.site_report.total_visits ?? 0) : key === 'name' ? d.name.toLowerCase() : key === 'price' ? Number(d.price) : d[key]);
  const sign = q.order === 'desc' ? -1 : 1;
  found.sort((a, b) => (value(a) < value(b) ? -sign : value(a) > value(b) ? sign : a.id - b.id));
  const perPage = Number(q.per_page ?? 15);
  const page = Number(q.page ?? 1);
  return { data: perPage === -1 ? found : found.slice((page - 1) * perPage, page * perPage), recordsFiltered: found.length };
}

/** `GET flat-deals/{id}/similar`: same format, kind and geography, available, nearest price first. */
function similar(deals: readonly FlatDeal[], deal: FlatDeal): FlatDeal[] {
  const sameGeography = (d: FlatDeal) =>
    deal.country_group_id !== null ? d.country_group_id === deal.country_group_id : deal.country_ids.length ? d.country_ids.some((c) => deal.country_ids.includes(c)) : d.country_ids.length === 0;
  const distance = (d: FlatDeal) => Math.abs(Number(d.price) - Number(deal.price));
  return deals
    .filter((d) => d.id !== deal.id && d.ad_format_id === deal.ad_format_id && d.kind === deal.kind && d.status === 'available' && sameGeography(d))
    .sort((a, b) => distance(a) - distance(b) || a.id - b.id)
    .slice(0, 6);
}

/** The deal's rules as the server's checks read them from its row. */
const rulesOf = (deal: FlatDeal) =>
  ({ id: deal.id, status: deal.status, limits: deal.limits, volumeDiscounts: deal.volume_discounts, leadDays: deal.lead_days, maxDays: deal.max_days }) as FlatDealRecord;

/** A failure of the server's own checks, as it answers it (`422` with the English field errors). */
function failed(error: unknown): FakeAnswer {
  if (!(error instanceof HttpError)) throw error;
  return { fail: `${error.statusCode} ${error.message}`, body: JSON.parse(JSON.stringify(error.body)) as object };
}

/** A site whose report knows nothing yet: every figure missing, no audience or countries. */
const withoutReport = (site: Site): Site => ({
  ...site,
  site_report: {
    ...(Object.fromEntries(Object.keys(site.site_report).map((key) => [key, null])) as unknown as Site['site_report']),
    top_countries: [],
    audience_ages: [],
    country_shares: [],
  },
});

/**
 * The marketplace's API from memory, after a delay: the recorded sites and deals (`GET sites/marketplace`,
 * `GET flat-deals` filtered, sorted and paged, one deal, similar deals), prices and applications checked by the
 * server's own rules (server/areas/marketplace/pricing.ts, checkApplication.ts), the user's applications kept while
 * the story runs, all on the stories' clock (`server_time` of the recorded settings); the real countries; `GET network`,
 * `GET settings` and the other collections as the campaign stories answer them.
 */
export function createMarketplaceTransport({ latencyMs = 300, failDeals = 0, noReports = false }: MarketplaceTransportOptions = {}): LookupTransport {
  const fallback = createCampaignTransport({ latencyMs });
  const sites = noReports ? STORY_MARKETPLACE.sites.map(withoutReport) : STORY_MARKETPLACE.sites;
  const deals = noReports ? STORY_MARKETPLACE.deals.map((d) => ({ ...d, site: d.site && withoutReport(d.site) })) : STORY_MARKETPLACE.deals;
  const applications = new Map<number, MarketplaceFlatDealApplicationAnswer>();
  let dealFailures = 0;

  function answer(req: LookupRequest): FakeAnswer | undefined {
    const path = req.url.replace(/^\/+/, '').split('?')[0];
    const params = (req.params ?? {}) as Params;
    const dealOf = (id: string) => deals.find((d) => String(d.id) === id);
    let m: RegExpExecArray | null;
    if (req.method === 'GET' && path === 'sites/marketplace') return { body: { data: sites } };
    if (req.method === 'GET' && path === 'collections/countries') return { body: { data: STORY_MARKETPLACE.countries } };
    if (req.method === 'GET' && path === 'flat-deals') {
      if (dealFailures < failDeals) {
        dealFailures += 1;
        return { fail: '503 The deals are being updated; try again in a moment' };
      }
      return { body: dealPage(deals, params) };
    }
    if ((m = /^flat-deals\/(\d+)(?:\/(similar|price))?$/.exec(path))) {
      const deal = dealOf(m[1]);
      if (!deal) return { fail: '404 Flat deal not found' };
      if (req.method === 'GET' && !m[2]) return { body: { data: deal } };
      if (req.method === 'GET' && m[2] === 'similar') return { body: { data: similar(deals, deal) } };
      if (req.method === 'POST' && m[2] === 'price') {
        const body = (req.data ?? {}) as { limit_type?: FlatDeal['limit_type']; limit_value?: number };
        const quote = priceOf(rulesOf(deal), body.limit_type ?? deal.limit_type, Number(body.limit_value));
        return isPriced(quote) ? { body: { data: { ...quote, currency: deal.currency } } } : { fail: '422 The given data was invalid.', body: { errors: { [quote.field]: [String(quote.message)] } } };
      }
    }
    if (req.method === 'POST' && path === 'flat-deal-applications') {
      const body = (req.data ?? {}) as MarketplaceFlatDealApplication;
      const deal = dealOf(String(body.flat_deal_id));
      if (!deal) return { fail: '422 The given data was invalid.', body: { errors: { flat_deal_id: ['Flat deal not found.'] } } };
      try {
        const input = checkApplication(body, rulesOf(deal), { today: STORY_SETTINGS.server_time.slice(0, 10), currency: deal.currency, creativeFormats: deal.creative_formats });
        const id = 1001 + applications.size;
        const now = STORY_SETTINGS.server_time;
        const application: MarketplaceFlatDealApplicationAnswer = {
          id,
          number: `FD-${id}`,
          flat_deal_id: deal.id,
          deal_name: deal.name,
          ad_format_id: deal.ad_format_id,
          status: 'pending',
          limit_type: input.limitType,
          limit_value: input.limitValue,
          price: input.price,
          currency: input.currency,
          starts_on: input.startsOn,
          ends_on: input.endsOn,
          creative_format: input.creativeFormat,
          contact_note: input.contactNote,
          reserved: '0.00',
          charged: '0.00',
          decision_note: null,
          decided_at: null,
          campaigns: [],
          created_at: now,
          updated_at: now,
        };
        applications.set(id, application);
        return { body: { data: application } };
      } catch (error) {
        return failed(error);
      }
    }
    if ((m = /^flat-deal-applications\/(\d+)(\/cancel)?$/.exec(path))) {
      const application = applications.get(Number(m[1]));
      if (!application) return { fail: '404 Flat deal application not found' };
      if (req.method === 'GET' && !m[2]) return { body: { data: application } };
      if (req.method === 'POST' && m[2]) {
        if (application.status !== 'pending') return { fail: '409 Only a pending application can be withdrawn.' };
        application.status = 'cancelled';
        return { body: { data: application } };
      }
    }
    if (req.method === 'GET' && path === 'flat-deal-applications') {
      const rows = [...applications.values()].reverse();
      return { body: { data: rows, recordsFiltered: rows.length } };
    }
    return undefined;
  }

  return (req) => {
    const found = answer(req);
    return found ? answerLater(req, found, latencyMs) : fallback(req);
  };
}
