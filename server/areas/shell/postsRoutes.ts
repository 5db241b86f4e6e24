import type { FastifyInstance } from 'fastify';
import { requestLocale } from '../../i18n/serverTexts';
import { unauthenticated, wrapped } from '../../openapi/responses';
import { catalogSchema } from '../../plugins/validation';
import { createPostsSource, MAX_POSTS } from './posts';

/** `GET posts`: the network's news or blog posts for the dashboard (posts.ts reads and keeps the feed). */
export default async function postsRoutes(app: FastifyInstance) {
  const source = createPostsSource({ allowPrivateTargets: app.platform.allowPrivateTargets, log: app.log });
  app.get(
    '/posts',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['shell'],
        summary: `The network's news or blog posts, newest first (at most ${MAX_POSTS}): those its config writes for the reader's language or everyone, and its feed's; an empty list when it has none`,
        security: [{ bearerAuth: [] }],
        response: { 200: wrapped({ type: 'array', items: catalogSchema(app.platform.catalog, 'shell_post_answer') }, 'Posts'), 401: unauthenticated },
      },
    },
    async (request) => ({ data: await source.posts(request.network, requestLocale(request)) }),
  );
}
