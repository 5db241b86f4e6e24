/**
 * The bounds of a campaign's price, in one place for the two ways a price changes: the user's
 * `POST campaigns/{id}/price` and an updating rule's 10 % step (ruleRuns.ts).
 */
import { compareDecimals, formatDecimal, parseDecimal } from '../../../engine/format/decimal';
import { MINIMUM_PRICES } from '../../settings/campaignRules';

/** The highest price the price call's schema lets through (campaign-price.schema.json: 9 digits, 4 decimals). */
export const MAXIMUM_PRICE = '999999999.9999';

/** Why a price is out of bounds for its pricing model, or null when it is within them. */
export function priceOutOfBounds(pricingModel: string, price: string): 'below_minimum' | 'above_maximum' | null {
  const minimum = MINIMUM_PRICES[pricingModel];
  if (minimum && compareDecimals(parseDecimal(price), parseDecimal(minimum)) < 0) return 'below_minimum';
  if (compareDecimals(parseDecimal(price), parseDecimal(MAXIMUM_PRICE)) > 0) return 'above_maximum';
  return null;
}

/**
 * The price one 10 % step up or down (4 decimals, half up), held within the bounds: a step that would cross the
 * minimum or the maximum stops at it, so a rule never sets a price the price call would refuse. Equal to `price`
 * when it already sits on the bound it moves towards.
 * @example
 * steppedPrice('cpm', '1.2500', 'up'); // '1.3750'
 * steppedPrice('cpc', '0.0052', 'down'); // '0.0050' (the cpc minimum)
 */
export function steppedPrice(pricingModel: string, price: string, direction: 'up' | 'down'): string {
  const d = parseDecimal(price);
  // × 1.1 or × 0.9 exactly: units × 11 (or 9) at one more decimal place.
  const stepped = formatDecimal({ units: d.units * (direction === 'up' ? 11n : 9n), scale: d.scale + 1 }, 4);
  const bound = priceOutOfBounds(pricingModel, stepped);
  const held = bound === 'below_minimum' ? formatDecimal(parseDecimal(MINIMUM_PRICES[pricingModel]!), 4) : bound === 'above_maximum' ? MAXIMUM_PRICE : stepped;
  // A price already outside the bounds (saved before a minimum rose) never moves against the step.
  const against = compareDecimals(parseDecimal(held), d) === (direction === 'up' ? -1 : 1);
  return against ? formatDecimal(d, 4) : held;
}
