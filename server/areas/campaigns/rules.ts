import { parseDecimal, type Decimal } from '../../../engine/format/decimal';
import type { CampaignTotals, RuleCondition } from '../../../generated/types';


/** Units of a decimal at a fixed scale (4 places), so ratios compare by cross-multiplying integers, never floats. */
const SCALE = 4;
function units(d: Decimal): bigint {
  return d.scale <= SCALE ? d.units * 10n ** BigInt(SCALE - d.scale) : d.units / 10n ** BigInt(d.scale - SCALE);
}

/**
 * A metric as a fraction `numerator / denominator` (both integers at 4 decimal places for money): cost, counts,
 * CTR in percent (clicks × 100 / impressions), cost per conversion, per click and per thousand impressions.
 * `null` when the metric does not exist for these numbers (no clicks: no cost per click).
 */
function metric(field: string, t: CampaignTotals): { num: bigint; den: bigint } | null {
  const cost = units(parseDecimal(t.spend));
  const one = 10n ** BigInt(SCALE);
  const count = (n: number) => BigInt(n) * one;
  switch (field) {
    case 'cost':
      return { num: cost, den: 1n };
    case 'impressions':
      return { num: count(t.impressions), den: 1n };
    case 'clicks':
      return { num: count(t.clicks), den: 1n };
    case 'conversions':
      return { num: count(t.conversions), den: 1n };
    case 'ctr':
      return t.impressions ? { num: count(t.clicks) * 100n, den: BigInt(t.impressions) } : null;
    case 'cpa':
      return t.conversions ? { num: cost, den: BigInt(t.conversions) } : null;
    case 'cpc':
      return t.clicks ? { num: cost, den: BigInt(t.clicks) } : null;
    case 'cpm':
      return t.impressions ? { num: cost * 1000n, den: BigInt(t.impressions) } : null;
    default:
      return null;
  }
}

/** Whether one condition holds for a campaign's statistics over the rule's period. */
export function conditionHolds(condition: RuleCondition, totals: CampaignTotals): boolean {
  const m = metric(condition.field, totals);
  if (!m) return false;
  const left = m.num;
  const right = units(parseDecimal(condition.value)) * m.den;
  if (condition.operation === 'greater') return left > right;
  if (condition.operation === 'less') return left < right;
  return left === right;
}

/** Whether every condition of a rule holds (a rule without conditions never acts). */
export function ruleMatches(conditions: readonly RuleCondition[], totals: CampaignTotals): boolean {
  return conditions.length > 0 && conditions.every((c) => conditionHolds(c, totals));
}

/** The first day (YYYY-MM-DD, UTC) of a period of `days` days that ends today. */
export function periodStart(days: number, now = new Date()): string {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (days - 1)));
  return start.toISOString().slice(0, 10);
}
