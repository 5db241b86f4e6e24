/**
 * Shapes of the campaign pages. The API's answers are generated from schemas/campaigns/*.answer.schema.json
 * (generated/types.ts): import those from there; what is left here has no schema yet.
 */

/** A campaign group with how many campaigns it holds. */
export interface CampaignGroup {
  id: number;
  name: string;
  campaigns: number;
}

/** What the traffic estimate answers (`POST available-traffic`), per day; money as decimal strings. */
export interface TrafficEstimate {
  requests: number;
  impressions: number;
  clicks: number;
  available_impressions?: number;
  recommended_price: string | null;
  minimum_price?: string | null;
  win_rate_at_price?: number | null;
  unnarrowed_targets?: string[];
  [key: string]: unknown;
}

/** One country of `POST available-traffic-by-country`. */
export interface CountryEstimate {
  country_id: number;
  name: string;
  iso2?: string;
  impressions: number;
  clicks: number;
  recommended_price: string | null;
  [key: string]: unknown;
}
