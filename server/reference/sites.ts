/**
 * The network's publisher sites, as the site lookups, the marketplace and the statistics read them. There is no
 * publisher database behind this reference server: the list is the demo network's, generated deterministically
 * by server/demo/sites.ts from the ad formats of schemas/ad-formats/ (the one place production code reads demo
 * data, see server/demo/README.md). A real deployment would load its publishers here instead.
 */
import { generateSites } from '../demo/sites';
import { loadAdFormats } from '../settings/adFormats';
import type { Site, SiteSummary } from '../../generated/types';

let cache: { list: readonly Site[]; byId: ReadonlyMap<number, Site>; byDomain: ReadonlyMap<string, Site> } | undefined;

function build() {
  if (cache) return cache;
  const list = generateSites([...loadAdFormats().keys()]);
  cache = { list, byId: new Map(list.map((s) => [s.id, s])), byDomain: new Map(list.map((s) => [s.domain, s])) };
  return cache;
}

/** Every site of the network, by id (built on first use, the same on every run). */
export const sites = (): readonly Site[] => build().list;

/** A site by id, or undefined. */
export const siteById = (id: number): Site | undefined => build().byId.get(id);

/** A site by its (lower-case, `www.`-less) domain, or undefined. */
export const siteByDomain = (domain: string): Site | undefined => build().byDomain.get(domain);

/** The light form of a site that searches answer with (schemas/sites/site-summary.answer.schema.json). */
export function siteSummary(site: Site): SiteSummary {
  return {
    id: site.id,
    domain: site.domain,
    name: site.domain,
    is_new: site.is_new,
    premium: site.premium,
    tubecorp: site.tubecorp,
    marketplace: site.marketplace,
    logo: site.logo,
    category_group_id: site.category_group_id,
  };
}
