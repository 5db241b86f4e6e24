/**
 * The campaign rules the server enforces and `GET settings` tells the panel: the lowest price per pricing model
 * (decimal strings: per click, per thousand impressions, per conversion) and the lowest limit per type and period.
 */
export const MINIMUM_PRICES: Readonly<Record<string, string>> = Object.freeze({
  cpc: '0.0050',
  cpm: '0.0500',
  cpa: '0.1000',
  cpm_goal: '0.0500',
  cpc_goal: '0.0050',
});

/** Money limits are decimal strings (2 places); impressions and clicks are counts. */
export const MINIMUM_LIMITS = Object.freeze({
  money: { hourly: '1.00', daily: '10.00', total: '20.00' },
  impressions: { hourly: 100, daily: 1000, total: 1000 },
  clicks: { hourly: 10, daily: 50, total: 100 },
});

/** Actions, condition fields and bounds of campaign updating rules. */
export const UPDATING_RULES = Object.freeze({
  actions: ['pause', 'activate', 'increase_price', 'decrease_price', 'blacklist_site', 'blacklist_spot'],
  condition_fields: ['cost', 'impressions', 'clicks', 'ctr', 'conversions', 'cpa', 'cpc', 'cpm'],
  operations: ['greater', 'equal', 'less'],
  period_days: [1, 3, 7, 14, 30],
  max_conditions: 5,
});

/** Which pricing models of a format may use smart bidding (bids that follow conversions need a click or an impression price). */
export function smartBiddingFor(format: { pricing_models: string[] }): Record<string, boolean> {
  return Object.fromEntries(format.pricing_models.map((m) => [m, m === 'cpc' || m === 'cpm']));
}
