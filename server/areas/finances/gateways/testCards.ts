/**
 * The sandbox's test cards, Stripe's numbers with Stripe's meanings, and the checks a card form makes. Card numbers
 * live only in the request that carries them: nothing here stores or logs one.
 */

/** What paying with a card does. */
export type CardBehaviour = 'succeeds' | 'declined' | 'insufficient_funds' | 'challenge' | 'declines_later';

/** The cards the hosted page lists (any other valid number succeeds). */
export const TEST_CARDS: readonly { number: string; behaviour: CardBehaviour }[] = [
  { number: '4242424242424242', behaviour: 'succeeds' },
  { number: '4000000000000002', behaviour: 'declined' },
  { number: '4000000000009995', behaviour: 'insufficient_funds' },
  { number: '4000000000003220', behaviour: 'challenge' },
  { number: '4000000000000341', behaviour: 'declines_later' },
];

/** The code the sandbox's "bank" expects on the confirmation page. */
export const CHALLENGE_CODE = '123456';

/** What a card number does (digits only). */
export const behaviourOf = (digits: string): CardBehaviour => TEST_CARDS.find((c) => c.number === digits)?.behaviour ?? 'succeeds';

/** The Luhn checksum every real card number satisfies. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** The card form as typed. */
export interface CardInput {
  number: string;
  expiry: string;
  cvc: string;
  name: string;
}

export type CardField = keyof CardInput;
export type CardProblem = 'numberMissing' | 'numberInvalid' | 'expiryInvalid' | 'expired' | 'cvcInvalid' | 'nameMissing';

/** A card that passed the form's checks. */
export interface CheckedCard {
  digits: string;
  last4: string;
}

export type CardCheck = { card: CheckedCard } | { problems: Partial<Record<CardField, CardProblem>>; last4: string | null };

/** MM/YY, MM/YYYY, M/YY or MMYY, as month and full year; null when it is none of them. */
function parseExpiry(text: string): { month: number; year: number } | null {
  const match = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(text) ?? /^(\d{2})(\d{2})$/.exec(text);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2].length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  return month >= 1 && month <= 12 ? { month, year } : null;
}

/** Checks a card form as a processor's page would: the number's checksum, an expiry not past (UTC), a CVC and a name. */
export function checkCard(input: CardInput, now: Date): CardCheck {
  const problems: Partial<Record<CardField, CardProblem>> = {};
  const digits = input.number.replace(/[\s-]/g, '');
  const typedDigits = input.number.replace(/\D/g, '');
  if (!digits) problems.number = 'numberMissing';
  else if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) problems.number = 'numberInvalid';
  const expiry = parseExpiry(input.expiry.trim());
  const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
  if (!expiry || expiry.year > now.getUTCFullYear() + 20) problems.expiry = 'expiryInvalid';
  else if (expiry.year * 12 + (expiry.month - 1) < thisMonth) problems.expiry = 'expired';
  if (!/^\d{3,4}$/.test(input.cvc.trim())) problems.cvc = 'cvcInvalid';
  if (!input.name.trim()) problems.name = 'nameMissing';
  if (Object.keys(problems).length) return { problems, last4: typedDigits.length >= 4 ? typedDigits.slice(-4) : null };
  return { card: { digits, last4: digits.slice(-4) } };
}
