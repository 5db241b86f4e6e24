/**
 * What the campaigns area offers the other areas: its repository (decorated on the app as `app.campaigns` by this
 * area's `provide`) and the campaign's answer shape. Anything else in this folder is internal.
 */
import type { CampaignsRepository } from './repository';

export type { CampaignRecord, CampaignsRepository } from './repository';
export { campaignJson } from './answers';

declare module 'fastify' {
  interface FastifyInstance {
    /** The campaigns area's repository (server/areas/campaigns/repository.ts). */
    campaigns: CampaignsRepository;
  }
}
