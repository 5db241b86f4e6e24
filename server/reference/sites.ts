/**
 * The network's publisher sites, as the site lookups, the marketplace and the statistics read them. There is no
 * publisher database behind this reference server: the list is the demo network's, generated deterministically
 * by server/demo/sites.ts from the ad formats of schemas/ad-formats/ (the one place production code reads demo
 * data, see server/demo/README.md). A real deployment would load its publishers here instead.
 */
import { generateSites } from '../demo/sites';
import { loadAdFormats } from '../settings/adFormats';

/** What a site's statistics say; a null value is unknown (the panel shows a dash). */
export interface SiteReport {
  description: string | null;
  favicon_url: string | null;
  /** The largest audience age bracket, e.g. "25-34". */
  audience_age: string | null;
  /** "Group / category", after the IAB taxonomy. */
  category: string | null;
  category_rank: number | null;
  /** Share of female visitors in percent, one decimal ("62.4"). */
  female: string | null;
  /** Share of male visitors in percent, one decimal ("37.6"). */
  male: string | null;
  global_rank: number | null;
  /** Average visit length in seconds. */
  time_on_site: number | null;
  pages_per_visit: number | null;
  /** Country ids (ISO 3166-1 numeric), biggest audience first. */
  top_countries: number[];
  /** Visits a month. */
  total_visits: number | null;
  title: string | null;
}

export interface Site {
  id: number;
  domain: string;
  /** Joined the network in the last 30 days. */
  is_new: boolean;
  /** Hand-picked high-quality inventory. */
  premium: boolean;
  /** A video (tube) site. */
  tubecorp: boolean;
  logo: string | null;
  category_group_id: number;
  category_ids: number[];
  /** Ad format ids (folders of schemas/ad-formats/) it sells. */
  ad_formats: string[];
  placement_type_ids: number[];
  traffic_type_id: number;
  /** Sells flat deals on the marketplace. */
  marketplace: boolean;
  site_report: SiteReport;
}

/** A site as search answers list it: no statistics. */
export interface SiteSummary {
  id: number;
  domain: string;
  /** The domain (what a lookup shows). */
  name: string;
  is_new: boolean;
  premium: boolean;
  tubecorp: boolean;
  marketplace: boolean;
  logo: string | null;
  category_group_id: number;
}

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

/** The light form of a site that searches answer with. */
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
