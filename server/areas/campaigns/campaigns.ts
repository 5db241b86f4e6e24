import type { FastifyInstance } from 'fastify';
import { fieldError } from '../../httpError';
import { mustOwnAll, ownerOf } from '../../auth/owner';
import { requestLocale } from '../../i18n/serverTexts';
import { fieldErrorsAnswer, int, messageAnswer, obj, unauthenticated, wrapped } from '../../openapi/responses';
import { catalogSchema } from '../../plugins/validation';
import type { CampaignRecord, CampaignTableQuery } from './repository';
import { CAMPAIGN_SCHEMA_ID, checkCampaign } from './checkCampaign';
import { campaignOffers } from './offers';
import { smartBiddingFor } from '../../settings/campaignRules';
import { MINIMUM_PRICES } from '../../settings/campaignRules';
import { priceOutOfBounds } from './price';
import { withBlacklisted } from './blacklist';
import { phrase } from '../../i18n/phrase';
import { requireConfirmedEmail } from '../../auth/confirmedEmail';
import { campaignJson, ownCampaign, stateJson } from './answers';
import { runLifecycle } from './lifecycle';
import { recommendedPriceOf } from './priceAdjust';
import { meaningfulTargets, targetDefaults } from './targetDefaults';
import { jsonEqual } from '../../../engine/form/paths';
import type { CampaignCreateQuery, CampaignPriceChange, CampaignTargets, CampaignTransition } from '../../../generated/types';
import { checkFlatDealLink } from './flatDealLink';
import { checkProviderTarget } from './providerTarget';

type Targets = Record<string, unknown>;

const security = [{ bearerAuth: [] }];
const idParam = { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 } } };
const notFound = messageAnswer('No such campaign (or it is not yours)');
/** The form's ad or group, or a bulk action's campaign, is not one of the user's (another user's does not exist for this one). */
const referenceNotFound = messageAnswer('No such ad, campaign group or campaign of yours');
const today = () => new Date().toISOString().slice(0, 10);

/** Why a bulk action skipped a campaign, in the reader's language. */
const SKIP_TEXTS = {
  archived: phrase('The campaign is deleted.'),
  rejected: phrase('Moderation turned the campaign down: edit it first.'),
  finished: phrase('The campaign has ended: set a later end date to run it again.'),
  no_funds: phrase('Add funds to start the campaign.'),
  unchanged: phrase('Nothing to change.'),
};

/** Campaigns: the table, the form's reads and writes, bulk status changes, price, offers, blacklist from statistics. */
export default async function campaignsRoutes(app: FastifyInstance) {
  const { platform } = app;
  const defaults = targetDefaults(catalogSchema(platform.catalog, CAMPAIGN_SCHEMA_ID));
  const guarded = { onRequest: app.authenticate };
  const campaignView = catalogSchema(platform.catalog, 'campaigns_campaign_view_answer');
  /** A deleted campaign is kept for its statistics and copies; changes to it answer 422 under `field`. */
  const mustBeEditable = (campaign: CampaignRecord, field: string) => {
    if (campaign.status !== 'archived') return;
    throw fieldError(field, 'A deleted campaign cannot be edited. Duplicate it instead.');
  };

  app.get<{ Querystring: Partial<CampaignTableQuery> }>(
    '/campaigns',
    {
      ...guarded,
      // Sums every campaign's spend from campaign_stats_daily: a slot of plugins/heavyReads.ts.
      config: { heavyRead: true },
      schema: {
        tags: ['campaigns'],
        summary: 'A page of the campaign table (filters, sort, per_page 15/25/50/-1)',
        security,
        querystring: catalogSchema(platform.catalog, 'campaigns_campaigns_table_query'),
        response: { 200: obj({ data: { type: 'array', items: catalogSchema(platform.catalog, 'campaigns_campaign_row_answer') }, recordsTotal: int, recordsFiltered: int }), 401: unauthenticated },
      },
    },
    async (request) => {
      const q = request.query;
      const { rows, total, filtered } = await app.campaigns.table(
        request.auth!.userId,
        { ...q, page: q.page ?? 1, per_page: q.per_page ?? 15, sort: q.sort ?? 'created_at', order: q.order ?? 'desc' },
        today(),
      );
      return { data: rows, recordsTotal: total, recordsFiltered: filtered };
    },
  );

  app.get<{ Params: { id: number } }>(
    '/campaigns/:id',
    { ...guarded, schema: { tags: ['campaigns'], summary: 'One campaign: form data, approval history, rules, last 7 days of statistics', security, params: idParam, response: { 200: wrapped(campaignView, 'The campaign'), 401: unauthenticated, 404: notFound } } },
    async (request) => ({ data: await campaignJson(app, await ownCampaign(app.campaigns, request.auth!.userId, request.params.id)) }),
  );

  app.post<{ Body: Record<string, unknown>; Querystring: CampaignCreateQuery }>(
    '/campaigns',
    {
      onRequest: [app.authenticate, requireConfirmedEmail],
      schema: {
        tags: ['campaigns'],
        summary: 'Create a campaign (paused, goes to moderation; starts when approved if activate_on_approve); 403 until the e-mail address is confirmed',
        security,
        description: 'With `flat_deal_application_id` the campaign delivers a pending or approved flat deal application of the user (422 under `flat_deal_application_id` otherwise, under `ad_id` when the ad is not of the deal\'s format).',
        querystring: catalogSchema(platform.catalog, 'campaigns_campaign_create_query'),
        body: catalogSchema(platform.catalog, CAMPAIGN_SCHEMA_ID),
        response: { 201: wrapped(campaignView, 'Created'), 401: unauthenticated, 403: messageAnswer('The e-mail address is not confirmed yet'), 404: referenceNotFound, 422: fieldErrorsAnswer },
      },
    },
    async (request, reply) => {
      const input = await checkCampaign(app, ownerOf(request), request.body);
      await checkProviderTarget(app, request, input);
      const offerOf = request.query.offer_of;
      if (offerOf !== undefined) await ownCampaign(app.campaigns, request.auth!.userId, offerOf);
      const applicationId = request.query.flat_deal_application_id;
      if (applicationId !== undefined) await checkFlatDealLink(app, request.auth!.userId, applicationId, input.adFormat);
      const owner = { userId: request.auth!.userId, networkId: request.network.id };
      // In the campaign's transaction: its recommended price, and its ad, which waited for a campaign, sent to moderation.
      const recommendedPrice = await recommendedPriceOf(app, { ...owner, adFormat: input.adFormat, pricingModel: input.pricingModel, model: input.model });
      const row = await app.campaigns.create(owner, input, { offerOfId: offerOf, flatDealApplicationId: applicationId, recommendedPrice, within: (tx) => app.ads.submitDrafts(owner.userId, [input.adId], tx) });
      return reply.status(201).send({ data: await campaignJson(app, row) });
    },
  );

  app.put<{ Params: { id: number }; Body: Record<string, unknown> }>(
    '/campaigns/:id',
    {
      ...guarded,
      schema: {
        tags: ['campaigns'],
        summary: 'Save an edit (a new ad or new targeting goes to moderation again); the ad format cannot change',
        security,
        params: idParam,
        body: catalogSchema(platform.catalog, CAMPAIGN_SCHEMA_ID),
        response: { 200: wrapped(campaignView, 'Saved'), 401: unauthenticated, 404: notFound, 422: fieldErrorsAnswer },
      },
    },
    async (request) => {
      const campaign = await ownCampaign(app.campaigns, request.auth!.userId, request.params.id);
      mustBeEditable(campaign, '');
      if (request.body.ad_format !== campaign.adFormat) {
        throw fieldError('ad_format', 'The format of a saved campaign cannot change. Duplicate it instead.');
      }
      const input = await checkCampaign(app, ownerOf(request), request.body);
      await checkProviderTarget(app, request, input);
      // In the edit's transaction, as on create: the recommended price of the new targets, and a new ad sent to moderation.
      const recommendedPrice = await recommendedPriceOf(app, { networkId: campaign.networkId, adFormat: input.adFormat, pricingModel: input.pricingModel, model: input.model });
      const saved = await app.campaigns.update(campaign, input, (a, b) => jsonEqual(meaningfulTargets(a as Targets, defaults), meaningfulTargets(b as Targets, defaults)), {
        recommendedPrice,
        within: (tx) => app.ads.submitDrafts(campaign.userId, [input.adId], tx),
      });
      // New dates or limits take effect now: the answer already says whether the campaign can buy. (Derived state:
      // after a crash here the lifecycle job's next pass makes it.)
      await runLifecycle(app, new Date(), [saved.id]);
      return { data: await campaignJson(app, await ownCampaign(app.campaigns, request.auth!.userId, saved.id)) };
    },
  );

  for (const action of ['activate', 'pause', 'delete'] as const) {
    app.post<{ Body: { campaign_ids: number[] } }>(
      `/campaigns/${action}`,
      {
        ...guarded,
        schema: {
          tags: ['campaigns'],
          summary: { activate: 'Start campaigns (approved ones now, pending ones once approved)', pause: 'Pause campaigns', delete: 'Delete (archive) campaigns' }[action],
          security,
          body: catalogSchema(platform.catalog, 'campaigns_campaign_ids'),
          response: { 200: wrapped(catalogSchema(platform.catalog, 'campaigns_campaign_transition_answer'), 'What changed, and why the rest did not'), 401: unauthenticated, 404: referenceNotFound, 422: fieldErrorsAnswer },
        },
      },
      async (request) => {
        const locale = requestLocale(request);
        const userId = request.auth!.userId;
        // One campaign that is not the user's and nothing changes (campaigns are never removed nor change hands).
        mustOwnAll(request.body.campaign_ids, await app.campaigns.ownedIds(userId, request.body.campaign_ids), 'Campaign');
        const { changed, skipped } = await app.campaigns.transition(userId, request.body.campaign_ids, action);
        if (action === 'activate' && changed.length) await runLifecycle(app, new Date(), changed.map((c) => c.id));
        return { data: { campaigns: changed.map(stateJson), skipped: skipped.map((s) => ({ ...s, message: platform.texts.message(locale, SKIP_TEXTS[s.reason]) })) } satisfies CampaignTransition };
      },
    );
  }

  app.post<{ Params: { id: number }; Body: { price: string } }>(
    '/campaigns/:id/price',
    {
      ...guarded,
      schema: {
        tags: ['campaigns'],
        summary: "Change a campaign's price (no new moderation)",
        security,
        params: idParam,
        body: catalogSchema(platform.catalog, 'campaigns_campaign_price'),
        response: { 200: wrapped(catalogSchema(platform.catalog, 'campaigns_campaign_price_change_answer'), 'The new price'), 401: unauthenticated, 404: notFound, 422: fieldErrorsAnswer },
      },
    },
    async (request) => {
      const campaign = await ownCampaign(app.campaigns, request.auth!.userId, request.params.id);
      mustBeEditable(campaign, 'price');
      // The schema caps the price at MAXIMUM_PRICE already; the minimum depends on the campaign's pricing model.
      if (priceOutOfBounds(campaign.pricingModel, request.body.price) === 'below_minimum') {
        throw fieldError('price', phrase('The price must be at least {minimum}.', { minimum: MINIMUM_PRICES[campaign.pricingModel]! }));
      }
      const row = await app.campaigns.setPrice(campaign.id, request.body.price);
      return { data: { id: row.id, price: row.price } satisfies CampaignPriceChange };
    },
  );

  app.get<{ Params: { id: number } }>(
    '/campaigns/:id/offers',
    {
      ...guarded,
      schema: {
        tags: ['campaigns'],
        summary: 'Ready-made variants of a campaign to create a new one from',
        security,
        params: idParam,
        response: { 200: wrapped({ type: 'array', items: catalogSchema(platform.catalog, 'campaigns_campaign_offer_answer') }, 'Offers'), 401: unauthenticated, 404: notFound },
      },
    },
    async (request) => {
      const campaign = await ownCampaign(app.campaigns, request.auth!.userId, request.params.id);
      const format = platform.adFormats.get(campaign.adFormat);
      if (!format || !request.network.adFormats.includes(format.id)) return { data: [] };
      const locale = requestLocale(request);
      const offers = campaignOffers(campaign, format, request.network, smartBiddingFor(format));
      return { data: offers.map((o) => ({ ...o, title: platform.texts.message(locale, o.title), description: platform.texts.message(locale, o.description) })) };
    },
  );

  app.post<{ Params: { id: number }; Body: { sites?: number[]; spots?: number[] } }>(
    '/campaigns/targets/:id/blacklist',
    {
      ...guarded,
      schema: {
        tags: ['campaigns'],
        summary: "Stop buying sites or spots seen in a campaign's statistics (added to its blacklist, or taken off its whitelist)",
        security,
        params: idParam,
        body: catalogSchema(platform.catalog, 'campaigns_campaign_blacklist'),
        response: { 200: wrapped(catalogSchema(platform.catalog, 'campaigns_campaign_targets_answer'), "The campaign's targets now"), 401: unauthenticated, 404: notFound, 422: fieldErrorsAnswer },
      },
    },
    async (request) => {
      const campaign = await ownCampaign(app.campaigns, request.auth!.userId, request.params.id);
      mustBeEditable(campaign, '');
      const row = await app.campaigns.setModel(campaign.id, withBlacklisted(campaign.model, request.body));
      return { data: { id: row.id, targets: (row.model as { targets?: CampaignTargets['targets'] }).targets ?? {} } satisfies CampaignTargets };
    },
  );
}
