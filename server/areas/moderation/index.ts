import type { FastifyInstance, FastifyRequest } from 'fastify';
import { staffOnly } from '../../http/staffOnly';
import { fieldError, HttpError } from '../../httpError';
import { fieldErrorsAnswer, messageAnswer, unauthenticated, wrapped } from '../../openapi/responses';
import { catalogSchema } from '../../plugins/validation';
import { mailContext } from '../../services/accountMails';
import { adJson, approvalJson, type ModerationStatus } from '../ads/public';
import { campaignJson } from '../campaigns/public';
import type { AdDecision, CampaignDecision, RejectCause } from '../../../generated/types';

const security = [{ bearerAuth: [] }];
/** What the owner is told of each decision (a campaign that needs edits waits for its owner without a notice). */
const AD_NOTIFICATION: Record<ModerationStatus, string> = { approved: 'ad_approved', rejected: 'ad_rejected', needs_edits: 'ad_needs_edits' };
const CAMPAIGN_NOTIFICATION: Record<ModerationStatus, string | null> = { approved: 'campaign_approved', rejected: 'campaign_rejected', needs_edits: null };

/**
 * The operator's side of moderation, for support staff of the network (role support, not while impersonating):
 * the queue of ads waiting for a decision, the reject causes, and the decision itself, which notifies the
 * advertiser (in the panel, and by mail if they want ad mails).
 */
export default async function adminRoutes(app: FastifyInstance) {
  const { platform } = app;
  const { onRequest: staffGuard, staffOf } = staffOnly(app, 'Only support staff may moderate ads.');
  const forbidden = messageAnswer('Not support staff of this network');
  type Decision = { Params: { id: number }; Body: { status: ModerationStatus; reject_cause_id?: number; details?: string } };

  /**
   * One decision on an ad or a campaign: the cause must be one of the list, `moderate` records it, and the owner
   * is notified (`notification` names the kind, or null for none). Answers the approval with its cause.
   */
  const decide = async <T extends { id: number; name: string; userId: number }>(
    request: FastifyRequest<Decision>,
    subject: T,
    moderate: (decision: { status: ModerationStatus; rejectCauseId: number | null; details: string | null; moderator: string }) => Promise<Parameters<typeof approvalJson>[0]>,
    notification: string | null,
  ) => {
    const { status, reject_cause_id: causeId, details } = request.body;
    const cause = causeId === undefined ? null : (await app.ads.rejectCauses()).find((c) => c.id === causeId);
    if (cause === undefined) throw fieldError('reject_cause_id', 'Choose a reject cause from the list.');
    const approval = await moderate({ status, rejectCauseId: cause?.id ?? null, details: details?.trim() || null, moderator: staffOf(request).name });
    const owner = notification ? await platform.users.findById(request.network.id, subject.userId) : undefined;
    if (owner && notification) {
      await platform.notifications.create(owner, notification, { entityId: subject.id, params: { name: subject.name, ...(cause ? { reason: cause.name } : {}) }, mail: mailContext(platform.networks, request.network) });
    }
    return approvalJson(approval, cause ?? null);
  };

  app.get(
    '/admin/ads',
    {
      onRequest: staffGuard,
      schema: {
        tags: ['moderation'],
        summary: 'Ads of this network waiting for a decision (latest approval pending), oldest first',
        security,
        response: {
          200: wrapped({ type: 'array', items: catalogSchema(platform.catalog, 'moderation_queued_ad_answer') }, 'The queue'),
          401: unauthenticated,
          403: forbidden,
        },
      },
    },
    async (request) => {
      return { data: await app.ads.moderationQueue(request.network.id) };
    },
  );

  app.get(
    '/admin/reject-causes',
    {
      onRequest: staffGuard,
      schema: {
        tags: ['moderation'],
        summary: 'Why an ad may be rejected',
        security,
        response: { 200: wrapped({ type: 'array', items: catalogSchema(platform.catalog, 'ads_reject_cause_answer') }, 'Causes'), 401: unauthenticated, 403: forbidden },
      },
    },
    async () => ({ data: (await app.ads.rejectCauses()).map((c): RejectCause => ({ id: c.id, name: c.name, details: c.details, is_system: c.isSystem })) }),
  );

  app.post<Decision>(
    '/admin/ads/:id/approval',
    {
      onRequest: staffGuard,
      schema: {
        tags: ['moderation'],
        summary: "Approve, reject (with a cause) or ask for edits; notifies the ad's owner",
        security,
        params: { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 } } },
        body: catalogSchema(platform.catalog, 'moderation_ad_moderation'),
        response: { 200: wrapped(catalogSchema(platform.catalog, 'moderation_ad_decision_answer'), 'Decided'), 401: unauthenticated, 403: forbidden, 404: messageAnswer('No such ad on this network'), 422: fieldErrorsAnswer },
      },
    },
    async (request) => {
      const ad = await app.ads.findInNetwork(request.network.id, request.params.id);
      if (!ad || ad.status === 'archived') throw new HttpError(404, `Ad ${request.params.id} not found`);
      const approval = await decide(request, ad, (decision) => app.ads.moderate(ad.id, decision), AD_NOTIFICATION[request.body.status]);
      return { data: { approval, ad: await adJson(app.ads, (await app.ads.findInNetwork(request.network.id, ad.id))!) } satisfies AdDecision };
    },
  );

  app.post<Decision>(
    '/admin/campaigns/:id/approval',
    {
      onRequest: staffGuard,
      schema: {
        tags: ['moderation'],
        summary: "Approve a campaign (it starts if its owner asked for that), reject it (with a cause) or ask for edits; notifies the owner",
        security,
        params: { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 } } },
        body: catalogSchema(platform.catalog, 'moderation_ad_moderation'),
        response: { 200: wrapped(catalogSchema(platform.catalog, 'moderation_campaign_decision_answer'), 'Decided'), 401: unauthenticated, 403: forbidden, 404: messageAnswer('No such campaign on this network'), 422: fieldErrorsAnswer },
      },
    },
    async (request) => {
      const campaign = await app.campaigns.findInNetwork(request.network.id, request.params.id);
      if (!campaign || campaign.status === 'archived') throw new HttpError(404, `Campaign ${request.params.id} not found`);
      const approval = await decide(request, campaign, (decision) => app.campaigns.moderate(campaign, decision), CAMPAIGN_NOTIFICATION[request.body.status]);
      const saved = (await app.campaigns.findInNetwork(request.network.id, campaign.id))!;
      return { data: { approval, campaign: await campaignJson(app, saved) } satisfies CampaignDecision };
    },
  );
}
