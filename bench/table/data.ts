/** 50,000 statistics rows by site, as the API sends them: counts as numbers, cost and ctr as decimal strings. */
import siteSet from '../../schemas/statistics/site.columns.json';
import type { ColumnSet } from '../../engine/table/columnSet';
import type { TableRow } from '../../engine/table/TableStore';

export const columnSet = siteSet as ColumnSet;
export const ROWS = 50_000;

const WORDS = ['news', 'sport', 'video', 'games', 'mail', 'shop', 'tech', 'auto', 'food', 'travel', 'music', 'blog', 'weather', 'finance', 'kino', 'recipes'];
const TLDS = ['com', 'net', 'org', 'ru', 'de', 'es', 'jp', 'io'];

/** Deterministic rows: site names with numbers in them, a cost of up to 500 with 4 decimals (some zero), ctr from the counts. */
export function statisticsRows(count = ROWS, seed = 42): TableRow[] {
  let state = seed;
  const random = () => (state = (state * 1664525 + 1013904223) >>> 0) / 2 ** 32;
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  return Array.from({ length: count }, (_, i) => {
    const impressions = Math.floor(100 + random() * 200_000);
    const clicks = Math.floor(impressions * random() * 0.03);
    return {
      site: `${pick(WORDS)}-${pick(WORDS)}${i}.${pick(TLDS)}`,
      cost: random() < 0.05 ? '0.0000' : (random() * 500).toFixed(4),
      conversions: Math.floor(clicks * random() * 0.1),
      impressions,
      clicks,
      ctr: (clicks / impressions).toFixed(6),
    };
  });
}
