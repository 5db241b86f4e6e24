/**
 * A flat deal's price rule, exact to the cent: a package of `value` units costs value / per × rate, rounded half up
 * to the cent (the subtotal), less the largest volume discount step it reaches (its percent of the subtotal, rounded
 * half up to the cent). Prices never pass through a float.
 */
import { compareDecimals, formatDecimal, parseDecimal, roundDecimal, type Decimal } from '../../../engine/format/decimal';
import { phrase, type Phrase } from '../../i18n/phrase';
import type { MarketplaceFlatDealPriceAnswer } from '../../../generated/types';
import type { DealLimit, LimitType, VolumeDiscount } from './tables';

/** What a deal's price depends on. */
export interface PriceRules {
  limits: readonly DealLimit[];
  volumeDiscounts: readonly VolumeDiscount[];
}

/** Why a package has no price: the field at fault and the message. */
export interface PriceProblem {
  field: 'limit_type' | 'limit_value';
  message: Phrase;
}

/** A package's price (POST flat-deals/{id}/price answers it with the network's currency). */
export type PriceQuote = Omit<MarketplaceFlatDealPriceAnswer, 'currency'>;

/** Multiplies exactly. */
const times = (a: Decimal, b: Decimal): Decimal => ({ units: a.units * b.units, scale: a.scale + b.scale });

/** Divides by a power of ten exactly (`per` is 1, 10, 100, 1000 …). */
function dividedBy(a: Decimal, per: number): Decimal {
  const digits = Math.log10(per);
  if (!Number.isInteger(digits) || digits < 0) throw new Error(`A deal's rate must be per a power of ten units, not per ${per}`);
  return { units: a.units, scale: a.scale + digits };
}

/** The discount step a package of `value` reaches (percent as a decimal string), or undefined. */
export function discountStep(rules: PriceRules, limit: DealLimit, value: number): VolumeDiscount | undefined {
  let best: VolumeDiscount | undefined;
  for (const step of rules.volumeDiscounts) {
    if (value >= step.times_minimum * limit.min_value && (!best || step.times_minimum > best.times_minimum)) best = step;
  }
  return best;
}

/**
 * The price of a package, or why it has none (a limit type the deal is not sold by, a size outside its range).
 * @example
 * priceOf({ limits: [{ limit_type: 'impressions', rate: '2.5000', per: 1000, min_value: 10000, max_value: 1000000 }], volumeDiscounts: [] }, 'impressions', 50000);
 * // { price: '125.00', subtotal: '125.00', discount: '0.00', … }
 */
export function priceOf(rules: PriceRules, limitType: LimitType, value: number): PriceQuote | PriceProblem {
  const limit = rules.limits.find((l) => l.limit_type === limitType);
  if (!limit) {
    return { field: 'limit_type', message: phrase('Choose one of: {choices}', { choices: rules.limits.map((l) => l.limit_type).join(', ') }) };
  }
  if (!Number.isInteger(value) || value < limit.min_value || value > limit.max_value) {
    return { field: 'limit_value', message: phrase('Choose from {min} to {max}.', { min: limit.min_value, max: limit.max_value }) };
  }
  const rate = parseDecimal(limit.rate);
  const subtotal = roundDecimal(dividedBy(times(parseDecimal(value), rate), limit.per), 2);
  const step = discountStep(rules, limit, value);
  const percent = parseDecimal(step?.percent ?? '0');
  const discount = roundDecimal(dividedBy(times(subtotal, percent), 100), 2);
  const price: Decimal = { units: subtotal.units - discount.units, scale: 2 };
  return {
    limit_type: limitType,
    limit_value: value,
    rate: formatDecimal(rate, 4),
    per: limit.per,
    subtotal: formatDecimal(subtotal, 2),
    discount_percent: formatDecimal(percent, 2),
    discount: formatDecimal(discount, 2),
    price: formatDecimal(price, 2),
  };
}

/** Whether `priceOf` answered a price. */
export const isPriced = (result: PriceQuote | PriceProblem): result is PriceQuote => 'price' in result;

/** Compares two prices given as decimal strings. */
export const comparePrices = (a: string, b: string) => compareDecimals(parseDecimal(a), parseDecimal(b));
