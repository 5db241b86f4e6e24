import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { countryByIso2 } from './countries';
import { stableId } from './stableId';
import type { Cities, City, Region, Regions } from '../../generated/types';

const require = createRequire(import.meta.url);

/** Lower-case, accents and extra spaces removed: "São  Paulo" and "sao paulo" search alike. */
export function normalizeName(s: string): string {
  return s
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

interface Indexed<T> {
  items: T[];
  /** `items` sorted by normalized name, with the keys alongside for binary search. */
  sorted: T[];
  keys: string[];
  byId: Map<number, T>;
}

function index<T extends { id: number; name: string }>(items: T[]): Indexed<T> {
  const pairs = items.map((item) => ({ item, key: normalizeName(item.name) }));
  pairs.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.item.id - b.item.id));
  return { items, sorted: pairs.map((p) => p.item), keys: pairs.map((p) => p.key), byId: new Map(items.map((i) => [i.id, i])) };
}

/** Items whose normalized name starts with `prefix`, found by binary search in the sorted keys. */
function prefixRange<T>(ix: Indexed<T>, prefix: string): T[] {
  let lo = 0;
  let hi = ix.keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (ix.keys[mid] < prefix) lo = mid + 1;
    else hi = mid;
  }
  let end = lo;
  while (end < ix.keys.length && ix.keys[end].startsWith(prefix)) end++;
  return ix.sorted.slice(lo, end);
}

let cache: { regions: Indexed<Region>; cities: Indexed<City>; citiesByRegion: Map<number, City[]>; citiesByCountry: Map<number, City[]> } | undefined;

/** Regions (states, provinces) and cities of country-state-city, with stable ids from their natural keys. */
export function geo() {
  if (cache) return cache;
  const asset = (name: string) => JSON.parse(readFileSync(require.resolve(`country-state-city/lib/assets/${name}.json`), 'utf8'));
  const regionByKey = new Map<string, Region>();
  for (const s of asset('state') as { name: string; isoCode: string; countryCode: string }[]) {
    const country = countryByIso2(s.countryCode);
    if (!country) continue;
    const key = `${s.countryCode}-${s.isoCode}`;
    regionByKey.set(key, {
      id: stableId(`region:${key}`),
      name: s.name,
      code: s.isoCode,
      country_id: country.id,
      country_iso2: country.iso2,
      country_name: country.name,
    });
  }
  const cities = new Map<number, City>();
  for (const [name, countryCode, stateCode, lat, lng] of asset('city') as string[][]) {
    const country = countryByIso2(countryCode);
    if (!country) continue;
    const region = regionByKey.get(`${countryCode}-${stateCode}`) ?? null;
    // Coordinates are part of the key: one state can hold several towns of the same name.
    const id = stableId(`city:${countryCode}-${stateCode}:${name}:${lat},${lng}`);
    if (cities.has(id)) continue;
    cities.set(id, {
      id,
      name,
      region_id: region?.id ?? null,
      region_name: region?.name ?? null,
      country_id: country.id,
      country_iso2: country.iso2,
      country_name: country.name,
    });
  }
  const cityIndex = index([...cities.values()]);
  const group = (key: (c: City) => number | null) => {
    const map = new Map<number, City[]>();
    for (const city of cityIndex.sorted) {
      const k = key(city);
      if (k === null) continue;
      let list = map.get(k);
      if (!list) map.set(k, (list = []));
      list.push(city);
    }
    return map;
  };
  cache = {
    regions: index([...regionByKey.values()]),
    cities: cityIndex,
    citiesByRegion: group((c) => c.region_id),
    citiesByCountry: group((c) => c.country_id),
  };
  return cache;
}

export interface Page<T> {
  data: T[];
  recordsFiltered: number;
}

/** The bodies of POST regions and POST cities (schemas/lookups/regions.schema.json, cities.schema.json). */
export type RegionQuery = Regions;
export type CityQuery = Cities;

const DEFAULT_LIMIT = 100;

const setOf = (ids: number[] | undefined) => (ids && ids.length ? new Set(ids) : null);

function page<T>(candidates: Iterable<T>, keep: (item: T) => boolean, limit = DEFAULT_LIMIT, offset = 0): Page<T> {
  const data: T[] = [];
  let matched = 0;
  for (const item of candidates) {
    if (!keep(item)) continue;
    if (matched >= offset && data.length < limit) data.push(item);
    matched++;
  }
  return { data, recordsFiltered: matched };
}

/** `POST regions`: name prefix search, narrowed to countries or regions, minus ignored countries. */
export function searchRegions(q: RegionQuery): Page<Region> {
  const { regions } = geo();
  const countriesIn = setOf(q.country_ids);
  const regionsIn = setOf(q.region_ids);
  const ignored = setOf(q.ignored_country_ids);
  const prefix = normalizeName(q.query ?? '');
  const candidates = regionsIn
    ? [...regionsIn].map((id) => regions.byId.get(id)).filter((r): r is Region => !!r)
    : prefix
      ? prefixRange(regions, prefix)
      : regions.sorted;
  return page(
    candidates,
    (r) =>
      (!countriesIn || countriesIn.has(r.country_id)) &&
      (!ignored || !ignored.has(r.country_id)) &&
      (!prefix || normalizeName(r.name).startsWith(prefix)),
    // Asking for ids (labels of stored values) answers all of them unless a limit says otherwise.
    q.limit ?? Math.max(DEFAULT_LIMIT, regionsIn?.size ?? 0),
    q.offset,
  );
}

/** `POST cities`: name prefix search, narrowed to cities, regions or countries, minus ignored regions and countries. */
export function searchCities(q: CityQuery): Page<City> {
  const { cities, citiesByRegion, citiesByCountry } = geo();
  const citiesIn = setOf(q.city_ids);
  const regionsIn = setOf(q.region_ids);
  const countriesIn = setOf(q.country_ids);
  const ignoredRegions = setOf(q.ignored_region_ids);
  const ignoredCountries = setOf(q.ignored_country_ids);
  const prefix = normalizeName(q.query ?? '');
  // Start from the smallest candidate set the filters allow; the predicate below applies every filter anyway.
  const candidates: Iterable<City> = citiesIn
    ? [...citiesIn].map((id) => cities.byId.get(id)).filter((c): c is City => !!c)
    : prefix
      ? prefixRange(cities, prefix)
      : regionsIn
        ? [...regionsIn].flatMap((id) => citiesByRegion.get(id) ?? [])
        : countriesIn
          ? [...countriesIn].flatMap((id) => citiesByCountry.get(id) ?? [])
          : cities.sorted;
  return page(
    candidates,
    (c) =>
      (!regionsIn || (c.region_id !== null && regionsIn.has(c.region_id))) &&
      (!countriesIn || countriesIn.has(c.country_id)) &&
      (!ignoredRegions || c.region_id === null || !ignoredRegions.has(c.region_id)) &&
      (!ignoredCountries || !ignoredCountries.has(c.country_id)) &&
      (!citiesIn || !prefix || normalizeName(c.name).startsWith(prefix)),
    q.limit ?? Math.max(DEFAULT_LIMIT, citiesIn?.size ?? 0),
    q.offset,
  );
}
