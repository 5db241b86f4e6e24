/**
 * Shapes of the campaign pages. The API's answers are generated from schemas/campaigns/*.answer.schema.json and
 * schemas/traffic/*.answer.schema.json (generated/types.ts): import those from there; what is left here has no schema yet.
 */

/** A campaign group with how many campaigns it holds. */
export interface CampaignGroup {
  id: number;
  name: string;
  campaigns: number;
}
