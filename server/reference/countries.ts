import { createRequire } from 'node:module';
import countriesLib from 'i18n-iso-countries';

const require = createRequire(import.meta.url);
countriesLib.registerLocale(require('i18n-iso-countries/langs/en.json'));

/** A country as the `countries` collection lists it; `id` is the ISO 3166-1 numeric code, stable by definition. */
export interface Country {
  id: number;
  name: string;
  iso2: string;
  iso3: string;
}

let cache: Country[] | undefined;

/** All countries (English names), sorted by name. */
export function countries(): Country[] {
  cache ??= Object.entries(countriesLib.getNames('en', { select: 'official' }))
    .map(([iso2, name]) => ({
      id: Number(countriesLib.alpha2ToNumeric(iso2)),
      name,
      iso2,
      iso3: countriesLib.alpha2ToAlpha3(iso2) ?? iso2,
    }))
    .filter((c) => Number.isInteger(c.id) && c.id > 0)
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
  return cache;
}

let byIso2: Map<string, Country> | undefined;

/** A country by its two-letter code, or undefined. */
export function countryByIso2(iso2: string): Country | undefined {
  byIso2 ??= new Map(countries().map((c) => [c.iso2, c]));
  return byIso2.get(iso2.toUpperCase());
}
