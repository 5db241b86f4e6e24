/**
 * What the feeds area offers the other areas: its repository (decorated on the app as `app.feeds` by this area's
 * `provide`) and the feed's answer shape. Anything else in this folder is internal.
 */
import type { FeedsRepository } from './repository';

export type { FeedRecord, FeedsRepository } from './repository';
export { feedJson } from './answers';

declare module 'fastify' {
  interface FastifyInstance {
    /** The feeds area's repository (server/areas/feeds/repository.ts). */
    feeds: FeedsRepository;
  }
}
