import { addDecimals, compareDecimals, formatDecimal, parseDecimal } from '../../../engine/format/decimal';
import { MINIMUM_LIMITS } from '../../settings/campaignRules';

/** What `reserveFor` needs of a campaign. */
interface Budgeted {
  limitType: string;
  dailyLimit: string | null;
}

/**
 * The money an active campaign holds back from the balance so that several campaigns cannot spend the same
 * dollar: its daily money limit, or the smallest daily money limit when it is limited by impressions or clicks
 * (or not at all), but never more than the money still free. `null` when nothing is free: the campaign cannot start.
 * @example reserveFor({ limitType: 'money', dailyLimit: '50.00' }, '30.00') // '30.00'
 */
export function reserveFor(campaign: Budgeted, available: string): string | null {
  const free = parseDecimal(available);
  if (compareDecimals(free, parseDecimal('0')) <= 0) return null;
  const wanted = parseDecimal(campaign.limitType === 'money' && campaign.dailyLimit ? campaign.dailyLimit : MINIMUM_LIMITS.money.daily);
  return formatDecimal(compareDecimals(wanted, free) <= 0 ? wanted : free, 2);
}

/** `a − b` for money strings, exactly, to 2 decimals. */
export function subtractMoney(a: string, b: string): string {
  const minus = parseDecimal(b);
  return formatDecimal(addDecimals(parseDecimal(a), { units: -minus.units, scale: minus.scale }), 2);
}
