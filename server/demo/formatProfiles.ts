/**
 * The demo network's numbers per ad format (formatProfiles.json, checked against formatProfiles.schema.json):
 * traffic volume, fill, CTR, conversion rate, price, device bias, traffic types and placements for the traffic
 * and event generators, and which demo sites sell it. Demo data only; what a format *is* (pricing models,
 * targets, flat deals) stays in its schemas/ad-formats/<id>/format.json. A format the file does not list gets
 * `default`, so a format added as a folder of JSON has traffic, statistics and sites that sell it.
 */
import { Ajv, type ValidateFunction } from 'ajv';
import { formatSchemaError } from '../config/formatSchemaError';
import data from './formatProfiles.json';
import schema from './formatProfiles.schema.json';

/** A probability that replaces the one before it, or `{ atLeast }`, which only raises it. */
export type SellChance = number | { atLeast: number };

/** Which demo sites sell a format (see formatProfiles.schema.json). */
export interface SellProfile {
  chance: number;
  tube?: SellChance;
  /** Traffic type id → chance. */
  trafficTypes?: Record<string, SellChance>;
  /** IAB category group id → chance. */
  categoryGroups?: Record<string, SellChance>;
  premium?: SellChance;
  slot?: 'page' | 'full-screen';
  inContent?: number;
}

/**
 * One ad format's traffic: daily requests of the whole network, fill (impressions per request, tier 1), CTR
 * (clicks per impression), conversion rate (per click), tier-1 CPM in USD, phone bias (× the country's phone
 * share), the iPhone factor (× the country's iPhone share: web push barely reaches iOS), the weekend swing,
 * how many countries buy it, traffic types and placements, and who sells it.
 */
export interface FormatProfile {
  requests: number;
  fill: number;
  ctr: number;
  cvr: number;
  cpm: number;
  mobile: number;
  ios: number;
  weekend: number;
  countries: number;
  /** Traffic type id → weight (collections/traffic-types). */
  trafficTypes: Record<number, number>;
  /** Placement type id → weight; formats without placements leave it out. */
  placements?: Record<number, number>;
  /** Only iPhones and iPads (iOS calendar). */
  iosOnly?: boolean;
  /** Smart TVs watch it (in-stream video). */
  tv?: boolean;
  /** Share of impressions played to the end (in-stream video); 0 for the rest. */
  videoViews?: number;
  sell: SellProfile;
}

/** The demo data file is not what its schema says; names the file, the JSON path and the problem. */
export class DemoDataError extends Error {
  override name = 'DemoDataError';
}

interface ProfilesFile {
  default: FormatProfile;
  formats: Record<string, Partial<FormatProfile>>;
}

let checked: ProfilesFile | undefined;

/**
 * The file, checked once.
 * @throws {DemoDataError} listing every problem as `server/demo/formatProfiles.json: /json/path what is wrong`.
 */
export function profilesFile(file: unknown = data): ProfilesFile {
  if (file === data && checked) return checked;
  const ajv = new Ajv({ allErrors: true, verbose: true, strict: false });
  const validate: ValidateFunction = ajv.compile(schema);
  if (!validate(file)) {
    throw new DemoDataError((validate.errors ?? []).map((e) => `server/demo/formatProfiles.json: ${formatSchemaError(e)}`).join('\n'));
  }
  const result = file as ProfilesFile;
  if (file === data) checked = result;
  return result;
}

const merged = new Map<string, FormatProfile>();

/** A format's profile: its entry over the default one (`sell` merged key by key too). */
export function formatProfile(id: string): FormatProfile {
  let profile = merged.get(id);
  if (!profile) {
    const { default: fallback, formats } = profilesFile();
    const own = Object.hasOwn(formats, id) ? formats[id] : {};
    profile = { ...fallback, ...own, sell: { ...fallback.sell, ...own.sell } };
    merged.set(id, profile);
  }
  return profile;
}

/** The formats the file lists, in its order (the order demo sites draw them in). */
export const listedFormats = (): string[] => Object.keys(profilesFile().formats);
