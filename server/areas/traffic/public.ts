/**
 * What the traffic area offers the other areas (decorated on the app as `app.traffic` by this area's `provide`):
 * the recommended price of a campaign from the network's traffic. Anything else in this folder is internal.
 */
export interface TrafficService {
  /**
   * The lowest price that wins most of the traffic a campaign of this format, pricing model and targets matches
   * (the estimate's `recommended_price`, estimate.ts), as a 4-place decimal string; null when the network has no
   * traffic for it.
   */
  recommendedPrice(campaign: { adFormat: string; pricingModel: string; targets: Record<string, unknown>; offered: readonly string[] }): Promise<string | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The traffic area's service (server/areas/traffic/public.ts). */
    traffic: TrafficService;
  }
}
