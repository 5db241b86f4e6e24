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

/**
 * The reserve of an active campaign after its limits were saved (probe finding F18): the same figure as on
 * activation — the new daily money limit (or the smallest one), capped by the money the user's other active
 * campaigns leave free — so a raise holds more, a lower limit frees money at once. An edit never stops a running
 * campaign: when nothing is free (the balance fell below what the other campaigns hold) it keeps running and
 * holds 0.00, never money that is not there.
 * @example reserveAfterEdit({ limitType: 'money', dailyLimit: '100000.00' }, '1000.00') // '1000.00'
 */
export function reserveAfterEdit(campaign: Budgeted, available: string): string {
  return reserveFor(campaign, available) ?? '0.00';
}

/** `a − b` for money strings, exactly, to 2 decimals. */
export function subtractMoney(a: string, b: string): string {
  const minus = parseDecimal(b);
  return formatDecimal(addDecimals(parseDecimal(a), { units: -minus.units, scale: minus.scale }), 2);
}
