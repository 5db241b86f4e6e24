import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../../httpError';
import { deletedAnswer, messageAnswer, unauthenticated, wrapped, fieldErrorsAnswer } from '../../openapi/responses';
import { catalogSchema } from '../../plugins/validation';
import type { UpdatingRuleRow } from './repository';
import type { RuleMatch, UpdatingRule } from '../../../generated/types';
import { periodStart, ruleMatches } from './rules';
import { ownCampaign, ruleJson } from './answers';

const security = [{ bearerAuth: [] }];
const param = (name: string) => ({ type: 'object', required: [name], properties: { [name]: { type: 'integer', minimum: 1, maximum: 2147483647 } } });
const notFound = messageAnswer('No such rule or campaign (or it is not yours)');

/** The columns of a rule from the body of the rule calls (schemas/campaigns/updating-rule.schema.json). */
const columns = (body: UpdatingRule): Pick<UpdatingRuleRow, 'action' | 'isActive' | 'periodDays' | 'conditions'> => ({
  action: body.action,
  isActive: body.is_active ?? true,
  periodDays: body.period_days,
  conditions: body.conditions,
});

/** Updating rules of campaigns: create, change, delete, and the preview of what a rule would act on now. */
export default async function campaignUpdatingRulesRoutes(app: FastifyInstance) {
  const { platform } = app;
  const guarded = { onRequest: app.authenticate };
  const body = catalogSchema(platform.catalog, 'campaigns_updating_rule');

  const ownRule = async (request: FastifyRequest, id: number) => {
    const rule = await app.campaigns.rule(request.auth!.userId, id);
    if (!rule) throw new HttpError(404, `Updating rule ${id} not found`);
    return rule;
  };

  app.post<{ Params: { id: number }; Body: UpdatingRule }>(
    '/campaigns/:id/updating-rules',
    { ...guarded, schema: { tags: ['campaigns'], summary: 'Add an updating rule to a campaign', security, params: param('id'), body, response: { 201: wrapped(catalogSchema(platform.catalog, 'campaigns_updating_rule_view_answer'), 'Created'), 401: unauthenticated, 404: notFound, 422: fieldErrorsAnswer } } },
    async (request, reply) => {
      const campaign = await ownCampaign(app.campaigns, request.auth!.userId, request.params.id);
      const row = await app.campaigns.createRule(campaign.id, columns(request.body));
      return reply.status(201).send({ data: ruleJson(row) });
    },
  );

  app.put<{ Params: { ruleId: number }; Body: UpdatingRule }>(
    '/campaign-updating-rules/:ruleId',
    { ...guarded, schema: { tags: ['campaigns'], summary: 'Change an updating rule', security, params: param('ruleId'), body, response: { 200: wrapped(catalogSchema(platform.catalog, 'campaigns_updating_rule_view_answer'), 'Saved'), 401: unauthenticated, 404: notFound, 422: fieldErrorsAnswer } } },
    async (request) => {
      const rule = await ownRule(request, request.params.ruleId);
      return { data: ruleJson(await app.campaigns.updateRule(rule.id, columns(request.body))) };
    },
  );

  app.delete<{ Params: { ruleId: number } }>(
    '/campaign-updating-rules/:ruleId',
    { ...guarded, schema: { tags: ['campaigns'], summary: 'Delete an updating rule', security, params: param('ruleId'), response: { 200: deletedAnswer, 401: unauthenticated, 404: notFound } } },
    async (request) => {
      const rule = await ownRule(request, request.params.ruleId);
      await app.campaigns.deleteRule(rule.id);
      return { data: { id: rule.id } };
    },
  );

  app.post<{ Body: UpdatingRule }>(
    '/campaign-updating-rules/preview',
    {
      ...guarded,
      // Sums the campaigns' daily statistics over the rule's period: a heavy read (plugins/heavyReads.ts).
      config: { heavyRead: true },
      schema: {
        tags: ['campaigns'],
        summary: "Which of the user's campaigns a rule would act on now, from their statistics over the rule's period",
        security,
        body,
        response: {
          200: wrapped({ type: 'array', items: catalogSchema(platform.catalog, 'campaigns_rule_match_answer') }, 'Campaigns whose statistics meet every condition'),
          401: unauthenticated,
          422: fieldErrorsAnswer,
        },
      },
    },
    async (request) => {
      const campaigns = await app.campaigns.names(request.auth!.userId);
      const totals = await app.campaigns.totals(campaigns.map((c) => c.id), periodStart(request.body.period_days));
      const matches: RuleMatch[] = campaigns.filter((c) => ruleMatches(request.body.conditions, totals.get(c.id)!)).map((c) => ({ ...c, ...totals.get(c.id)! }));
      return { data: matches };
    },
  );
}
