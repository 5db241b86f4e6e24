import type { Approval } from '../ads/AdStore';

/** One condition of an updating rule (values are decimal strings). */
export interface RuleCondition {
  field: string;
  operation: 'greater' | 'equal' | 'less';
  value: string;
}

/** An updating rule as the API answers it. */
export interface UpdatingRule {
  id: number;
  campaign_id: number;
  action: string;
  is_active: boolean;
  period_days: number;
  conditions: RuleCondition[];
  created_at: string;
}

/** Statistics over some days; money as a decimal string. */
export interface CampaignTotals {
  impressions: number;
  clicks: number;
  conversions: number;
  spend: string;
}

/** A saved campaign (`GET campaigns/{id}`). */
export interface Campaign {
  id: number;
  name: string;
  status: 'active' | 'paused' | 'archived';
  next_status: 'active' | 'paused' | null;
  actions: { edit: boolean; duplicate: boolean; delete: boolean; activate: boolean; pause: boolean };
  ad: { id: number; name: string; format: string };
  ad_format: { id: string; name: string };
  campaign_group: { id: number; name: string } | null;
  pricing_model: string;
  price: string;
  limit_type: string;
  hourly_limit: string | null;
  daily_limit: string | null;
  total_limit: string | null;
  limit_exceeded_name: string | null;
  reserved_balance: string;
  cpa_status: string;
  targets: Record<string, Record<string, unknown>>;
  updating_rules: UpdatingRule[];
  latest_approval: Approval | null;
  approvals: Approval[];
  model: Record<string, unknown>;
  statistics: { days: number; totals: CampaignTotals; daily: ({ day: string } & CampaignTotals)[] };
  created_at: string;
}

/** A row of `GET campaigns`. */
export interface CampaignRow extends Record<string, unknown> {
  id: number;
  name: string;
  status: 'active' | 'paused' | 'archived';
  next_status: string | null;
  approval: string | null;
  ad_format: string;
  ad: { id: number; name: string };
  group: { id: number; name: string } | null;
  pricing_model: string;
  price: string;
  limit_type: string;
  hourly_limit: string | null;
  daily_limit: string | null;
  total_limit: string | null;
  spend: string;
  spend_today: string;
  reserved_balance: string;
  created_at: string;
}

/** A ready-made variant of a campaign (`GET campaigns/{id}/offers`). */
export interface CampaignOffer {
  id: string;
  title: string;
  description: string;
  model: Record<string, unknown>;
  changed: string[];
}

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
