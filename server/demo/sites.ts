import { countryByIso2 } from '../reference/countries';
import { categories, categoryGroups } from '../reference/curated/categories';
import { trafficTypes } from '../reference/curated/lists';
import type { Site, SiteReport } from '../../generated/types';
import { formatProfile, listedFormats, type SellChance, type SellProfile } from './formatProfiles';
import { SeededRandom } from './seededRandom';

/**
 * The demo network's publisher sites: about 3,000 generated sites with realistic domains, categories, formats
 * sold (chances per format in formatProfiles.json `sell`) and traffic statistics. Each site is drawn from its own
 * seed (`site:<n>`), so site n never changes when the generator grows; ids are `FIRST_SITE_ID + n` and are saved
 * in campaign targets, so never renumber them and never edit the word lists below in place (add sites by raising
 * SITE_COUNT; a changed list changes domains, which sites.test.ts catches with its fingerprint).
 */

/** How many sites the network has. */
export const SITE_COUNT = 3000;
/** The id of the first site (site ids are 5-digit numbers, like a real network's). */
export const FIRST_SITE_ID = 10001;

/** Placement type ids (`placement_types` of GET settings, server/settings/globalSettings.ts). */
export const PLACEMENT_TYPE_IDS = [1, 2, 3, 4, 5, 6] as const;
const [ABOVE_FOLD, BELOW_FOLD, IN_CONTENT, SIDEBAR, FOOTER, FULL_SCREEN] = PLACEMENT_TYPE_IDS;

// ---------------------------------------------------------------------------------------------------------
// Word lists: append only (see the note at the top).

/** Domain words per IAB category group (groups 24 Uncategorized and 26 Illegal Content have no sites). */
const THEME_WORDS: Record<number, readonly string[]> = {
  1: ['movie', 'film', 'cinema', 'music', 'lyrics', 'celeb', 'gossip', 'comics', 'books', 'series', 'fun', 'humor', 'memes', 'anime', 'art', 'show'],
  2: ['auto', 'car', 'cars', 'moto', 'motor', 'drive', 'garage', 'wheels', 'autoparts', 'racing', 'bike', 'rides'],
  3: ['biz', 'business', 'market', 'trade', 'office', 'startup', 'agro', 'build', 'logistics', 'ads', 'company'],
  4: ['jobs', 'career', 'work', 'hire', 'resume', 'vacancy', 'campus', 'college'],
  5: ['learn', 'study', 'school', 'edu', 'lesson', 'english', 'quiz', 'academy', 'tutor'],
  6: ['family', 'mom', 'baby', 'kids', 'parent', 'toddler', 'moms'],
  7: ['health', 'fit', 'fitness', 'diet', 'yoga', 'med', 'care', 'workout', 'slim', 'vital'],
  8: ['recipes', 'cook', 'cooking', 'kitchen', 'food', 'chef', 'bake', 'wine', 'coffee', 'eat', 'tasty', 'menu'],
  9: ['games', 'game', 'play', 'puzzle', 'cards', 'photo', 'hobby', 'craft', 'gamer', 'pixel', 'arcade'],
  10: ['home', 'garden', 'decor', 'house', 'diy', 'repair', 'interior', 'living'],
  11: ['law', 'legal', 'politics', 'gov', 'vote', 'policy', 'visa'],
  12: ['news', 'daily', 'times', 'post', 'herald', 'press', 'report', 'headlines', 'journal', 'gazette', 'info'],
  13: ['money', 'finance', 'invest', 'stock', 'credit', 'loan', 'tax', 'bank', 'coin', 'crypto', 'wallet', 'forex'],
  14: ['dating', 'love', 'match', 'date', 'singles', 'wedding', 'flirt', 'meet', 'romance'],
  15: ['science', 'space', 'astro', 'weather', 'lab', 'physics', 'geo', 'nature', 'planet'],
  16: ['pets', 'dog', 'dogs', 'cat', 'cats', 'pet', 'paws', 'vet', 'aquarium', 'bird'],
  17: ['sport', 'sports', 'score', 'football', 'soccer', 'goal', 'match', 'bet', 'tennis', 'boxing', 'fight', 'league'],
  18: ['style', 'fashion', 'beauty', 'look', 'glam', 'wear', 'trend', 'chic', 'jewel'],
  19: ['tech', 'soft', 'apps', 'app', 'download', 'pc', 'mobile', 'gadget', 'android', 'dev', 'code', 'cyber', 'vpn', 'file', 'droid'],
  20: ['travel', 'trip', 'tour', 'hotel', 'fly', 'flight', 'voyage', 'holiday', 'cruise'],
  21: ['realty', 'estate', 'homes', 'rent', 'flat', 'property', 'house'],
  22: ['deals', 'shop', 'coupon', 'sale', 'promo', 'price', 'buy', 'store', 'mall', 'offer', 'bargain'],
  23: ['faith', 'bible', 'pray', 'church', 'spirit', 'soul'],
  25: ['hot', 'xxx', 'sexy', 'cams', 'naughty', 'night', 'babes', 'tube', 'adult', 'x'],
};
const VIDEO_WORDS = ['tube', 'video', 'clips', 'tv', 'watch', 'stream', 'movies', 'flix', 'vids', 'play'];
const PREFIXES = ['the', 'my', 'daily', 'best', 'top', 'all', 'get', 'go', 'real', 'easy', 'smart', 'pro', 'just', 'i', 'new', 'mega', 'super', 'true', 'world', 'fast', 'free', 'one', 'big'];
const SUFFIXES = [
  'hub', 'zone', 'online', 'club', 'world', 'daily', 'news', 'blog', 'guide', 'tips', 'times', 'today', 'spot', 'land', 'planet', 'base', 'box',
  'place', 'point', 'site', 'web', 'mania', 'city', 'life', 'central', 'insider', 'lab', 'now', 'plus', 'line', 'portal', 'pro', 'tv',
];
const NUMBERS = ['24', '365', '360', '1', '2', '7', '99', '101', '4u', '2go'];

/** TLDs by weight, with the country a country-code TLD's audience mostly comes from. */
const TLDS: readonly (readonly [string, number, string | null])[] = [
  ['com', 46, null], ['net', 10, null], ['org', 5, null], ['info', 3, null], ['io', 2, null], ['co', 2, null], ['tv', 2, null], ['me', 2, null],
  ['xyz', 2, null], ['online', 1, null], ['site', 1, null], ['club', 1, null], ['pro', 1, null], ['biz', 1, null],
  ['de', 3, 'DE'], ['ru', 3, 'RU'], ['fr', 2, 'FR'], ['es', 2, 'ES'], ['it', 2, 'IT'], ['pl', 1, 'PL'], ['nl', 1, 'NL'], ['co.uk', 2, 'GB'],
  ['com.br', 2, 'BR'], ['in', 1, 'IN'], ['jp', 1, 'JP'], ['com.mx', 1, 'MX'], ['ca', 1, 'CA'], ['com.au', 1, 'AU'], ['ua', 1, 'UA'],
  ['com.tr', 1, 'TR'], ['co.id', 1, 'ID'], ['vn', 1, 'VN'],
];
/** Where audiences come from, by weight (ISO 3166-1 alpha-2). */
const AUDIENCE: readonly (readonly [string, number])[] = [
  ['US', 30], ['IN', 10], ['GB', 7], ['DE', 7], ['BR', 7], ['FR', 6], ['RU', 6], ['CA', 5], ['IT', 5], ['ES', 5], ['MX', 5], ['ID', 5],
  ['JP', 4], ['TR', 4], ['PL', 3], ['NL', 3], ['AU', 3], ['UA', 3], ['VN', 3], ['PH', 3], ['TH', 3], ['AR', 2], ['CO', 2], ['EG', 2], ['NG', 2],
];

/** Traffic type ids (curated/lists.ts) by weight, and the category groups their sites belong to. */
const TRAFFIC: readonly (readonly [number, number, readonly (readonly [number, number])[]])[] = [
  [1, 55, [[12, 14], [1, 10], [19, 9], [17, 8], [8, 6], [7, 6], [18, 5], [20, 5], [2, 5], [13, 4], [9, 4], [10, 4], [22, 4], [16, 3], [5, 3], [6, 3], [15, 2], [3, 2], [4, 2], [21, 2], [11, 2], [14, 1], [23, 1]]],
  [2, 14, [[25, 1]]],
  [3, 7, [[9, 4], [19, 1]]],
  [4, 5, [[17, 2], [9, 1]]],
  [5, 4, [[13, 1]]],
  [6, 5, [[14, 1]]],
  [7, 6, [[1, 1]]],
  [8, 4, [[19, 1]]],
];
/** A traffic type's leading category, where it has one (gaming → Video & Computer Games, dating → Dating ...). */
const LEADING_CATEGORY: Record<number, Record<number, number>> = {
  2: { 25: 2503 },
  3: { 9: 930, 19: 1929 },
  4: { 9: 907, 17: 1712 },
  6: { 14: 1401 },
  7: { 1: 105 },
};

const GROUP_BLURBS: Record<number, string> = {
  1: 'Movies, music, celebrities and pop culture.',
  2: 'Car reviews, buying guides and motoring news.',
  3: 'Business news, tools and advice for companies.',
  4: 'Job offers, career advice and CV tips.',
  5: 'Courses, lessons and study help.',
  6: 'Parenting advice for families with kids.',
  7: 'Health, fitness and nutrition tips.',
  8: 'Recipes, cooking tips and kitchen inspiration.',
  9: 'Games, hobbies and crafts.',
  10: 'Home improvement, decor and gardening ideas.',
  11: 'Law, politics and public affairs.',
  12: 'Breaking news and daily headlines.',
  13: 'Personal finance, investing and markets.',
  14: 'Dating, relationships and weddings.',
  15: 'Science, space and nature.',
  16: 'Pet care, breeds and animal stories.',
  17: 'Scores, results and sports news.',
  18: 'Fashion, beauty and style trends.',
  19: 'Software downloads, apps and tech news.',
  20: 'Travel guides, hotels and cheap flights.',
  21: 'Homes for sale and rent.',
  22: 'Deals, coupons and price comparison.',
  23: 'Faith, prayer and spirituality.',
  25: 'Adult entertainment (18+).',
};
/** Share of female visitors (percent) per group, before noise. */
const FEMALE_SHARE: Record<number, number> = { 2: 18, 6: 74, 7: 58, 8: 64, 13: 34, 14: 42, 16: 62, 17: 24, 18: 76, 19: 28, 25: 14, 9: 30 };
const AGES = ['18-24', '25-34', '35-44', '45-54', '55-64'];
/** Audience age bracket weights per group (others: the default). */
const AGE_WEIGHTS: Record<number, readonly number[]> = {
  9: [45, 35, 12, 6, 2], 19: [30, 40, 18, 8, 4], 5: [50, 30, 12, 6, 2], 13: [10, 30, 30, 20, 10], 6: [8, 52, 28, 9, 3], 12: [8, 20, 25, 25, 22], 25: [30, 38, 18, 10, 4],
};
const DEFAULT_AGES = [18, 36, 24, 14, 8];

// ---------------------------------------------------------------------------------------------------------

const groupIds = new Set(categoryGroups.map((g) => g.id));
const categoriesOf = new Map<number, { id: number; name: string }[]>();
for (const c of categories) categoriesOf.set(c.category_group_id, [...(categoriesOf.get(c.category_group_id) ?? []), c]);
const categoryById = new Map(categories.map((c) => [c.id, c]));
const groupById = new Map(categoryGroups.map((g) => [g.id, g]));

const capitalize = (word: string) => (/^\d/.test(word) ? word : word.charAt(0).toUpperCase() + word.slice(1));

/** The words of a site's name and how they are joined: `dailyrecipes`, `moto-news24`. */
function drawName(rng: SiteRng, group: number, tubecorp: boolean): { label: string; words: string[] } {
  const theme = THEME_WORDS[group];
  const main = tubecorp && rng.chance(0.5) ? rng.pick(VIDEO_WORDS) : rng.pick(theme);
  const second = () => (tubecorp ? rng.pick(VIDEO_WORDS) : rng.chance(0.5) ? rng.pick(SUFFIXES) : rng.pick(theme));
  let words: string[];
  switch (rng.weighted([['prefix', 30], ['suffix', 30], ['pair', 20], ['number', 10], ['suffixNumber', 10]] as const)) {
    case 'prefix':
      words = [rng.pick(PREFIXES), main];
      break;
    case 'suffix':
      words = [main, second()];
      break;
    case 'pair':
      words = [main, rng.pick(theme)];
      break;
    case 'number':
      words = [main, rng.pick(NUMBERS)];
      break;
    default:
      words = [main, second(), rng.pick(NUMBERS)];
  }
  if (words[0] === words[1]) words.splice(1, 1, rng.pick(SUFFIXES));
  const hyphen = words.length > 1 && rng.chance(0.22);
  let label = hyphen ? words.slice(0, 2).join('-') + words.slice(2).join('') : words.join('');
  if (label.length < 3) label += rng.pick(SUFFIXES);
  return { label, words };
}

type SiteRng = SeededRandom;

/** What decides whether a site sells a format (formatProfiles.json `sell`). */
interface SiteKind {
  traffic: number;
  group: number;
  tubecorp: boolean;
  premium: boolean;
}

/** The formats sites may sell: those formatProfiles.json lists (in its order) and the rest of the known ones. */
interface SiteFormats {
  /** Listed formats, drawn from the site's own stream in this order, whether a folder exists or not. */
  listed: readonly string[];
  /** Format ids with a folder (schemas/ad-formats/). */
  known: ReadonlySet<string>;
  /** Known formats the file does not list: each drawn from a seed of its own, so adding one changes no other draw. */
  unlisted: readonly string[];
  /** What a site that drew none of the listed formats sells: the listed one sold most often. */
  fallback: string | undefined;
}

const adjusted = (chance: number, rule: SellChance | undefined) => (rule === undefined ? chance : typeof rule === 'number' ? rule : Math.max(chance, rule.atLeast));

/** The chance that a site of this kind sells a format: its base chance, then tube, traffic type, category group, premium. */
function sellChance(sell: SellProfile, site: SiteKind): number {
  let chance = sell.chance;
  if (site.tubecorp) chance = adjusted(chance, sell.tube);
  chance = adjusted(chance, sell.trafficTypes?.[site.traffic]);
  chance = adjusted(chance, sell.categoryGroups?.[site.group]);
  if (site.premium) chance = adjusted(chance, sell.premium);
  return chance;
}

/** The formats site `n` sells (`all`), and those its placements follow (`placed`: the listed ones it drew). */
function drawFormats(rng: SiteRng, n: number, site: SiteKind, formats: SiteFormats): { placed: string[]; all: string[] } {
  const drawn = formats.listed.filter((f) => rng.chance(sellChance(formatProfile(f).sell, site)) && formats.known.has(f));
  const placed = drawn.length || !formats.fallback ? drawn : [formats.fallback];
  const unlisted = formats.unlisted.filter((f) => new SeededRandom(`site:${n}:sells:${f}`).chance(sellChance(formatProfile(f).sell, site)));
  return { placed, all: [...placed, ...unlisted] };
}

function drawPlacements(rng: SiteRng, formats: readonly string[]): number[] {
  const sells = formats.map((f) => formatProfile(f).sell);
  const onPage = sells.some((s) => s.slot === 'page');
  const takeover = sells.some((s) => s.slot === 'full-screen');
  const out: number[] = [];
  if (onPage) {
    if (rng.chance(0.75)) out.push(ABOVE_FOLD);
    if (rng.chance(0.5)) out.push(BELOW_FOLD);
    if (rng.chance(Math.max(0.45, ...sells.map((s) => s.inContent ?? 0)))) out.push(IN_CONTENT);
    if (rng.chance(0.35)) out.push(SIDEBAR);
    if (rng.chance(0.3)) out.push(FOOTER);
  }
  if (rng.chance(takeover ? 0.8 : 0.05)) out.push(FULL_SCREEN);
  if (!out.length) out.push(onPage ? ABOVE_FOLD : FULL_SCREEN);
  return out;
}

const oneDecimal = (n: number) => (Math.round(n * 10) / 10).toFixed(1);

function drawReport(
  rng: SiteRng,
  site: { group: number; categoryIds: number[]; premium: boolean; isNew: boolean; tubecorp: boolean; words: string[]; tldCountry: string | null },
): Omit<SiteReport, 'audience_ages' | 'country_shares'> {
  // How often a statistic is unknown: never for premium sites, often for new ones.
  const missing = site.premium ? 0 : site.isNew ? 0.45 : 0.08;
  const known = () => !rng.chance(missing);
  const group = groupById.get(site.group)!;
  const category = categoryById.get(site.categoryIds[0])!;

  const rank = known()
    ? Math.round(site.premium ? rng.logUniform(400, 40_000) : site.isNew ? rng.logUniform(150_000, 9_000_000) : rng.logUniform(12_000, 5_000_000))
    : null;
  const visitsFromRank = rank ?? (site.isNew ? rng.logUniform(150_000, 9_000_000) : rng.logUniform(12_000, 5_000_000));
  const visits = known() ? Math.round((3e10 / visitsFromRank) * (0.6 + rng.next())) : null;
  const female = FEMALE_SHARE[site.group] ?? 46;
  const femaleShare = Math.min(95, Math.max(5, female + (rng.next() - 0.5) * 16));
  const demographics = known();
  const ageWeights = AGE_WEIGHTS[site.group] ?? DEFAULT_AGES;
  const minSeconds = site.tubecorp ? 300 : site.premium ? 180 : 45;
  const maxSeconds = site.tubecorp ? 1200 : site.premium ? 720 : 600;

  const countries = new Set<string>();
  if (site.tldCountry) countries.add(site.tldCountry);
  const countryCount = rng.int(3, 5);
  while (countries.size < countryCount) countries.add(rng.weighted(AUDIENCE));

  return {
    description: known() ? GROUP_BLURBS[site.group] : null,
    favicon_url: null,
    audience_age: known() ? rng.weighted(AGES.map((a, i) => [a, ageWeights[i]] as const)) : null,
    category: `${group.name} / ${category.name}`,
    category_rank: rank === null ? null : Math.max(1, Math.round(rank / rng.int(20, 80))),
    female: demographics ? oneDecimal(femaleShare) : null,
    male: demographics ? oneDecimal(100 - Number(oneDecimal(femaleShare))) : null,
    global_rank: rank,
    time_on_site: known() ? rng.int(minSeconds, maxSeconds) : null,
    pages_per_visit: known() ? Math.round((1.2 + rng.next() * (site.premium ? 6 : 4.5)) * 100) / 100 : null,
    top_countries: [...countries].map((iso2) => countryByIso2(iso2)!.id),
    total_visits: visits,
    title: site.premium || known() ? site.words.map(capitalize).join(' ') : null,
  };
}

/** Site number `n` (0-based), drawn from its own seed; a domain already `taken` is redrawn from `site:<n>:<attempt>`. */
function drawSite(n: number, taken: ReadonlySet<string>, siteFormats: SiteFormats): Site {
  const rng = new SeededRandom(`site:${n}`);
  const tubecorp = rng.chance(0.03);
  const traffic = tubecorp ? rng.weighted([[7, 6], [2, 4]] as const) : rng.weighted(TRAFFIC.map(([id, w]) => [id, w] as const));
  const group = tubecorp && traffic === 7 ? 1 : rng.weighted(TRAFFIC.find(([id]) => id === traffic)![2]);
  const isNew = rng.chance(0.1);
  const premium = !isNew && rng.chance(traffic === 1 ? 0.08 : 0.03);
  const marketplace = rng.chance(premium ? 0.5 : 0.19);

  const subs = categoriesOf.get(group)!;
  const leading = LEADING_CATEGORY[traffic]?.[group] ?? (tubecorp && group === 1 ? rng.pick([105, 107]) : undefined);
  const categoryIds = rng.sample(
    subs.map((c) => c.id),
    rng.weighted([[1, 45], [2, 35], [3, 20]] as const),
  );
  if (leading !== undefined && categoryById.has(leading)) {
    const at = categoryIds.indexOf(leading);
    if (at >= 0) categoryIds.splice(at, 1);
    categoryIds.unshift(leading);
    if (categoryIds.length > 3) categoryIds.pop();
  }

  // Adult sites also use .xxx.
  const tlds: (readonly [readonly [string, string | null], number])[] = TLDS.map(([t, w, c]) => [[t, c], w] as const);
  if (traffic === 2) tlds.push([['xxx', null], 6]);
  const tld = rng.weighted(tlds);
  let name = drawName(rng, group, tubecorp);
  let domain = `${name.label}.${tld[0]}`;
  for (let attempt = 1; taken.has(domain); attempt++) {
    const retry = new SeededRandom(`site:${n}:${attempt}`);
    name = drawName(retry, group, tubecorp);
    domain = `${name.label}.${attempt > 3 ? retry.pick(TLDS)[0] : tld[0]}`;
  }

  const formats = drawFormats(rng, n, { traffic, group, tubecorp, premium }, siteFormats);
  return {
    id: FIRST_SITE_ID + n,
    domain,
    is_new: isNew,
    premium,
    tubecorp,
    logo: null,
    category_group_id: group,
    category_ids: categoryIds,
    ad_formats: formats.all,
    placement_type_ids: drawPlacements(rng, formats.placed),
    traffic_type_id: traffic,
    marketplace,
    site_report: withAudience(n, group, drawReport(rng, { group, categoryIds, premium, isNew, tubecorp, words: name.words, tldCountry: tld[1] })),
  };
}

/**
 * The report's audience as the charts show it: each age bracket's share (the report's `audience_age` the largest) and
 * each top country's share of the visits, biggest first. Drawn from a seed of their own (`site-audience:<n>`), so the
 * rest of the site is drawn as before they existed. Unknown age (no `audience_age`) leaves the brackets empty.
 */
function withAudience(n: number, group: number, report: Omit<SiteReport, 'audience_ages' | 'country_shares'>): SiteReport {
  const rng = new SeededRandom(`site-audience:${n}`);
  const weights = (AGE_WEIGHTS[group] ?? DEFAULT_AGES).map((w) => w * (0.75 + rng.next() * 0.5));
  const top = report.audience_age === null ? -1 : AGES.indexOf(report.audience_age);
  if (top >= 0) weights[top] = Math.max(...weights) * 1.1;
  const ageTotal = weights.reduce((a, b) => a + b, 0);
  let left = 100;
  const shares = report.top_countries
    .map(() => {
      const share = left * (0.25 + rng.next() * 0.3);
      left -= share;
      return share;
    })
    .sort((a, b) => b - a);
  return {
    ...report,
    audience_ages: top < 0 ? [] : AGES.map((age, i) => ({ age, percent: oneDecimal((weights[i]! / ageTotal) * 100) })),
    country_shares: report.top_countries.map((countryId, i) => ({ country_id: countryId, percent: oneDecimal(shares[i]!) })),
  };
}

/**
 * The demo network's sites, `SITE_COUNT` of them, selling the formats `formatIds` (the folders of
 * schemas/ad-formats/), the same on every run. A format formatProfiles.json does not list is sold with its
 * default chance, drawn apart, so adding a format folder only adds it to some sites.
 * @throws {Error} when a drawn site names a category group or traffic type the reference lists lack.
 */
export function generateSites(formatIds: readonly string[]): Site[] {
  const known = new Set(formatIds);
  const listed = listedFormats();
  const sold = listed.filter((f) => known.has(f));
  const fallback = sold.length ? sold.reduce((best, f) => (formatProfile(f).sell.chance > formatProfile(best).sell.chance ? f : best)) : undefined;
  const formats: SiteFormats = { listed, known, unlisted: formatIds.filter((f) => !listed.includes(f)), fallback };
  const taken = new Set<string>();
  const list: Site[] = [];
  for (let n = 0; n < SITE_COUNT; n++) {
    const site = drawSite(n, taken, formats);
    taken.add(site.domain);
    list.push(site);
  }
  for (const site of list) {
    if (!groupIds.has(site.category_group_id)) throw new Error(`sites: unknown category group ${site.category_group_id} of ${site.domain}`);
    if (!trafficTypes.some((t) => t.id === site.traffic_type_id)) throw new Error(`sites: unknown traffic type of ${site.domain}`);
  }
  return list;
}
