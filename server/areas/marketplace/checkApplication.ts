/**
 * The rules of an application beyond its schema: the deal must be available, the package priced by the deal's rules,
 * the period within what the deal allows, and the creative format one the deal's format takes.
 */
import type { MarketplaceFlatDealApplication } from '../../../generated/types';
import { invalidData, type FieldErrors } from '../../httpError';
import { phrase, type Phrase } from '../../i18n/phrase';
import { isPriced, priceOf } from './pricing';
import type { ApplicationInput, FlatDealRecord } from './repository';

/** How far ahead a deal may be booked. */
export const BOOKING_HORIZON_DAYS = 180;

const DAY = 86_400_000;
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY;
/** The date `days` after `date` (YYYY-MM-DD, UTC). */
export const addDays = (date: string, days: number) => new Date((dayNumber(date) + days) * DAY).toISOString().slice(0, 10);
/** Days from `from` to `to`, both counted. */
export const daysBetween = (from: string, to: string) => dayNumber(to) - dayNumber(from) + 1;

/**
 * The application to save, priced, or a 422 naming each field at fault.
 * @param today the current date (UTC), which the deal's lead time counts from
 * @throws {HttpError} 422 with the field errors
 */
export function checkApplication(
  body: MarketplaceFlatDealApplication,
  deal: FlatDealRecord,
  context: { today: string; currency: string; creativeFormats: readonly string[] },
): ApplicationInput {
  const errors: FieldErrors = {};
  const fail = (field: string, message: Phrase) => (errors[field] ??= []).push(message);

  if (deal.status !== 'available') fail('flat_deal_id', phrase('This deal is sold out. Choose a similar one.'));
  const quote = priceOf(deal, body.limit_type, body.limit_value);
  if (!isPriced(quote)) fail(quote.field, quote.message);

  const earliest = addDays(context.today, deal.leadDays);
  const latest = addDays(context.today, BOOKING_HORIZON_DAYS);
  if (body.starts_on < earliest) fail('starts_on', phrase('The deal can start on {date} at the earliest.', { date: earliest }));
  else if (body.starts_on > latest) fail('starts_on', phrase('Start by {date}: deals are booked up to {days} days ahead.', { date: latest, days: BOOKING_HORIZON_DAYS }));
  const days = daysBetween(body.starts_on, body.ends_on);
  if (days < 1) fail('ends_on', phrase('The end is before the start.'));
  else if (days > deal.maxDays) fail('ends_on', phrase('The deal runs for {days} days at most.', { days: deal.maxDays }));
  else if (body.limit_type === 'days' && days !== body.limit_value) {
    fail('ends_on', phrase('A package of {days} days ends on {date}.', { days: body.limit_value, date: addDays(body.starts_on, body.limit_value - 1) }));
  }

  const creativeFormat = body.creative_format ?? null;
  if (context.creativeFormats.length && creativeFormat === null) fail('creative_format', phrase('Choose the creative format.'));
  else if (creativeFormat !== null && !context.creativeFormats.includes(creativeFormat)) {
    fail('creative_format', context.creativeFormats.length ? phrase('Choose one of: {choices}', { choices: context.creativeFormats.join(', ') }) : phrase('This deal takes no creative format.'));
  }

  if (Object.keys(errors).length || !isPriced(quote)) throw invalidData(errors);
  return {
    flatDealId: deal.id,
    limitType: body.limit_type,
    limitValue: body.limit_value,
    price: quote.price,
    currency: context.currency,
    startsOn: body.starts_on,
    endsOn: body.ends_on,
    creativeFormat,
    contactNote: body.contact_note?.trim() || null,
  };
}
