/**
 * Mobile apps a campaign may target (the mobile-app target's lookup). Like the sites, the list is the demo
 * network's, generated deterministically by server/demo/mobileApps.ts; ids are saved in campaign targets.
 */
import { generateMobileApps } from '../demo/mobileApps';

export interface MobileApp {
  id: number;
  /** The store name. */
  name: string;
  /** Android package or iOS bundle id. */
  bundle: string;
  platform: 'android' | 'ios';
  category: string;
}

let cache: { list: readonly MobileApp[]; byId: ReadonlyMap<number, MobileApp> } | undefined;

function build() {
  if (cache) return cache;
  const list = generateMobileApps();
  cache = { list, byId: new Map(list.map((a) => [a.id, a])) };
  return cache;
}

/** Every app, by id (built on first use, the same on every run). */
export const mobileApps = (): readonly MobileApp[] => build().list;

/** An app by id, or undefined. */
export const mobileAppById = (id: number): MobileApp | undefined => build().byId.get(id);
