import type { NetworkConfig } from '../../config/networkConfig';
import type { Platform } from '../../types';

/** The ad formats a network sells and the platform knows, in the network config's order: what RTB traffic may be of. */
export function soldFormats(platform: Pick<Platform, 'adFormats'>, network: Pick<NetworkConfig, 'adFormats'>): string[] {
  return network.adFormats.filter((id) => platform.adFormats.has(id));
}
