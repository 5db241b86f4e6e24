import type { FastifyInstance } from 'fastify';
import feedsRoutes from './feeds';
import { createFeedsRepository } from './repository';
import './public';

/** Feeds: the user's content feeds, listed, added, edited, started, paused and deleted. Their statistics are the statistics area's (GET feeds/statistics). */
export default async function feedsArea(app: FastifyInstance) {
  await app.register(feedsRoutes);
}

/** `app.feeds`: the feeds repository, for this area's routes. */
export function provide(app: FastifyInstance) {
  app.decorate('feeds', createFeedsRepository(app.platform.db));
}
