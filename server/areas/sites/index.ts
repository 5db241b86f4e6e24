import type { FastifyInstance } from 'fastify';
import { fieldError } from '../../httpError';
import { phrase } from '../../i18n/phrase';
import { requestLocale } from '../../i18n/serverTexts';
import { fieldErrorsAnswer, pageAnswer, unauthenticated, wrapped } from '../../openapi/responses';
import { catalogSchema } from '../../plugins/validation';
import { siteSummary, sites } from '../../reference/sites';
import { premiumSites, searchSites, sitesByIds, validateDomains, type DomainSearch, type PremiumFilters } from '../../reference/siteSearch';
import type { DomainsValidation, Site, SiteSummary } from '../../../generated/types';

const security = [{ bearerAuth: [] }];

let marketplaceBody: string | undefined;
/** `GET sites/marketplace` never changes while the process runs: serialized once (hundreds of sites with reports). */
const marketplaceAnswer = () => (marketplaceBody ??= JSON.stringify({ data: sites().filter((s) => s.marketplace) satisfies Site[] }));

/**
 * The network's publisher sites for the campaign form's site targets: premium sites of a format, domain search,
 * labels of saved ids, the check of a pasted domain list, and the marketplace list. Served from memory
 * (server/reference/sites.ts).
 */
export default async function sitesRoutes(app: FastifyInstance) {
  const { platform } = app;
  const guarded = { onRequest: app.authenticate };
  const siteSchema = catalogSchema(platform.catalog, 'sites_site_answer');
  const siteSummarySchema = catalogSchema(platform.catalog, 'sites_site_summary_answer');
  const summaries = { type: 'array', items: siteSummarySchema };
  const summariesOf = (list: readonly Site[]): SiteSummary[] => list.map(siteSummary);
  app.get<{ Querystring: PremiumFilters & { pricing_model?: string } }>(
    '/sites/premium',
    {
      ...guarded,
      schema: {
        tags: ['sites'],
        summary: 'Premium sites that sell an ad format, narrowed by category groups, categories, traffic type and placement types',
        description: 'Each given filter narrows the list (empty lists filter nothing); best ranked first. The list is in `data.data`.',
        security,
        querystring: catalogSchema(platform.catalog, 'sites_sites_premium_query'),
        response: {
          200: wrapped({ type: 'object', additionalProperties: false, required: ['data'], properties: { data: { type: 'array', items: siteSchema } } }, 'Premium sites'),
          401: unauthenticated,
          422: fieldErrorsAnswer,
        },
      },
    },
    async (request) => {
      const { ad_format_id: formatId, pricing_model: pricingModel } = request.query;
      const format = platform.adFormats.get(formatId);
      if (!format || !request.network.adFormats.includes(formatId)) throw fieldError('ad_format_id', 'Choose an ad format this network offers.');
      if (pricingModel !== undefined && !format.pricing_models.includes(pricingModel)) {
        throw fieldError('pricing_model', phrase('Choose one of: {choices}', { choices: format.pricing_models.join(', ') }));
      }
      const premium: Site[] = premiumSites(request.query);
      return { data: { data: premium } };
    },
  );

  app.post<{ Body: DomainSearch & { ids?: (number | string)[] } }>(
    '/sites/search/domains',
    {
      ...guarded,
      schema: {
        tags: ['sites'],
        summary: 'Sites whose domain contains the query, those starting with it first (the site lookup)',
        description: '`marketplace: true` keeps marketplace sites only; `ids` lists just those sites (labels of saved values). `recordsFiltered` counts all matches.',
        security,
        body: catalogSchema(platform.catalog, 'sites_sites_search_domains'),
        response: {
          200: pageAnswer(siteSummarySchema, 'Matching sites'),
          401: unauthenticated,
          422: fieldErrorsAnswer,
        },
      },
    },
    async (request) => {
      const { ids, ...search } = request.body;
      if (ids) {
        const found = sitesByIds(ids).filter((s) => !search.marketplace || s.marketplace);
        return { data: summariesOf(found), recordsFiltered: found.length };
      }
      const { rows, total } = searchSites(search);
      return { data: summariesOf(rows), recordsFiltered: total };
    },
  );

  app.post<{ Body: { ids: (number | string)[] } }>(
    '/sites/search/ids',
    {
      ...guarded,
      schema: {
        tags: ['sites'],
        summary: 'The sites of these ids (unknown ids are left out), in the order asked',
        security,
        body: catalogSchema(platform.catalog, 'sites_sites_search_ids'),
        response: { 200: wrapped(summaries, 'Sites'), 401: unauthenticated, 422: fieldErrorsAnswer },
      },
    },
    async (request) => ({ data: summariesOf(sitesByIds(request.body.ids)) }),
  );

  app.post<{ Body: { ids: (number | string)[] } }>(
    '/sites/details',
    {
      ...guarded,
      schema: {
        tags: ['sites'],
        summary: 'The sites of these ids with their badges and site report (unknown ids are left out), in the order asked',
        description: 'What the campaign page shows of the sites a campaign targets. Unknown report values are null: the panel shows a dash.',
        security,
        body: catalogSchema(platform.catalog, 'sites_sites_search_ids'),
        response: { 200: wrapped({ type: 'array', items: siteSchema }, 'Sites'), 401: unauthenticated, 422: fieldErrorsAnswer },
      },
    },
    async (request) => ({ data: sitesByIds(request.body.ids) satisfies Site[] }),
  );

  app.post<{ Body: { domains: string[] } }>(
    '/sites/validate',
    {
      ...guarded,
      schema: {
        tags: ['sites'],
        summary: 'Check a list of domains: the sites of this network it names, malformed entries, and domains that are no site of the network',
        description:
          'Entries are trimmed, lower-cased and stripped of scheme, path, port and `www.`; international names must be punycode. ' +
          '`problems` has one message per bad entry (`Line 3: “foo..com” is not a domain name`), in the request language.',
        security,
        body: catalogSchema(platform.catalog, 'sites_sites_validate'),
        response: {
          200: wrapped(catalogSchema(platform.catalog, 'sites_domains_validation_answer'), 'The list, split'),
          401: unauthenticated,
          422: fieldErrorsAnswer,
        },
      },
    },
    async (request) => {
      const check = validateDomains(request.body.domains);
      const locale = requestLocale(request);
      const validation: DomainsValidation = {
        sites: summariesOf(check.sites),
        invalid_domains: check.invalidDomains,
        unknown_domains: check.unknownDomains,
        problems: check.problems.map((p) => platform.texts.message(locale, p)),
        errors: {},
      };
      if (validation.problems.length) validation.errors.domains = validation.problems;
      return { data: validation };
    },
  );

  app.get(
    '/sites/marketplace',
    {
      ...guarded,
      schema: {
        tags: ['sites'],
        summary: 'Sites that sell flat deals on the marketplace, with their statistics',
        security,
        response: { 200: wrapped({ type: 'array', items: siteSchema }, 'Marketplace sites'), 401: unauthenticated },
      },
    },
    async (_request, reply) => reply.type('application/json; charset=utf-8').send(marketplaceAnswer()),
  );
}
