import type { FastifyInstance } from 'fastify';
import type { MarketplaceFlatDealApplication, FlatDealApplicationsQuery, MarketplaceFlatDealPrice, FlatDealsQuery } from '../../../generated/types';
import { pageRequest } from '../../db/listing';
import { fieldError, HttpError } from '../../httpError';
import { objectIdParam } from '../../http/ownedObjects';
import { fieldErrorsAnswer, messageAnswer, pageAnswer, unauthenticated, wrapped } from '../../openapi/responses';
import { catalogSchema } from '../../plugins/validation';
import { documentFileName } from '../../documents';
import { pdfAnswer, sendPdf } from '../../http/pdfAnswer';
import { applicationJson, applicationNumber, flatDealJson, networkDeal, ownApplication, type DealContext } from './answers';
import { orderPdf } from './orderDocument';
import { checkApplication } from './checkApplication';
import { isPriced, priceOf } from './pricing';
import type { NetworkConfig } from '../../config/networkConfig';

const security = [{ bearerAuth: [] }];
const tags = ['marketplace'];
const notFound = (what: string) => messageAnswer(`${what} not found (or not of this network or user)`);

/**
 * The marketplace's calls: the network's flat deals (filtered, paged, sorted), one deal, the price of a package, the
 * deals like one, and the user's applications (apply, list, read, cancel while pending).
 */
export default async function marketplaceRoutes(app: FastifyInstance) {
  const { platform, marketplace } = app;
  const guarded = { onRequest: app.authenticate };
  const dealSchema = catalogSchema(platform.catalog, 'marketplace_flat_deal_answer');
  const applicationSchema = catalogSchema(platform.catalog, 'marketplace_flat_deal_application_answer');
  const currencyOf = (network: NetworkConfig) => network.settings.payments?.currency ?? 'USD';
  const creativeFormats = (formatId: string) => marketplace.creativeFormats(formatId);
  const context = (network: NetworkConfig): DealContext => ({ currency: currencyOf(network), creativeFormats });

  app.get<{ Querystring: FlatDealsQuery }>(
    '/flat-deals',
    {
      ...guarded,
      schema: {
        tags,
        summary: "A page of the network's flat deals (filters: ad format, kind, country group, countries, tier, traffic type, price range, status; search by domain or id)",
        description: '`country_ids` keeps deals with traffic from any of them (and deals from every country). Sorted by listed price, cheapest first, unless `sort` says otherwise.',
        security,
        querystring: catalogSchema(platform.catalog, 'marketplace_flat_deals_query'),
        response: { 200: pageAnswer(dealSchema, 'Matching deals'), 401: unauthenticated },
      },
    },
    async (request) => {
      const { rows, filtered } = await marketplace.repository.dealPage(request.network.id, { ...pageRequest(request.query, 'price'), order: request.query.order ?? 'asc' });
      const ctx = context(request.network);
      return { data: rows.map((d) => flatDealJson(d, ctx)), recordsFiltered: filtered };
    },
  );

  app.get<{ Params: { id: number } }>(
    '/flat-deals/:id',
    {
      ...guarded,
      schema: { tags, summary: 'One flat deal, with its site and site report', security, params: objectIdParam, response: { 200: wrapped(dealSchema, 'The deal'), 401: unauthenticated, 404: notFound('Flat deal') } },
    },
    async (request) => ({ data: flatDealJson(await networkDeal(marketplace.repository, request.network.id, request.params.id), context(request.network)) }),
  );

  app.post<{ Params: { id: number }; Body: MarketplaceFlatDealPrice }>(
    '/flat-deals/:id/price',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'The price of a package of a deal: a limit type it is sold by and a size within its range',
        description: 'Exact decimals: the subtotal is rounded half up to the cent, the volume discount likewise, and the price is their difference. 422 under `limit_type` or `limit_value` when the deal sells no such package.',
        security,
        params: objectIdParam,
        body: catalogSchema(platform.catalog, 'marketplace_flat_deal_price'),
        response: { 200: wrapped(catalogSchema(platform.catalog, 'marketplace_flat_deal_price_answer'), 'The price'), 401: unauthenticated, 404: notFound('Flat deal'), 422: fieldErrorsAnswer },
      },
    },
    async (request) => {
      const deal = await networkDeal(marketplace.repository, request.network.id, request.params.id);
      const quote = priceOf(deal, request.body.limit_type, request.body.limit_value);
      if (!isPriced(quote)) throw fieldError(quote.field, quote.message);
      return { data: { ...quote, currency: currencyOf(request.network) } };
    },
  );

  app.get<{ Params: { id: number } }>(
    '/flat-deals/:id/similar',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Available deals like this one: the same ad format and kind, the same country group or one of its countries, nearest in price first (never the deal itself)',
        security,
        params: objectIdParam,
        response: { 200: wrapped({ type: 'array', items: dealSchema }, 'Similar deals'), 401: unauthenticated, 404: notFound('Flat deal') },
      },
    },
    async (request) => {
      const deal = await networkDeal(marketplace.repository, request.network.id, request.params.id);
      const ctx = context(request.network);
      return { data: (await marketplace.repository.similar(deal)).map((d) => flatDealJson(d, ctx)) };
    },
  );

  app.post<{ Body: MarketplaceFlatDealApplication }>(
    '/flat-deal-applications',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Apply for a package of a flat deal (pending until support staff approve or reject it)',
        description:
          'The server prices the package by the deal\'s rules. Errors under `flat_deal_id` (sold out; an unknown deal is 404), `limit_type` and `limit_value` (no such package), ' +
          '`starts_on` (before the deal\'s lead time, or beyond the booking horizon), `ends_on` (before the start, longer than the deal runs, or not the package\'s days), `creative_format`.',
        security,
        body: catalogSchema(platform.catalog, 'marketplace_flat_deal_application'),
        response: { 201: wrapped(applicationSchema, 'Applied'), 401: unauthenticated, 404: notFound('Flat deal'), 422: fieldErrorsAnswer },
      },
    },
    async (request, reply) => {
      const userId = request.auth!.userId;
      const deal = await networkDeal(marketplace.repository, request.network.id, request.body.flat_deal_id);
      const input = checkApplication(request.body, deal, { today: new Date().toISOString().slice(0, 10), currency: currencyOf(request.network), creativeFormats: creativeFormats(deal.adFormatId) });
      const created = await marketplace.repository.createApplication(userId, input);
      return reply.status(201).send({ data: applicationJson((await marketplace.repository.application(userId, created.id))!) });
    },
  );

  app.get<{ Querystring: FlatDealApplicationsQuery }>(
    '/flat-deal-applications',
    {
      ...guarded,
      schema: {
        tags,
        summary: "A page of the user's flat deal applications (search by deal name, number or id; filter by status)",
        security,
        querystring: catalogSchema(platform.catalog, 'marketplace_flat_deal_applications_query'),
        response: { 200: pageAnswer(applicationSchema, 'Matching applications'), 401: unauthenticated },
      },
    },
    async (request) => {
      const { rows, filtered } = await marketplace.repository.applicationPage(request.auth!.userId, pageRequest(request.query, 'created_at'));
      return { data: rows.map(applicationJson), recordsFiltered: filtered };
    },
  );

  app.get<{ Params: { id: number } }>(
    '/flat-deal-applications/:id',
    {
      ...guarded,
      schema: { tags, summary: 'One application of the user', security, params: objectIdParam, response: { 200: wrapped(applicationSchema, 'The application'), 401: unauthenticated, 404: notFound('Application') } },
    },
    async (request) => ({ data: applicationJson(await ownApplication(marketplace.repository, request.auth!.userId, request.params.id)) }),
  );

  app.get<{ Params: { id: number } }>(
    '/flat-deal-applications/:id/document',
    {
      ...guarded,
      schema: {
        tags,
        summary: "The application's order confirmation as a PDF, in the user's language, with the network's branding",
        security,
        params: objectIdParam,
        response: { 200: pdfAnswer, 401: unauthenticated, 404: notFound('Application') },
      },
    },
    async (request, reply) => {
      const userId = request.auth!.userId;
      const application = await ownApplication(marketplace.repository, userId, request.params.id);
      const user = await platform.users.findById(request.network.id, userId);
      if (!user) throw new HttpError(404, 'Flat deal application not found.');
      const bytes = await orderPdf(request.network, application, user, platform.adFormats.get(application.deal.adFormatId)?.name ?? application.deal.adFormatId);
      return sendPdf(reply, bytes, documentFileName('order', applicationNumber(application.id)));
    },
  );

  app.post<{ Params: { id: number } }>(
    '/flat-deal-applications/:id/cancel',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Withdraw a pending application (an approved one runs; ask support to stop it)',
        security,
        params: objectIdParam,
        response: { 200: wrapped(applicationSchema, 'Cancelled'), 401: unauthenticated, 404: notFound('Application'), 409: messageAnswer('Only a pending application can be cancelled.') },
      },
    },
    async (request) => {
      const userId = request.auth!.userId;
      const application = await ownApplication(marketplace.repository, userId, request.params.id);
      if (!(await marketplace.repository.cancel(application))) throw new HttpError(409, 'Only a pending application can be cancelled.');
      return { data: applicationJson((await marketplace.repository.application(userId, application.id))!) };
    },
  );
}
