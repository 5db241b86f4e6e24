import type { FastifyInstance } from 'fastify';
import type { ProvidersTrafficProvider, SspFormatsQuery, TrafficProvidersQuery } from '../../../generated/types';
import { pageRequest } from '../../db/listing';
import { invalidData } from '../../httpError';
import { fieldErrorsAnswer, messageAnswer, pageAnswer, unauthenticated, wrapped } from '../../openapi/responses';
import { requestLocale } from '../../i18n/serverTexts';
import { refusalError } from './subscriptionRoutes';
import { catalogSchema } from '../../plugins/validation';
import { ownedObjectRoutes } from '../../http/ownedObjects';
import { sspFormats } from '../../reference/sspFormats';
import { ownTrafficProvider, trafficProviderJson } from './answers';
import { checkTrafficProvider, PROVIDER_NAME_TAKEN } from './checkProvider';

const security = [{ bearerAuth: [] }];
const tags = ['providers'];
const NOT_FOUND = 'No such traffic provider (or it is not yours)';

/** Traffic providers: the list, one provider, create, activate, pause, delete, and the SSP formats to choose from. */
export default async function trafficProvidersRoutes(app: FastifyInstance) {
  const { platform } = app;
  const guarded = { onRequest: app.authenticate };
  const providerSchema = catalogSchema(platform.catalog, 'providers_traffic_provider_answer');

  app.get<{ Querystring: TrafficProvidersQuery }>(
    '/traffic-providers',
    {
      ...guarded,
      schema: {
        tags,
        summary: "A page of the user's traffic providers (search by name, endpoint URL or id; filter by status and method type; per_page 15/25/50/-1)",
        security,
        querystring: catalogSchema(platform.catalog, 'providers_traffic_providers_query'),
        response: { 200: pageAnswer(providerSchema, 'Matching providers'), 401: unauthenticated },
      },
    },
    async (request) => {
      const { rows, filtered } = await app.trafficProviders.page(request.auth!.userId, pageRequest(request.query, 'created_at'));
      return { data: rows.map(trafficProviderJson), recordsFiltered: filtered };
    },
  );

  app.get<{ Querystring: SspFormatsQuery }>(
    '/traffic-provider-ssp-formats',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'The formats of supply traffic a provider may sell (every one, or those a method type carries): the choices of ssp_formats in the traffic provider form',
        security,
        querystring: catalogSchema(platform.catalog, 'providers_ssp_formats_query'),
        response: { 200: wrapped({ type: 'array', items: catalogSchema(platform.catalog, 'providers_ssp_format_answer') }, 'SSP formats'), 401: unauthenticated, 422: fieldErrorsAnswer },
      },
    },
    async (request) => {
      const method = request.query.method_type;
      const locale = requestLocale(request);
      // Names in the reader's language (src/locales/<locale>/server.json, keyed by the English name).
      return { data: (method ? sspFormats.filter((f) => f.method_types.includes(method)) : sspFormats).map((f) => ({ ...f, name: platform.texts.message(locale, f.name) })) };
    },
  );

  app.post<{ Body: ProvidersTrafficProvider }>(
    '/traffic-providers',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Add a traffic provider (active at once: campaigns may choose it in their traffic providers target), within the subscription plan’s limits',
        description:
          'Errors under `name` (blank, too long, another provider of the user has it in any case), `endpoint_url` (not an http or https address, a user name or password in it), `ssp_formats` (an unknown format, or one the method type cannot carry), and the schema\'s own under each field. Provider ids start at 1001 (1 is the main provider in campaign targets).',
        security,
        body: catalogSchema(platform.catalog, 'providers_traffic_provider'),
        response: { 201: wrapped(providerSchema, 'Created'), 401: unauthenticated, 409: messageAnswer('No subscription plan, or the plan allows no more (active providers, requests per second, private SSP formats)'), 422: fieldErrorsAnswer },
      },
    },
    async (request, reply) => {
      const userId = request.auth!.userId;
      const input = await checkTrafficProvider(request.body, (name) => app.trafficProviders.nameTaken(userId, name));
      const created = await app.providerSubscriptions.withinPlan(userId, request.network, requestLocale(request), input, (tx) => app.trafficProviders.create(userId, input, 'active', tx));
      if ('refused' in created) throw refusalError(created);
      if (!created.done) throw invalidData({ name: [PROVIDER_NAME_TAKEN] });
      return reply.status(201).send({ data: trafficProviderJson(created.done) });
    },
  );

  ownedObjectRoutes(app, {
    path: '/traffic-providers',
    tags,
    schema: providerSchema,
    notFound: NOT_FOUND,
    own: (userId, id) => ownTrafficProvider(app.trafficProviders, userId, id),
    json: trafficProviderJson,
    read: 'One traffic provider',
    statuses: {
      activate: 'Let campaigns buy from a provider again (an active provider is answered unchanged)',
      pause: "Stop buying from a provider; it leaves the campaign form's list (a paused provider is answered unchanged)",
      set: async (provider, status, request) => {
        if (status !== 'active' || provider.status === 'active') return app.trafficProviders.setStatus(provider, status);
        const started = await app.providerSubscriptions.withinPlan(provider.userId, request.network, requestLocale(request), provider, (tx) => app.trafficProviders.setStatus(provider, status, tx));
        if ('refused' in started) throw refusalError(started);
        return started.done;
      },
      refused: 'Starting it would go beyond the subscription plan (active providers, requests per second, private SSP formats), or there is no plan',
    },
    remove: { summary: 'Delete a traffic provider', run: (provider) => app.trafficProviders.delete(provider.id) },
  });
}
