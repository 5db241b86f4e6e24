import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fieldError } from '../../httpError';
import { phrase } from '../../i18n/phrase';
import { fieldErrorsAnswer, int, nullable, obj, str, unauthenticated, wrapped } from '../../openapi/responses';
import { catalogSchema } from '../../plugins/validation';
import { estimateByCountry, estimateTraffic, type EstimateOptions, type EstimateRequest } from '../../services/traffic/estimate';

const security = [{ bearerAuth: [] }];
const money = (description: string) => ({ type: 'string', description: `${description}; decimal string, 4 places` });
const count = (description: string) => ({ type: 'integer', description });
const rate = (description: string) => ({ type: 'number', minimum: 0, maximum: 1, description });

/** The per-day figures both answers share (services/traffic/estimate.ts explains how they are computed). */
const figures = {
  requests: count('Ad requests per day that match the targets'),
  available_impressions: count('Impressions per day that match the targets, before the price'),
  impressions: count('Impressions per day the campaign can expect at the price'),
  clicks: count('Clicks per day at the price'),
  conversions: count('Conversions per day at the price'),
  spend: money('What the campaign would spend per day at the price'),
  ctr: rate('Clicks per impression of the matching traffic'),
  effective_cpm: nullable(money('What advertisers pay per thousand of the matching impressions')),
  effective_cpc: nullable(money('What advertisers pay per click of the matching traffic (null without clicks)')),
  effective_cpa: nullable(money('What advertisers pay per conversion of the matching traffic (null without conversions)')),
  recommended_price: money("The lowest price that wins 75 % of the matching impressions, in the pricing model's unit"),
  win_rate_at_price: rate('Share of the matching impressions the price wins'),
};

const estimateSchema = obj({
  ad_format_id: str,
  pricing_model: str,
  price: money('The price the figures are for (the request\'s, else the recommended one)'),
  minimum_price: money("The pricing model's minimum price"),
  ...figures,
  countries: count('Countries with matching traffic'),
  days: count('Days of data averaged (7 once the network has a week of data; 0 without data)'),
  unnarrowed_targets: { type: 'array', items: str, description: 'Targets the estimate could not take into account (no data for them): the real traffic is lower' },
  approximate_targets: { type: 'array', items: str, description: 'Targets taken into account by a heuristic (categories, device models, browser versions)' },
  ignored_targets: { type: 'array', items: str, description: 'Targets the format does not offer on this network: left out' },
});

const countrySchema = obj({ country_id: int, iso2: str, name: str, ...figures });

type Body = EstimateRequest;

/** `POST available-traffic`, `POST available-traffic-by-country`: the live traffic estimate of the campaign form. */
export default async function availableTrafficRoutes(app: FastifyInstance) {
  const { services } = app;
  // The estimates read traffic_daily: they run in a slot of plugins/heavyReads.ts (429 beyond it).
  const guarded = { onRequest: app.authenticate, config: { heavyRead: true } };
  const body = catalogSchema(services.catalog, 'api_available_traffic');
  const errors = { 401: unauthenticated, 422: fieldErrorsAnswer };

  /** The format must be one this network sells, with a pricing model of the format; targets it does not offer are left out. */
  const options = (request: FastifyRequest<{ Body: Body }>): EstimateOptions => {
    const format = services.adFormats.get(request.body.ad_format_id);
    if (!format || !request.network.adFormats.includes(format.id)) throw fieldError('ad_format_id', 'Choose an ad format this network offers.');
    const model = request.body.pricing_model;
    if (model !== undefined && !format.pricing_models.includes(model)) throw fieldError('pricing_model', phrase('{format} campaigns cannot use this pricing model.', { format: format.name }));
    return { formats: services.adFormats, offered: request.network.targetTypes.filter((id) => format.targets.includes(id)) };
  };

  app.post<{ Body: Body }>(
    '/available-traffic',
    {
      ...guarded,
      schema: {
        tags: ['lookups'],
        summary: 'Traffic a campaign with these targets can expect per day, and what it wins at a price',
        description: 'Per-day averages of the last 7 days of the network\'s traffic (traffic_daily), narrowed by the targets; money as decimal strings.',
        security,
        body,
        response: { 200: wrapped(estimateSchema, 'The estimate'), ...errors },
      },
    },
    async (request) => ({ data: await estimateTraffic(services.db, request.body, options(request)) }),
  );

  app.post<{ Body: Body }>(
    '/available-traffic-by-country',
    {
      ...guarded,
      schema: {
        tags: ['lookups'],
        summary: 'The same estimate per country, most impressions first (the rows add up to POST available-traffic)',
        security,
        body,
        response: { 200: wrapped({ type: 'array', items: countrySchema }, 'Countries with matching traffic'), ...errors },
      },
    },
    async (request) => ({ data: await estimateByCountry(services.db, request.body, options(request)) }),
  );
}
