import { createRegistry } from '../../engine/registry/createRegistry';
import { countries, countryByIso2 } from './countries';
import { browsers } from './curated/browsers';
import { carriers } from './curated/carriers';
import { categories, categoryGroups } from './curated/categories';
import { campaignTrafficPlatforms, interests, ip2LocationTypes, messengers, trafficTypes } from './curated/lists';
import { operatingSystems } from './curated/operatingSystems';
import { deviceCatalog } from './devices';
import { languages } from './languages';
import type { CollectionItem } from '../../generated/types';

/**
 * `GET collections/{name}`: the fourteen lookup lists by URL name, each built on first use; every item has a numeric
 * `id` and a `name`, plus fields specific to the list (schemas/lookups/collection-item.answer.schema.json).
 */
// Items are the lists' own types: they carry the schema's id and name (Pick, as an interface has no index signature).
export const collections = createRegistry<() => readonly Pick<CollectionItem, 'id' | 'name'>[]>('collection', {
  browsers: () => browsers,
  carriers: () =>
    carriers.map((c) => {
      const country = countryByIso2(c.country);
      if (!country) throw new Error(`carriers: unknown country "${c.country}" for "${c.name}"`);
      return { id: c.id, name: c.name, country_id: country.id, country_iso2: country.iso2, country_name: country.name };
    }),
  categories: () => categories,
  'category-groups': () => categoryGroups,
  countries: () => countries(),
  'device-models': () => deviceCatalog().models,
  'device-vendors': () => deviceCatalog().vendors,
  'ip2-location-types': () => ip2LocationTypes,
  language: () => languages(),
  'campaign-traffic-platforms': () => campaignTrafficPlatforms,
  'operating-systems': () => operatingSystems,
  'traffic-types': () => trafficTypes,
  interests: () => interests,
  messengers: () => messengers,
});

/**
 * The answer body of a collection (the route keeps it, serialized and compressed once: the lists never change while
 * the process runs, and device models run to thousands of rows).
 * @throws {RegistryError} for an unknown name, listing the valid ones.
 */
export function collectionBody(name: string): string {
  return JSON.stringify({ data: collections.get(name)() });
}
