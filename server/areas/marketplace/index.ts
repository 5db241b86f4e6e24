import type { FastifyInstance } from 'fastify';
import { creativeSchemaId } from '../../settings/adFormats';
import { afterBalanceChange } from '../finances/public';
import marketplaceAdminRoutes from './adminRoutes';
import marketplaceRoutes from './marketplaceRoutes';
import { chargeFlatDeals } from './money';
import { createMarketplaceRepository } from './repository';
import './public';

/** How often approved deals are looked at for whole days to charge. */
const CHARGE_EVERY_MS = 15 * 60_000;

/** The marketplace: flat deals on the network's marketplace sites and country tiers, their prices, and applications for them. */
export default async function marketplaceArea(app: FastifyInstance) {
  app.platform.jobs.every('marketplace.charge-flat-deals', CHARGE_EVERY_MS, async (now) => {
    for (const charge of await chargeFlatDeals(app.platform.db, now)) await afterBalanceChange(app, charge.userId, charge.networkId, now);
  });
  await app.register(marketplaceRoutes);
  await app.register(marketplaceAdminRoutes);
}

/**
 * `app.marketplace`: the repository, and the creative formats of each ad format: the sizes its creative form offers
 * (`size` of schemas/ad-formats/<id>/creative.schema.json), read once.
 */
export function provide(app: FastifyInstance) {
  const { platform } = app;
  const formats = new Map<string, string[]>();
  const creativeFormats = (formatId: string): string[] => {
    let found = formats.get(formatId);
    if (!found) {
      const schema = platform.adFormats.has(formatId) ? (platform.catalog.get(creativeSchemaId(formatId)).schema as { properties?: { size?: { enum?: unknown[] } } }) : undefined;
      found = (schema?.properties?.size?.enum ?? []).filter((v): v is string => typeof v === 'string');
      formats.set(formatId, found);
    }
    return found;
  };
  app.decorate('marketplace', { repository: createMarketplaceRepository(platform.db), creativeFormats });
}
