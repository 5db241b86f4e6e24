/**
 * Blacklisting a site or spot seen in a campaign's statistics, for the user's `POST campaigns/targets/{id}/blacklist`
 * and the updating rules' blacklist_site and blacklist_spot (ruleRuns.ts). A target with `accept: false` is a
 * blacklist (the ids are added); with `accept: true` a whitelist (the ids are taken off it).
 */

type Targets = Record<string, Record<string, unknown>>;

/** The spot target keeps its ids as one comma-separated string (schemas/targets/spot.target.json). */
const spotIds = (spot: Record<string, unknown> | undefined) => (typeof spot?.spots === 'string' && spot.spots ? spot.spots.split(',').map(Number) : []);

/** A copy of the campaign's `model` that no longer buys these sites and spots. */
export function withBlacklisted(model: Record<string, unknown>, { sites = [], spots = [] }: { sites?: number[]; spots?: number[] }): Record<string, unknown> {
  const next = structuredClone(model) as { targets?: Targets };
  const targets = (next.targets ??= {});
  if (sites.length) {
    const site = (targets.site ??= { accept: false, sites: [] });
    const list = (site.sites as number[] | undefined) ?? [];
    // An include list with nothing in it buys every site: it becomes an exclude list.
    if (site.accept !== false && !list.length) site.accept = false;
    site.sites = site.accept === false ? [...new Set([...list, ...sites])] : list.filter((id) => !sites.includes(id));
  }
  if (spots.length) {
    const spot = (targets.spot ??= { accept: false });
    const list = spotIds(spot);
    if (spot.accept !== false && !list.length) spot.accept = false;
    const kept = spot.accept === false ? [...new Set([...list, ...spots])] : list.filter((id) => !spots.includes(id));
    spot.spots = kept.join(',');
    if (!spot.spots) delete spot.spots;
  }
  return next;
}

/**
 * Whether blacklisting would change anything for this site or spot: it is not on the blacklist yet, or it is on
 * the whitelist. A rule skips the ones it cannot take away (statistics from before an earlier blacklist).
 */
export function stillBought(model: Record<string, unknown>, kind: 'site' | 'spot', id: number): boolean {
  const target = (model as { targets?: Targets }).targets?.[kind];
  if (!target) return true;
  const ids = kind === 'site' ? ((target.sites as number[] | undefined) ?? []) : spotIds(target);
  return target.accept === false ? !ids.includes(id) : ids.includes(id);
}
