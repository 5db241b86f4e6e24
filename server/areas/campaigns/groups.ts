import type { FastifyInstance } from 'fastify';
import { mustOwnAll } from '../../auth/owner';
import { fieldError, HttpError } from '../../httpError';
import { deletedAnswer, fieldErrorsAnswer, messageAnswer, unauthenticated, wrapped } from '../../openapi/responses';
import { catalogSchema } from '../../plugins/validation';
import type { CampaignGroupRow } from './repository';
import type { FastifyRequest } from 'fastify';
import type { CampaignGroupAssignment, CampaignGroupSummary } from '../../../generated/types';

const security = [{ bearerAuth: [] }];
const idParam = { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 } } };
const notFound = messageAnswer('No such group (or it is not yours)');

/** Campaign groups: list, create, rename, delete (campaigns stay, ungrouped), put campaigns in. */
export default async function campaignGroupsRoutes(app: FastifyInstance) {
  const { platform } = app;
  const guarded = { onRequest: app.authenticate };
  const groupSchema = catalogSchema(platform.catalog, 'campaigns_campaign_group_summary_answer');

  const ownGroup = async (request: FastifyRequest, id: number): Promise<CampaignGroupRow> => {
    const group = await app.campaigns.group(request.auth!.userId, id);
    if (!group) throw new HttpError(404, `Campaign group ${id} not found`);
    return group;
  };
  const nameTaken = () => fieldError('name', 'You already have a group with this name.');
  const withCount = async (userId: number, id: number): Promise<CampaignGroupSummary> => (await app.campaigns.groups(userId)).find((g) => g.id === id)!;

  app.get(
    '/campaign-groups',
    { ...guarded, schema: { tags: ['campaigns'], summary: "The user's campaign groups by name, with how many campaigns each holds", security, response: { 200: wrapped({ type: 'array', items: groupSchema }, 'Groups'), 401: unauthenticated } } },
    async (request) => ({ data: (await app.campaigns.groups(request.auth!.userId)) satisfies CampaignGroupSummary[] }),
  );

  app.post<{ Body: { name: string } }>(
    '/campaign-groups',
    {
      ...guarded,
      schema: { tags: ['campaigns'], summary: 'Create a group', security, body: catalogSchema(platform.catalog, 'campaigns_campaign_group'), response: { 201: wrapped(groupSchema, 'Created'), 401: unauthenticated, 422: fieldErrorsAnswer } },
    },
    async (request, reply) => {
      const userId = request.auth!.userId;
      const row = await app.campaigns.createGroup(userId, request.body.name.trim());
      if (!row) throw nameTaken();
      return reply.status(201).send({ data: { id: row.id, name: row.name, campaigns: 0 } satisfies CampaignGroupSummary });
    },
  );

  app.put<{ Params: { id: number }; Body: { name: string } }>(
    '/campaign-groups/:id',
    {
      ...guarded,
      schema: { tags: ['campaigns'], summary: 'Rename a group', security, params: idParam, body: catalogSchema(platform.catalog, 'campaigns_campaign_group'), response: { 200: wrapped(groupSchema, 'Renamed'), 401: unauthenticated, 404: notFound, 422: fieldErrorsAnswer } },
    },
    async (request) => {
      const group = await ownGroup(request, request.params.id);
      const row = await app.campaigns.renameGroup(group, request.body.name.trim());
      if (!row) throw nameTaken();
      return { data: await withCount(group.userId, group.id) };
    },
  );

  app.delete<{ Params: { id: number } }>(
    '/campaign-groups/:id',
    { ...guarded, schema: { tags: ['campaigns'], summary: 'Delete a group; its campaigns stay, without a group', security, params: idParam, response: { 200: deletedAnswer, 401: unauthenticated, 404: notFound } } },
    async (request) => {
      const group = await ownGroup(request, request.params.id);
      await app.campaigns.deleteGroup(group.id);
      return { data: { id: group.id } };
    },
  );

  app.post<{ Params: { id: number }; Body: { campaigns: number[] } }>(
    '/campaign-groups/:id/campaigns',
    {
      ...guarded,
      schema: {
        tags: ['campaigns'],
        summary: 'Move campaigns into a group (out of any other); an id that is not one of your campaigns answers 404 and moves nothing',
        security,
        params: idParam,
        body: catalogSchema(platform.catalog, 'campaigns_campaign_group_campaigns'),
        response: { 200: wrapped(catalogSchema(platform.catalog, 'campaigns_campaign_group_assignment_answer'), 'The campaigns moved'), 401: unauthenticated, 404: messageAnswer('No such group, or a campaign that is not yours'), 422: fieldErrorsAnswer },
      },
    },
    async (request) => {
      const group = await ownGroup(request, request.params.id);
      mustOwnAll(request.body.campaigns, await app.campaigns.ownedIds(group.userId, request.body.campaigns), 'Campaign');
      const moved = await app.campaigns.assignGroup(group.userId, group.id, request.body.campaigns);
      return { data: { id: group.id, campaigns: moved } satisfies CampaignGroupAssignment };
    },
  );
}
