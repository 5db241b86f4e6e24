import type { FastifyInstance } from 'fastify';
import network from './network';
import settings from './settings';
import user from './user';
import postsRoutes from './postsRoutes';
import applicationRoutes, { manifestRoute } from './application';

/** What every page of the panel reads first: the network (brand, sections, formats), its settings and the current user; and the network's posts. */
export default async function shellArea(app: FastifyInstance) {
  await app.register(network);
  await app.register(settings);
  await app.register(user);
  await app.register(postsRoutes);
  await app.register(applicationRoutes);
}

/** At the site's root: the network's web app manifest. */
export const root = manifestRoute;
