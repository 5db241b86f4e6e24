import { createMarketplaceRepository } from '../areas/marketplace/repository';
import type { Db } from '../db/connect';
import { sites } from '../reference/sites';
import { loadAdFormats } from '../settings/adFormats';
import { generateFlatDeals } from './flatDeals';

/**
 * A network's flat deals over the marketplace sites, for the formats it sells (flatDeals.ts). Idempotent: deals the
 * network has (by key) are left alone, so a format or site added to the network adds its deals on the next start.
 * @returns how many deals were added.
 */
export async function seedFlatDeals(db: Db, network: { id: string; adFormats: readonly string[] }): Promise<number> {
  const known = loadAdFormats();
  const formats = network.adFormats.map((id) => known.get(id)).filter((f) => f !== undefined);
  return createMarketplaceRepository(db).addDeals(network.id, generateFlatDeals(sites(), formats));
}
