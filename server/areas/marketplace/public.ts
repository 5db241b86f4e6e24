/**
 * What the marketplace area offers the other areas: its repository (decorated on the app as `app.marketplace` by this
 * area's `provide`; the campaigns area links a campaign to an application through it) and the shapes it answers.
 * Anything else in this folder is internal.
 */
import type { MarketplaceRepository } from './repository';

export type { ApplicationView, FlatDealRecord, MarketplaceRepository } from './repository';

/** The marketplace's parts other code reaches through `app.marketplace`. */
export interface Marketplace {
  repository: MarketplaceRepository;
  /** What an application names as its creative format for a deal of this ad format (empty: nothing to choose). */
  creativeFormats: (formatId: string) => string[];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The marketplace area (server/areas/marketplace/public.ts). */
    marketplace: Marketplace;
  }
}
