import { domainToASCII } from 'node:url';
import { phrase, type Phrase } from '../i18n/phrase';
import { categories } from './curated/categories';
import { mobileApps, type MobileApp } from './mobileApps';
import { siteByDomain, siteById, sites } from './sites';
import type { AvailableCategory, Site } from '../../generated/types';

/** What `validateDomains` makes of a list of domains (one entry per line of the form's text). */
export interface DomainCheck {
  /** The network's sites the list names, each once, in list order. */
  sites: Site[];
  /** Entries that are not domain names, as written (trimmed). */
  invalidDomains: string[];
  /** Well-formed domains (normalized) that are not sites of this network, each once. */
  unknownDomains: string[];
  /** One message per bad line, in line order: `Line 3: “foo..com” is not a domain name`. */
  problems: Phrase[];
}

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const TOP_LABEL = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/**
 * The bare host of what a user pasted: trimmed, lower case, without scheme, path, query, port, trailing dot
 * and leading `www.`. Not checked: see `isDomainName`.
 * @example normalizeDomain(' https://WWW.Example.com/path?q=1 ') // 'example.com'
 */
export function normalizeDomain(raw: string): string {
  let host = raw.trim().toLowerCase();
  host = host.replace(/^[a-z][a-z0-9+.-]*:\/\//, '').replace(/^\/\//, '');
  host = host.split(/[/?#]/, 1)[0];
  host = host.replace(/:\d{1,5}$/, '').replace(/\.$/, '');
  if (host.startsWith('www.') && host.split('.').length > 2) host = host.slice(4);
  return host;
}

/** A host name of at least two labels (letters, digits, hyphens; international names in punycode), not an IP address. */
export function isDomainName(host: string): boolean {
  if (host.length > 253) return false;
  const labels = host.split('.');
  return labels.length >= 2 && labels.every((l) => LABEL.test(l)) && TOP_LABEL.test(labels[labels.length - 1]);
}

/** What a message quotes of an entry: at most 80 characters. */
const shown = (entry: string) => (entry.length > 80 ? `${entry.slice(0, 79)}…` : entry);

/**
 * Checks a list of domains against the network's sites: splits it into known sites, malformed entries and
 * well-formed domains that are no site of the network, with a message per bad line (line = index + 1).
 * Blank entries are skipped; repeats count once. Used by POST sites/validate and by campaign saving, which
 * answers 422 with `problems` under `domains`.
 */
export function validateDomains(list: readonly string[]): DomainCheck {
  const out: DomainCheck = { sites: [], invalidDomains: [], unknownDomains: [], problems: [] };
  const seenSites = new Set<number>();
  const seenUnknown = new Set<string>();
  list.forEach((raw, index) => {
    const entry = raw.trim();
    if (!entry) return;
    const line = index + 1;
    const host = normalizeDomain(entry);
    if (!isDomainName(host)) {
      out.invalidDomains.push(entry);
      // International names are accepted in punycode only: tell the user what to write instead.
      const ascii = /[^\x20-\x7e]/.test(host) ? domainToASCII(host) : '';
      out.problems.push(
        ascii && isDomainName(ascii)
          ? phrase('Line {line}: write “{domain}” in punycode: {ascii}', { line, domain: shown(entry), ascii })
          : phrase('Line {line}: “{domain}” is not a domain name', { line, domain: shown(entry) }),
      );
      return;
    }
    const site = siteByDomain(host);
    if (site) {
      if (!seenSites.has(site.id)) out.sites.push(site);
      seenSites.add(site.id);
    } else if (!seenUnknown.has(host)) {
      seenUnknown.add(host);
      out.unknownDomains.push(host);
      out.problems.push(phrase('Line {line}: “{domain}” is not a site of this network', { line, domain: shown(host) }));
    }
  });
  return out;
}

let byDomain: readonly Site[] | undefined;
/** Every site, sorted by domain. */
const sortedSites = () => (byDomain ??= [...sites()].sort((a, b) => (a.domain < b.domain ? -1 : a.domain > b.domain ? 1 : 0)));

/** `POST sites/search/domains`. */
export interface DomainSearch {
  query?: string;
  marketplace?: boolean;
  limit?: number;
  offset?: number;
}

/**
 * Sites whose domain contains the query (ignoring case, scheme and a leading `www.`): domains that start with
 * it first, then the others, each alphabetical; `marketplace: true` keeps marketplace sites only. An empty
 * query lists every site. `total` counts all matches.
 */
export function searchSites({ query = '', marketplace, limit = 50, offset = 0 }: DomainSearch): { rows: Site[]; total: number } {
  let q = query.trim().toLowerCase().replace(/^[a-z][a-z0-9+.-]*:\/\//, '');
  if (q.startsWith('www.')) q = q.slice(4);
  const starts: Site[] = [];
  const contains: Site[] = [];
  for (const site of sortedSites()) {
    if (marketplace && !site.marketplace) continue;
    if (site.domain.startsWith(q)) starts.push(site);
    else if (site.domain.includes(q)) contains.push(site);
  }
  const all = starts.concat(contains);
  return { rows: all.slice(offset, offset + limit), total: all.length };
}

/** Filters of `GET sites/premium` (empty lists filter nothing; every given filter narrows). */
export interface PremiumFilters {
  ad_format_id: string;
  category_group_ids?: number[];
  category_ids?: number[];
  traffic_type_id?: number;
  placement_type_ids?: number[];
}

/** Premium sites that sell the format and match every given filter, best ranked first (unranked last, then by domain). */
export function premiumSites(filters: PremiumFilters): Site[] {
  const groups = filters.category_group_ids?.length ? new Set(filters.category_group_ids) : null;
  const cats = filters.category_ids?.length ? new Set(filters.category_ids) : null;
  const placements = filters.placement_type_ids?.length ? new Set(filters.placement_type_ids) : null;
  return sites()
    .filter(
      (s) =>
        s.premium &&
        (s.ad_formats as readonly string[]).includes(filters.ad_format_id) &&
        (!groups || groups.has(s.category_group_id)) &&
        (!cats || s.category_ids.some((c) => cats.has(c))) &&
        (filters.traffic_type_id === undefined || s.traffic_type_id === filters.traffic_type_id) &&
        (!placements || s.placement_type_ids.some((p) => placements.has(p))),
    )
    .sort((a, b) => (a.site_report.global_rank ?? Infinity) - (b.site_report.global_rank ?? Infinity) || (a.domain < b.domain ? -1 : 1));
}

/** An IAB category some site offers: `GET available-categories`. */
/**
 * The IAB categories of the sites that sell `format` (and, when given, use any of `placementTypeIds`),
 * sorted by name.
 */
export function availableCategories(format: string, placementTypeIds: readonly number[] = []): AvailableCategory[] {
  const placements = placementTypeIds.length ? new Set(placementTypeIds) : null;
  const ids = new Set<number>();
  for (const s of sites()) {
    if (!(s.ad_formats as readonly string[]).includes(format)) continue;
    if (placements && !s.placement_type_ids.some((p) => placements.has(p))) continue;
    for (const c of s.category_ids) ids.add(c);
  }
  return categories
    .filter((c) => ids.has(c.id))
    .map((c) => ({ id: c.id, name: c.name, iab: c.iab, category_group_id: c.category_group_id }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en') || a.id - b.id);
}

/** The sites of these ids that exist, in the order asked, each once. */
export function sitesByIds(ids: readonly (number | string)[]): Site[] {
  const seen = new Set<number>();
  const out: Site[] = [];
  for (const raw of ids) {
    const id = Number(raw);
    if (seen.has(id)) continue;
    seen.add(id);
    const site = siteById(id);
    if (site) out.push(site);
  }
  return out;
}

/** `GET mobile-apps`. */
export interface MobileAppSearch {
  query?: string;
  ids?: number[];
  platform?: MobileApp['platform'];
  limit?: number;
  offset?: number;
}

let appsByName: readonly MobileApp[] | undefined;

/**
 * Mobile apps whose name or bundle id contains the query (ignoring case), names starting with it first, then
 * by name and platform; `ids` keeps just those apps. `total` counts all matches.
 */
export function searchMobileApps({ query = '', ids, platform, limit = 100, offset = 0 }: MobileAppSearch): { rows: MobileApp[]; total: number } {
  appsByName ??= [...mobileApps()].sort((a, b) => a.name.localeCompare(b.name, 'en') || a.platform.localeCompare(b.platform) || a.id - b.id);
  const q = query.trim().toLowerCase();
  const only = ids?.length ? new Set(ids) : null;
  const starts: MobileApp[] = [];
  const contains: MobileApp[] = [];
  for (const app of appsByName) {
    if ((only && !only.has(app.id)) || (platform && app.platform !== platform)) continue;
    const name = app.name.toLowerCase();
    if (name.startsWith(q)) starts.push(app);
    else if (name.includes(q) || app.bundle.toLowerCase().includes(q)) contains.push(app);
  }
  const all = starts.concat(contains);
  return { rows: all.slice(offset, offset + limit), total: all.length };
}
