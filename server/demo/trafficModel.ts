/**
 * What the demo network's traffic looks like, for generateTraffic.ts and generateEvents.ts: the countries it gets
 * traffic from (volume, device and connection mix, languages) and how the dimensions split traffic; each ad
 * format's volume and prices are data (formatProfiles.json). Numbers are plausible orders of magnitude for a
 * mid-size network, not measurements. The country tiers are the product's (settings/globalSettings.ts).
 */
import type { Dimension, VendorName } from '../areas/traffic/dimensions';
import { TIERS } from '../settings/globalSettings';

/** Region of a country: picks its Android vendor mix and local browsers. */
export type Region = 'na' | 'latam' | 'weu' | 'eeu' | 'cis' | 'mena' | 'ssa' | 'sa' | 'sea' | 'ea' | 'oce';

export interface CountryProfile {
  iso2: string;
  /** Internet users, millions: drives the request volume. */
  users: number;
  region: Region;
  /** Share of web traffic from phones (before a format's own bias). */
  mobile: number;
  /** Share of phones that are iPhones. */
  ios: number;
  /** Share of phone traffic on Wi-Fi (the rest is cellular). */
  wifi: number;
  /** Share of visitors with IPv6. */
  ipv6: number;
  /** Browser languages: `code:share,...` (ISO 639-1). */
  languages: string;
}

const TIER_BY_COUNTRY = new Map(TIERS.flatMap(([tier, , codes]) => codes.map((iso2) => [iso2, tier as 1 | 2 | 3] as const)));

/** A country's pricing tier (the tiers `GET settings` → flat_deal.tiers lists); every other country is tier 4. */
export const tierOf = (iso2: string): 1 | 2 | 3 | 4 => TIER_BY_COUNTRY.get(iso2) ?? 4;

type Row = [string, number, Region, number, number, number, number, string];

// iso2, users (M), region, mobile share, iOS share of phones, Wi-Fi share of phone traffic, IPv6 share, languages
const ROWS: Row[] = [
  ['US', 310, 'na', 0.55, 0.55, 0.65, 0.5, 'en:.88,es:.10,zh:.02'],
  ['CA', 36, 'na', 0.5, 0.55, 0.68, 0.4, 'en:.74,fr:.22,zh:.04'],
  ['GB', 65, 'weu', 0.58, 0.5, 0.7, 0.45, 'en:.95,pl:.02,fr:.03'],
  ['AU', 23, 'oce', 0.55, 0.55, 0.68, 0.35, 'en:.95,zh:.05'],
  ['NZ', 4.5, 'oce', 0.55, 0.5, 0.68, 0.3, 'en:1'],
  ['DE', 78, 'weu', 0.52, 0.35, 0.72, 0.7, 'de:.90,en:.06,tr:.04'],
  ['FR', 60, 'weu', 0.55, 0.32, 0.7, 0.75, 'fr:.94,en:.06'],
  ['NL', 17, 'weu', 0.5, 0.38, 0.75, 0.55, 'nl:.86,en:.14'],
  ['SE', 10, 'weu', 0.55, 0.45, 0.72, 0.25, 'sv:.85,en:.15'],
  ['NO', 5.3, 'weu', 0.55, 0.55, 0.72, 0.3, 'nb:.80,en:.15,no:.05'],
  ['DK', 5.8, 'weu', 0.52, 0.5, 0.75, 0.15, 'da:.85,en:.15'],
  ['CH', 8.5, 'weu', 0.52, 0.5, 0.75, 0.4, 'de:.60,fr:.24,it:.07,en:.09'],
  ['AT', 8.3, 'weu', 0.55, 0.38, 0.72, 0.3, 'de:.93,en:.07'],
  ['IE', 4.7, 'weu', 0.58, 0.45, 0.68, 0.25, 'en:.97,ga:.03'],
  ['FI', 5.3, 'weu', 0.55, 0.35, 0.65, 0.4, 'fi:.85,sv:.05,en:.10'],
  ['BE', 10.5, 'weu', 0.52, 0.38, 0.72, 0.6, 'nl:.52,fr:.40,en:.08'],
  ['ES', 43, 'weu', 0.62, 0.22, 0.68, 0.1, 'es:.90,ca:.05,en:.05'],
  ['IT', 52, 'weu', 0.62, 0.25, 0.65, 0.1, 'it:.95,en:.05'],
  ['PT', 8.5, 'weu', 0.6, 0.2, 0.65, 0.35, 'pt:.94,en:.06'],
  ['PL', 33, 'eeu', 0.6, 0.12, 0.62, 0.2, 'pl:.95,en:.05'],
  ['CZ', 9.5, 'eeu', 0.55, 0.2, 0.65, 0.25, 'cs:.93,en:.07'],
  ['JP', 110, 'ea', 0.62, 0.68, 0.55, 0.5, 'ja:.97,en:.03'],
  ['KR', 50, 'ea', 0.65, 0.25, 0.6, 0.15, 'ko:.97,en:.03'],
  ['SG', 5.5, 'sea', 0.62, 0.38, 0.65, 0.2, 'en:.80,zh:.15,ms:.05'],
  ['AE', 9.8, 'mena', 0.68, 0.4, 0.7, 0.35, 'ar:.45,en:.50,hi:.05'],
  ['SA', 35, 'mena', 0.72, 0.4, 0.62, 0.55, 'ar:.88,en:.12'],
  ['IL', 8, 'mena', 0.6, 0.4, 0.65, 0.25, 'he:.85,en:.10,ar:.05'],
  ['GR', 8.5, 'weu', 0.6, 0.18, 0.62, 0.45, 'el:.94,en:.06'],
  ['HU', 8.5, 'eeu', 0.58, 0.15, 0.62, 0.35, 'hu:.95,en:.05'],
  ['SK', 4.8, 'eeu', 0.58, 0.15, 0.62, 0.2, 'sk:.93,cs:.03,en:.04'],
  ['SI', 1.9, 'eeu', 0.55, 0.2, 0.65, 0.2, 'sl:.94,en:.06'],
  ['EE', 1.2, 'eeu', 0.55, 0.25, 0.68, 0.15, 'et:.70,ru:.22,en:.08'],
  ['BR', 165, 'latam', 0.7, 0.15, 0.55, 0.45, 'pt:.97,en:.03'],
  ['MX', 100, 'latam', 0.72, 0.18, 0.55, 0.4, 'es:.97,en:.03'],
  ['AR', 37, 'latam', 0.68, 0.1, 0.58, 0.12, 'es:.97,en:.03'],
  ['CL', 17, 'latam', 0.66, 0.2, 0.6, 0.15, 'es:.97,en:.03'],
  ['CO', 36, 'latam', 0.7, 0.12, 0.58, 0.15, 'es:.97,en:.03'],
  ['PE', 24, 'latam', 0.75, 0.1, 0.5, 0.2, 'es:.95,qu:.02,en:.03'],
  ['RU', 125, 'cis', 0.6, 0.25, 0.55, 0.15, 'ru:.95,en:.05'],
  ['UA', 30, 'cis', 0.65, 0.2, 0.58, 0.1, 'uk:.55,ru:.40,en:.05'],
  ['KZ', 16, 'cis', 0.68, 0.18, 0.55, 0.05, 'ru:.70,kk:.25,en:.05'],
  ['TR', 70, 'mena', 0.7, 0.15, 0.55, 0.05, 'tr:.96,en:.04'],
  ['IN', 700, 'sa', 0.82, 0.04, 0.35, 0.7, 'en:.58,hi:.30,bn:.03,ta:.03,te:.03,mr:.03'],
  ['ID', 200, 'sea', 0.82, 0.08, 0.4, 0.15, 'id:.90,en:.07,jv:.03'],
  ['PH', 80, 'sea', 0.8, 0.1, 0.45, 0.1, 'en:.65,tl:.35'],
  ['TH', 55, 'sea', 0.78, 0.25, 0.5, 0.4, 'th:.94,en:.06'],
  ['VN', 75, 'sea', 0.76, 0.2, 0.5, 0.45, 'vi:.95,en:.05'],
  ['MY', 30, 'sea', 0.75, 0.2, 0.55, 0.5, 'ms:.55,en:.35,zh:.10'],
  ['EG', 70, 'mena', 0.78, 0.08, 0.4, 0.02, 'ar:.92,en:.08'],
  ['NG', 110, 'ssa', 0.85, 0.05, 0.2, 0.02, 'en:.95,ha:.03,yo:.02'],
  ['ZA', 42, 'ssa', 0.75, 0.15, 0.4, 0.05, 'en:.85,af:.10,zu:.05'],
  ['KE', 22, 'ssa', 0.85, 0.05, 0.25, 0.03, 'en:.80,sw:.20'],
  ['PK', 110, 'sa', 0.82, 0.04, 0.3, 0.02, 'en:.45,ur:.55'],
  ['BD', 70, 'sa', 0.82, 0.03, 0.3, 0.05, 'bn:.85,en:.15'],
  ['MA', 32, 'mena', 0.76, 0.08, 0.45, 0.02, 'fr:.50,ar:.45,en:.05'],
  ['RO', 17, 'eeu', 0.62, 0.15, 0.62, 0.2, 'ro:.95,en:.05'],
  ['BG', 5, 'eeu', 0.62, 0.12, 0.6, 0.1, 'bg:.94,en:.06'],
  ['HR', 3.3, 'eeu', 0.58, 0.15, 0.62, 0.1, 'hr:.94,en:.06'],
  ['RS', 6, 'eeu', 0.62, 0.1, 0.6, 0.05, 'sr:.94,en:.06'],
  ['LT', 2.5, 'eeu', 0.58, 0.15, 0.62, 0.15, 'lt:.85,ru:.08,en:.07'],
  ['LV', 1.7, 'eeu', 0.58, 0.15, 0.62, 0.1, 'lv:.62,ru:.32,en:.06'],
  ['BY', 8, 'cis', 0.62, 0.15, 0.58, 0.02, 'ru:.88,be:.08,en:.04'],
  ['UZ', 25, 'cis', 0.78, 0.08, 0.45, 0.02, 'uz:.55,ru:.42,en:.03'],
  ['AZ', 8, 'cis', 0.72, 0.1, 0.5, 0.02, 'az:.80,ru:.17,en:.03'],
  ['GE', 3, 'cis', 0.68, 0.15, 0.55, 0.05, 'ka:.82,ru:.12,en:.06'],
  ['IQ', 30, 'mena', 0.85, 0.12, 0.35, 0.02, 'ar:.85,ku:.12,en:.03'],
  ['JO', 9, 'mena', 0.8, 0.12, 0.5, 0.02, 'ar:.90,en:.10'],
  ['KW', 4.2, 'mena', 0.78, 0.4, 0.6, 0.1, 'ar:.70,en:.30'],
  ['QA', 2.8, 'mena', 0.75, 0.45, 0.65, 0.1, 'ar:.50,en:.50'],
  ['DZ', 33, 'mena', 0.8, 0.05, 0.4, 0.02, 'ar:.55,fr:.42,en:.03'],
  ['TN', 8, 'mena', 0.75, 0.06, 0.45, 0.02, 'ar:.50,fr:.47,en:.03'],
  ['GH', 18, 'ssa', 0.85, 0.06, 0.25, 0.02, 'en:1'],
  ['CI', 12, 'ssa', 0.85, 0.05, 0.25, 0.02, 'fr:.97,en:.03'],
  ['SN', 9, 'ssa', 0.85, 0.04, 0.25, 0.02, 'fr:.95,en:.05'],
  ['CM', 12, 'ssa', 0.85, 0.05, 0.22, 0.02, 'fr:.75,en:.25'],
  ['ET', 25, 'ssa', 0.88, 0.03, 0.15, 0.01, 'am:.70,en:.30'],
  ['TZ', 20, 'ssa', 0.88, 0.03, 0.18, 0.02, 'sw:.70,en:.30'],
  ['UG', 14, 'ssa', 0.88, 0.03, 0.18, 0.02, 'en:.85,lg:.10,sw:.05'],
  ['VE', 20, 'latam', 0.75, 0.08, 0.5, 0.02, 'es:.98,en:.02'],
  ['EC', 14, 'latam', 0.75, 0.12, 0.5, 0.1, 'es:.98,en:.02'],
  ['BO', 8, 'latam', 0.78, 0.08, 0.45, 0.05, 'es:.98,en:.02'],
  ['UY', 3, 'latam', 0.65, 0.15, 0.62, 0.25, 'es:.98,en:.02'],
  ['DO', 8, 'latam', 0.78, 0.15, 0.5, 0.05, 'es:.98,en:.02'],
  ['GT', 10, 'latam', 0.8, 0.1, 0.45, 0.05, 'es:.98,en:.02'],
  ['CR', 4.5, 'latam', 0.7, 0.2, 0.58, 0.1, 'es:.96,en:.04'],
  ['HK', 7, 'ea', 0.65, 0.5, 0.7, 0.4, 'zh:.88,en:.12'],
  ['TW', 21, 'ea', 0.65, 0.45, 0.68, 0.45, 'zh:.97,en:.03'],
  ['LK', 12, 'sa', 0.8, 0.06, 0.4, 0.1, 'si:.60,ta:.15,en:.25'],
  ['NP', 14, 'sa', 0.85, 0.04, 0.3, 0.05, 'ne:.85,en:.15'],
  ['KH', 12, 'sea', 0.82, 0.1, 0.4, 0.05, 'km:.90,en:.10'],
];

/** The countries the network has traffic from (90), biggest first in no particular order. */
export const COUNTRY_PROFILES: readonly CountryProfile[] = ROWS.map(([iso2, users, region, mobile, ios, wifi, ipv6, languages]) => ({ iso2, users, region, mobile, ios, wifi, ipv6, languages }));

/** Android phone makers' shares by region (shares of Android devices; the rest are small makers without a row). */
export const ANDROID_VENDORS: Record<Region, [VendorName, number][]> = {
  na: [['Samsung', 0.55], ['Motorola', 0.16], ['Google', 0.13], ['OnePlus', 0.04], ['TCL', 0.04], ['LG', 0.03], ['ZTE', 0.03]],
  latam: [['Samsung', 0.38], ['Motorola', 0.25], ['Xiaomi', 0.18], ['Huawei', 0.04], ['LG', 0.03], ['OPPO', 0.03], ['Realme', 0.03], ['ZTE', 0.03]],
  weu: [['Samsung', 0.5], ['Xiaomi', 0.19], ['Google', 0.07], ['OPPO', 0.05], ['Huawei', 0.06], ['Motorola', 0.05], ['OnePlus', 0.03], ['Sony', 0.02], ['Nokia', 0.02]],
  eeu: [['Samsung', 0.42], ['Xiaomi', 0.3], ['Huawei', 0.08], ['Motorola', 0.05], ['OPPO', 0.04], ['Realme', 0.04], ['POCO', 0.04], ['Nokia', 0.02]],
  cis: [['Samsung', 0.34], ['Xiaomi', 0.3], ['POCO', 0.08], ['Huawei', 0.08], ['Realme', 0.07], ['Tecno Mobile', 0.06], ['Infinix', 0.03], ['OPPO', 0.03]],
  mena: [['Samsung', 0.4], ['Xiaomi', 0.18], ['OPPO', 0.12], ['Huawei', 0.1], ['Realme', 0.06], ['Vivo', 0.05], ['Tecno Mobile', 0.05], ['Infinix', 0.04]],
  ssa: [['Tecno Mobile', 0.28], ['Samsung', 0.22], ['Infinix', 0.18], ['iTel', 0.14], ['Xiaomi', 0.08], ['Nokia', 0.04], ['Huawei', 0.03], ['OPPO', 0.03]],
  sa: [['Xiaomi', 0.22], ['Samsung', 0.2], ['Vivo', 0.18], ['OPPO', 0.12], ['Realme', 0.12], ['OnePlus', 0.05], ['Infinix', 0.04], ['Motorola', 0.04], ['iTel', 0.03]],
  sea: [['Samsung', 0.25], ['OPPO', 0.2], ['Xiaomi', 0.18], ['Vivo', 0.15], ['Realme', 0.12], ['Infinix', 0.05], ['Huawei', 0.05]],
  ea: [['Samsung', 0.45], ['Sony', 0.13], ['Google', 0.1], ['Xiaomi', 0.1], ['Sharp', 0.08], ['OPPO', 0.06], ['Asus', 0.04], ['LG', 0.04]],
  oce: [['Samsung', 0.55], ['Google', 0.12], ['OPPO', 0.12], ['Xiaomi', 0.08], ['Motorola', 0.06], ['Huawei', 0.04], ['Nokia', 0.03]],
};

/** Countries whose Android mix differs from their region's. */
export const ANDROID_VENDORS_BY_COUNTRY: Record<string, [VendorName, number][]> = {
  KR: [['Samsung', 0.78], ['LG', 0.1], ['Google', 0.04], ['Xiaomi', 0.04]],
  JP: [['Sony', 0.26], ['Sharp', 0.22], ['Google', 0.18], ['Samsung', 0.16], ['OPPO', 0.08], ['Xiaomi', 0.06]],
};

/** Android tablets' makers (Amazon's Fire tablets run Fire OS and count apart). */
export const TABLET_VENDORS: [VendorName, number][] = [['Samsung', 0.6], ['Lenovo', 0.17], ['Xiaomi', 0.12], ['Huawei', 0.11]];

/** Per tier: share of requests filled, CTR, conversion rate and CPM relative to tier 1. */
export const TIER_FACTORS: Record<1 | 2 | 3 | 4, { fill: number; ctr: number; cvr: number; price: number }> = {
  1: { fill: 1, ctr: 0.9, cvr: 1.2, price: 1 },
  2: { fill: 0.92, ctr: 1, cvr: 1, price: 0.55 },
  3: { fill: 0.8, ctr: 1.15, cvr: 0.9, price: 0.22 },
  4: { fill: 0.7, ctr: 1.25, cvr: 0.8, price: 0.14 },
};

/** IAB tier-1 category groups of mainstream sites (id → weight); adult and streaming sites add to 25 and 26. */
export const CATEGORY_GROUP_WEIGHTS: Record<number, number> = {
  1: 0.14, 2: 0.03, 3: 0.03, 4: 0.01, 5: 0.03, 6: 0.02, 7: 0.04, 8: 0.03, 9: 0.07, 10: 0.02, 11: 0.02, 12: 0.09, 13: 0.03,
  14: 0.03, 15: 0.01, 16: 0.01, 17: 0.08, 18: 0.03, 19: 0.1, 20: 0.02, 21: 0.01, 22: 0.05, 23: 0.01, 24: 0.06,
};

/** Price and CTR of a dimension's values relative to the average (value id → [price, ctr]); others are 1. */
export const VALUE_FACTORS: Partial<Record<Dimension, Record<number, [number, number]>>> = {
  operating_system: { 1: [0.85, 1.1], 2: [1.35, 1.15], 3: [1.3, 1], 4: [1, 0.85], 5: [1.3, 0.85], 6: [0.8, 0.8], 8: [0.9, 0.85], 11: [0.4, 1.2], 12: [1.4, 0.2], 13: [1.4, 0.2], 14: [0.9, 1], 18: [1.4, 0.2] },
  traffic_platform: { 1: [1.05, 0.85], 2: [0.95, 1.15], 3: [1.1, 1], 4: [1.6, 0.2] },
  connection_type: { 1: [1.05, 1], 2: [0.9, 1.05] },
  traffic_type: { 1: [1.1, 1], 2: [0.7, 1.3], 3: [1, 1], 4: [1.3, 0.9], 5: [1.4, 0.9], 6: [0.9, 1.1], 7: [0.8, 1.2], 8: [0.9, 1] },
  placement_type: { 1: [1.25, 1.2], 2: [0.8, 0.8], 3: [1.1, 1.1], 4: [0.85, 0.8], 5: [0.6, 0.6], 6: [1, 1] },
  ip2location_type: { 7: [0.3, 0.5], 10: [0.3, 0.5], 11: [0.1, 0.1] },
  device_vendor: { 1: [1.35, 1.1] },
};
