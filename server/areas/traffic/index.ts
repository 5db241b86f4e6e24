import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fieldError } from '../../httpError';
import { phrase } from '../../i18n/phrase';
import { fieldErrorsAnswer, unauthenticated, wrapped } from '../../openapi/responses';
import { catalogSchema } from '../../plugins/validation';
import { estimateByCountry, estimateTraffic, type EstimateOptions, type EstimateRequest } from './estimate';
import type { TrafficService } from './public';

const security = [{ bearerAuth: [] }];
type Body = EstimateRequest;

/** `POST available-traffic`, `POST available-traffic-by-country`: the live traffic estimate of the campaign form. */
export default async function availableTrafficRoutes(app: FastifyInstance) {
  const { platform } = app;
  // The estimates read traffic_daily: they run in a slot of plugins/heavyReads.ts (429 beyond it).
  const guarded = { onRequest: app.authenticate, config: { heavyRead: true } };
  const body = catalogSchema(platform.catalog, 'traffic_available_traffic');
  const errors = { 401: unauthenticated, 422: fieldErrorsAnswer };

  /** The format must be one this network sells, with a pricing model of the format; targets it does not offer are left out. */
  const options = (request: FastifyRequest<{ Body: Body }>): EstimateOptions => {
    const format = platform.adFormats.get(request.body.ad_format_id);
    if (!format || !request.network.adFormats.includes(format.id)) throw fieldError('ad_format_id', 'Choose an ad format this network offers.');
    const model = request.body.pricing_model;
    if (model !== undefined && !format.pricing_models.includes(model)) throw fieldError('pricing_model', phrase('{format} campaigns cannot use this pricing model.', { format: format.name }));
    return { formats: platform.adFormats, offered: request.network.targetTypes.filter((id) => format.targets.includes(id)) };
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
        response: { 200: wrapped(catalogSchema(platform.catalog, 'traffic_traffic_estimate_answer'), 'The estimate'), ...errors },
      },
    },
    async (request) => ({ data: await estimateTraffic(platform.db, request.body, options(request)) }),
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
        response: { 200: wrapped({ type: 'array', items: catalogSchema(platform.catalog, 'traffic_country_traffic_answer') }, 'Countries with matching traffic'), ...errors },
      },
    },
    async (request) => ({ data: await estimateByCountry(platform.db, request.body, options(request)) }),
  );
}

/** `app.traffic`: the recommended price of a campaign, for the campaigns area (its answer and price auto-adjust). */
export function provide(app: FastifyInstance) {
  const { platform } = app;
  const service: TrafficService = {
    async recommendedPrice({ adFormat, pricingModel, targets, offered }) {
      const estimate = await estimateTraffic(platform.db, { ad_format_id: adFormat, pricing_model: pricingModel, targets: targets as EstimateRequest['targets'] }, { formats: platform.adFormats, offered });
      return estimate.available_impressions > 0 ? estimate.recommended_price : null;
    },
  };
  app.decorate('traffic', service);
}
