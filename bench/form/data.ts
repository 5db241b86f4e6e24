import countryNames from 'i18n-iso-countries/langs/en.json';

/** A small deterministic PRNG, so every run sees the same lists and selections. */
export function rng(seed: number) {
  return () => {
    seed = (seed * 1664525 + 1013904223) >>> 0;
    return seed / 2 ** 32;
  };
}

const syllables = ['ka', 'lo', 'mi', 'ra', 'sen', 'tor', 'va', 'del', 'bur', 'gan', 'pol', 'rin', 'sto', 'ber', 'lin', 'dor'];
export const vendors = ['Samsung', 'Xiaomi', 'Apple', 'Huawei', 'Oppo', 'Vivo', 'Motorola', 'Nokia', 'Realme', 'Tecno'];

export interface Item {
  id: number;
  name: string;
}

export function words(random: () => number, n: number) {
  return Array.from({ length: n }, () => syllables[Math.floor(random() * syllables.length)]).join('');
}

const countries: Item[] = Object.values(countryNames.countries)
  .map((n) => (Array.isArray(n) ? n[0] : n))
  .slice(0, 250)
  .map((name, i) => ({ id: i + 1, name }));
const cityRandom = rng(7);
const cities: Item[] = Array.from({ length: 5000 }, (_, i) => {
  const w = words(cityRandom, 2 + Math.floor(cityRandom() * 2));
  return { id: i + 1, name: `${w[0].toUpperCase()}${w.slice(1)} ${i + 1}` };
});
const models: Item[] = Array.from({ length: 2000 }, (_, i) => ({ id: i + 1, name: `${vendors[i % vendors.length]} ${words(cityRandom, 1).toUpperCase()}-${100 + i}` }));

/** The three big lists by collection name. */
export const collections: Record<string, Item[]> = { countries, cities, 'device-models': models };

/** How many of each list a realistic campaign selects. */
export const selectionSizes: Record<string, number> = { countries: 30, cities: 200, 'device-models': 100 };

/** A deterministic pick of `n` items of a list. */
export function pick<T>(list: readonly T[], n: number, seed: number): T[] {
  const random = rng(seed);
  const chosen = new Set<number>();
  while (chosen.size < Math.min(n, list.length)) chosen.add(Math.floor(random() * list.length));
  return [...chosen].map((i) => list[i]);
}
