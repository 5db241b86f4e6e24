import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ProvidersSubscription, SubscriptionQuoteQuery, SubscriptionStatisticsQuery } from '../../../generated/types';
import { fieldError, HttpError } from '../../httpError';
import { phrase } from '../../i18n/phrase';
import { requestLocale } from '../../i18n/serverTexts';
import { fieldErrorsAnswer, messageAnswer, unauthenticated, wrapped } from '../../openapi/responses';
import { catalogSchema } from '../../plugins/validation';
import { afterBalanceChange } from '../finances/public';
import { planJson, planOf, plansOf } from './plans';
import type { Refusal } from './subscriptions';
import { subscriptionStatistics } from './subscriptionStatistics';

const security = [{ bearerAuth: [] }];
const tags = ['providers'];
/** The most days GET traffic-provider-subscription-statistics answers at once. */
const MAX_STATISTICS_DAYS = 93;

const STATUS: Record<Refusal['refused'], number> = { plan: 422, subscribed: 409, none: 409, same: 409, cancelled: 409, funds: 409, limits: 409 };

/** A refusal as its answer: a plan that cannot be taken is the field's error, the rest a 409 with the reason. */
export function refusalError(refusal: Refusal): HttpError {
  return STATUS[refusal.refused] === 422 ? fieldError('traffic_provider_subscription_plan_id', refusal.message) : new HttpError(409, refusal.message);
}

/**
 * Subscriptions to the network's traffic provider plans (subscriptions.ts has the money rules): the plans, the user's
 * subscription with its usage, a quote, subscribe (POST), change or resume (PUT), cancel (DELETE), and what the
 * user's providers carried per day.
 */
export default async function subscriptionRoutes(app: FastifyInstance) {
  const { platform } = app;
  const guarded = { onRequest: app.authenticate };
  const planSchema = catalogSchema(platform.catalog, 'providers_subscription_plan_answer');
  const subscriptionSchema = catalogSchema(platform.catalog, 'providers_subscription_answer');
  const body = catalogSchema(platform.catalog, 'providers_subscription');
  const refusals = { 401: unauthenticated, 409: messageAnswer('Refused: already subscribed, no subscription, the free balance does not cover the amount due, or the providers use more than the plan allows'), 422: fieldErrorsAnswer };

  /** The plan a body names, or a 422 under its field. */
  const chosenPlan = (request: FastifyRequest<{ Body: ProvidersSubscription } | { Querystring: ProvidersSubscription }>) => {
    const id = ((request as { body?: ProvidersSubscription }).body ?? (request as { query: ProvidersSubscription }).query).traffic_provider_subscription_plan_id;
    const plan = planOf(request.network, id);
    if (!plan) throw fieldError('traffic_provider_subscription_plan_id', phrase('Choose one of the plans.'));
    return plan;
  };
  const answer = async (request: FastifyRequest) => ({ data: await app.providerSubscriptions.answerOf(request.auth!.userId, request.network, requestLocale(request)) });

  app.get(
    '/traffic-provider-subscription-plans',
    { ...guarded, schema: { tags, summary: 'The plans on sale, and the user’s own plan if it is no longer sold; names in the reader’s language', security, response: { 200: wrapped({ type: 'array', items: planSchema }, 'Plans'), 401: unauthenticated } } },
    async (request) => {
      const current = await app.providerSubscriptions.live(request.auth!.userId);
      const locale = requestLocale(request);
      return { data: plansOf(request.network).filter((p) => p.status === 'active' || p.id === current?.planId).map((p) => planJson(p, request.network, locale)) };
    },
  );

  app.get(
    '/traffic-provider-subscriptions',
    { ...guarded, schema: { tags, summary: 'The user’s subscription (not ended) with what their active providers use of its plan, or null', security, response: { 200: wrapped({ anyOf: [subscriptionSchema, { type: 'null' }] }, 'The subscription'), 401: unauthenticated } } },
    answer,
  );

  app.get<{ Querystring: SubscriptionQuoteQuery }>(
    '/traffic-provider-subscriptions/quote',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'What subscribing to a plan, or changing to it, would charge now (the unused days of the current plan credited)',
        security,
        querystring: catalogSchema(platform.catalog, 'providers_subscription_quote_query'),
        response: { 200: wrapped(catalogSchema(platform.catalog, 'providers_subscription_quote_answer'), 'The quote'), ...refusals },
      },
    },
    async (request) => {
      const quote = await app.providerSubscriptions.quote(request.auth!.userId, request.network, chosenPlan(request), new Date());
      if ('refused' in quote) throw refusalError(quote);
      return { data: quote };
    },
  );

  const write = (method: 'POST' | 'PUT', summary: string, run: (request: FastifyRequest<{ Body: ProvidersSubscription }>) => ReturnType<typeof app.providerSubscriptions.subscribe>) =>
    app.route<{ Body: ProvidersSubscription }>({
      method,
      url: '/traffic-provider-subscriptions',
      ...guarded,
      schema: { tags, summary, security, body, response: { [method === 'POST' ? 201 : 200]: wrapped(subscriptionSchema, 'The subscription'), ...refusals } },
      handler: async (request, reply) => {
        const outcome = await run(request);
        if ('refused' in outcome) throw refusalError(outcome);
        if (outcome.charged !== '0.00') await afterBalanceChange(app, request.auth!.userId, request.network.id);
        return reply.status(method === 'POST' ? 201 : 200).send(await answer(request));
      },
    });

  write('POST', 'Subscribe to a plan: its price is charged now, for one billing period from today', (request) =>
    app.providerSubscriptions.subscribe(request.auth!.userId, request.network, chosenPlan(request), new Date()),
  );
  write('PUT', 'Change the subscription to another plan (charged its price less the unused days of the current one), or resume a cancelled one on its own plan', (request) =>
    app.providerSubscriptions.change(request.auth!.userId, request.network, chosenPlan(request), new Date(), requestLocale(request)),
  );

  app.delete(
    '/traffic-provider-subscriptions',
    { ...guarded, schema: { tags, summary: 'Cancel: no renewal and no refund; it ends at paid_until (a past-due one ends now, pausing the providers)', security, response: { 200: wrapped({ anyOf: [subscriptionSchema, { type: 'null' }] }, 'The subscription, or null when it ended'), 401: unauthenticated, 409: messageAnswer('No subscription, or cancelled already') } } },
    async (request) => {
      const outcome = await app.providerSubscriptions.cancel(request.auth!.userId, new Date());
      if ('refused' in outcome) throw refusalError(outcome);
      return answer(request);
    },
  );

  app.get<{ Querystring: SubscriptionStatisticsQuery }>(
    '/traffic-provider-subscription-statistics',
    {
      ...guarded,
      schema: {
        tags,
        summary: `Per day, what the user's campaigns took from their own providers (requests, bids, wins, spend, requests per second) beside the plan's limits; at most ${MAX_STATISTICS_DAYS} days`,
        security,
        querystring: catalogSchema(platform.catalog, 'providers_subscription_statistics_query'),
        response: { 200: wrapped(catalogSchema(platform.catalog, 'providers_subscription_statistics_answer'), 'Days and limits'), 401: unauthenticated, 422: fieldErrorsAnswer },
      },
    },
    async (request) => {
      const { start_date: start, end_date: end } = request.query;
      if (end < start) throw fieldError('end_date', phrase('The end date cannot be before the start date.'));
      if ((Date.parse(end) - Date.parse(start)) / 86_400_000 + 1 > MAX_STATISTICS_DAYS) throw fieldError('end_date', phrase('Choose at most {days} days.', { days: MAX_STATISTICS_DAYS }));
      const userId = request.auth!.userId;
      const current = await app.providerSubscriptions.live(userId);
      const plan = current && planOf(request.network, current.planId);
      return {
        data: {
          days: await subscriptionStatistics(platform.db, userId, start, end),
          limits: plan ? { max_providers: plan.maxProviders, max_requests_per_second: plan.maxRequestsPerSecond } : null,
        },
      };
    },
  );
}
