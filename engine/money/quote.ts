/**
 * What a top-up of `amount` brings: the fee kept from it (a percent), the bonus added (the percent of the highest
 * tier the amount reaches) and what reaches the balance. Exact decimals, 2 places, rounded half up; the server
 * charges and the add-funds page shows the same figures because both call this.
 */
import { addDecimals, compareDecimals, formatDecimal, parseDecimal, roundDecimal, type Decimal } from '../format/decimal';

/** The fee and bonus rules of one way to pay (decimal strings). */
export interface QuoteRules {
  feePercent: string;
  bonuses: readonly { bonusPercent: string; fromAmount: string }[];
}

/** A top-up's figures, decimal strings with 2 places. */
export interface Quote {
  amount: string;
  fee: string;
  bonus: string;
  /** amount − fee + bonus. */
  credited: string;
  /** The bonus percent applied ('0.00' for none). */
  bonusPercent: string;
}

const percentOf = (amount: Decimal, percent: string): Decimal => {
  const p = parseDecimal(percent);
  return roundDecimal({ units: amount.units * p.units, scale: amount.scale + p.scale + 2 }, 2);
};

/**
 * The quote for `amount` under `rules`.
 * @example quote('1000', { feePercent: '3', bonuses: [{ bonusPercent: '5', fromAmount: '1000' }] })
 * // { amount: '1000.00', fee: '30.00', bonus: '50.00', credited: '1020.00', bonusPercent: '5.00' }
 */
export function quote(amount: string, rules: QuoteRules): Quote {
  const paid = roundDecimal(parseDecimal(amount), 2);
  const tier = [...rules.bonuses]
    .filter((b) => compareDecimals(paid, parseDecimal(b.fromAmount)) >= 0)
    .sort((a, b) => compareDecimals(parseDecimal(b.fromAmount), parseDecimal(a.fromAmount)))[0];
  const fee = percentOf(paid, rules.feePercent);
  const bonus = tier ? percentOf(paid, tier.bonusPercent) : parseDecimal('0');
  const credited = addDecimals(addDecimals(paid, { units: -fee.units, scale: fee.scale }), bonus);
  return {
    amount: formatDecimal(paid, 2),
    fee: formatDecimal(fee, 2),
    bonus: formatDecimal(bonus, 2),
    credited: formatDecimal(credited, 2),
    bonusPercent: formatDecimal(parseDecimal(tier?.bonusPercent ?? '0'), 2),
  };
}
