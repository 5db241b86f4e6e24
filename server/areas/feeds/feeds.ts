import type { FastifyInstance } from 'fastify';
import type { FeedsFeed, FeedsQuery } from '../../../generated/types';
import { pageRequest } from '../../db/listing';
import { fieldErrorsAnswer, messageAnswer, pageAnswer, unauthenticated, wrapped } from '../../openapi/responses';
import { catalogSchema } from '../../plugins/validation';
import { objectIdParam, ownedObjectRoutes } from '../../http/ownedObjects';
import { feedJson, ownFeed } from './answers';
import { checkFeed, clashAfterSave } from './checkFeed';

const security = [{ bearerAuth: [] }];
const tags = ['feeds'];
const NOT_FOUND = 'No such feed (or it is not yours)';
const notFound = messageAnswer(NOT_FOUND);

/** Content feeds: the list, one feed, create, edit, activate, pause, delete. */
export default async function feedsRoutes(app: FastifyInstance) {
  const { platform } = app;
  const guarded = { onRequest: app.authenticate };
  const feedSchema = catalogSchema(platform.catalog, 'feeds_feed_answer');
  const body = catalogSchema(platform.catalog, 'feeds_feed');

  app.get<{ Querystring: FeedsQuery }>(
    '/feeds',
    {
      ...guarded,
      schema: {
        tags,
        summary: "A page of the user's content feeds (search by name, URL or id; filter by status; per_page 15/25/50/-1)",
        security,
        querystring: catalogSchema(platform.catalog, 'feeds_feeds_query'),
        response: { 200: pageAnswer(feedSchema, 'Matching feeds'), 401: unauthenticated },
      },
    },
    async (request) => {
      const { rows, filtered } = await app.feeds.page(request.auth!.userId, pageRequest(request.query, 'created_at'));
      return { data: rows.map(feedJson), recordsFiltered: filtered };
    },
  );

  app.post<{ Body: FeedsFeed }>(
    '/feeds',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Add a content feed (active at once)',
        description: 'Errors under `name` (blank, too long, another feed of the user has it in any case) and `endpoint` (not an http or https address, a user name or password in it, another feed of the user has it).',
        security,
        body,
        response: { 201: wrapped(feedSchema, 'Created'), 401: unauthenticated, 422: fieldErrorsAnswer },
      },
    },
    async (request, reply) => {
      const userId = request.auth!.userId;
      const input = await checkFeed(app.feeds, userId, request.body);
      const row = (await app.feeds.create(userId, input)) ?? (await clashAfterSave(app.feeds, userId, input));
      return reply.status(201).send({ data: feedJson(row) });
    },
  );

  app.patch<{ Params: { id: number }; Body: FeedsFeed }>(
    '/feeds/:id',
    {
      ...guarded,
      schema: {
        tags,
        summary: "Edit a feed's name and URL (its status stays)",
        description: 'The same body and errors as `POST feeds`.',
        security,
        params: objectIdParam,
        body,
        response: { 200: wrapped(feedSchema, 'Saved'), 401: unauthenticated, 404: notFound, 422: fieldErrorsAnswer },
      },
    },
    async (request) => {
      const userId = request.auth!.userId;
      const feed = await ownFeed(app.feeds, userId, request.params.id);
      const input = await checkFeed(app.feeds, userId, request.body, feed.id);
      const row = (await app.feeds.update(feed, input)) ?? (await clashAfterSave(app.feeds, userId, input, feed.id));
      return { data: feedJson(row) };
    },
  );

  ownedObjectRoutes(app, {
    path: '/feeds',
    tags,
    schema: feedSchema,
    notFound: NOT_FOUND,
    own: (userId, id) => ownFeed(app.feeds, userId, id),
    json: feedJson,
    read: 'One content feed',
    statuses: {
      activate: 'Start using a feed again (an active feed is answered unchanged)',
      pause: 'Stop using a feed, keeping it (a paused feed is answered unchanged)',
      set: (feed, status) => app.feeds.setStatus(feed, status),
    },
    remove: { summary: 'Delete a feed', run: (feed) => app.feeds.delete(feed.id) },
  });
}
