/**
 * What the ads area offers the other areas: its repository (decorated on the app as `app.ads` by this area's
 * `provide`), the ad's answer shapes and the moderation statuses. Anything else in this folder is internal.
 */
import type { AdsRepository } from './repository';

export type { AdRecord, AdsRepository, ModerationStatus } from './repository';
export { adJson, approvalJson } from './answers';

declare module 'fastify' {
  interface FastifyInstance {
    /** The ads area's repository (server/areas/ads/repository.ts). */
    ads: AdsRepository;
  }
}
