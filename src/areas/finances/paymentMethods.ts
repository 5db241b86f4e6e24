import { addDecimals, compareDecimals, formatDecimal, parseDecimal, tryParseDecimal } from '../../../engine/format';
import { pickTranslation } from '../../../engine/i18n/pickTranslation';
import type { QuoteRules } from '../../../engine/money/quote';
import type { GlobalSettings } from '../../../generated/types';

/** One way to pay of the network (`GET settings` → `payment_methods`). */
export type PaymentMethod = GlobalSettings['payment_methods'][number];

/** A method's name and description in the user's language: the locale's, else English, else the first given. */
export function methodText(method: PaymentMethod, locale: string): { name: string; description: string } {
  const found = pickTranslation(method.translations, locale);
  return { name: found?.name ?? method.type, description: found?.description ?? '' };
}

/** The fee and bonus rules of a method, as the quote takes them. */
export function quoteRules(method: PaymentMethod): QuoteRules {
  return { feePercent: method.fee_percent, bonuses: method.bonuses.map((b) => ({ bonusPercent: b.bonus_percent, fromAmount: b.from_amount })) };
}

/** The bonus tiers from the smallest amount up. */
export function bonusTiers(method: PaymentMethod): PaymentMethod['bonuses'] {
  return [...method.bonuses].sort((a, b) => compareDecimals(parseDecimal(a.from_amount), parseDecimal(b.from_amount)));
}

/** A method paid by bank transfer against an invoice (not through a gateway's page). */
export const isInvoiceMethod = (method: PaymentMethod) => method.strategy === 'invoice';

/** Amounts to offer as one-click choices: the minimum, round amounts, and each bonus tier's threshold, within the bounds; at most five. */
export function quickAmounts(method: PaymentMethod): string[] {
  const min = parseDecimal(method.min_add_funds_amount);
  const max = parseDecimal(method.max_add_funds_amount);
  const candidates = [method.min_add_funds_amount, '100', '250', '500', '1000', '2500', '5000', ...method.bonuses.map((b) => b.from_amount)];
  const inside = candidates
    .map((c) => parseDecimal(c))
    .filter((d) => compareDecimals(d, min) >= 0 && compareDecimals(d, max) <= 0)
    .sort(compareDecimals);
  const unique: string[] = [];
  for (const d of inside) {
    const text = formatDecimal(d, 2);
    if (!unique.includes(text)) unique.push(text);
  }
  if (unique.length <= 5) return unique;
  // Keep the minimum and the bonus thresholds first, then the round amounts nearest the minimum.
  const tiers = new Set(method.bonuses.map((b) => formatDecimal(parseDecimal(b.from_amount), 2)));
  const keep = unique.filter((a, i) => i === 0 || tiers.has(a));
  for (const a of unique) if (keep.length < 5 && !keep.includes(a)) keep.push(a);
  return keep.sort((a, b) => compareDecimals(parseDecimal(a), parseDecimal(b)));
}

/** The next bonus tier above `amount`, and how much more reaches it; null when none is left (or the amount is not a number). */
export function nextBonus(method: PaymentMethod, amount: string): { percent: string; from: string; missing: string } | null {
  const value = tryParseDecimal(amount || '0');
  if (!value) return null;
  const next = bonusTiers(method).find((b) => compareDecimals(parseDecimal(b.from_amount), value) > 0);
  if (!next) return null;
  const from = parseDecimal(next.from_amount);
  const missing = addDecimals(from, { units: -value.units, scale: value.scale });
  return { percent: next.bonus_percent, from: formatDecimal(from, 2), missing: formatDecimal(missing, 2) };
}

/** Why an amount cannot be paid with a method, or null when it can. */
export type AmountProblem = { kind: 'required' } | { kind: 'format' } | { kind: 'min'; limit: string } | { kind: 'max'; limit: string };

/** The amount as POST payments takes it: at most 9 digits and 2 decimals, between the method's minimum and maximum. */
export function amountProblem(method: PaymentMethod | undefined, amount: string): AmountProblem | null {
  if (!amount) return { kind: 'required' };
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(amount)) return { kind: 'format' };
  if (!method) return null;
  const value = parseDecimal(amount);
  if (compareDecimals(value, parseDecimal(method.min_add_funds_amount)) < 0) return { kind: 'min', limit: formatDecimal(parseDecimal(method.min_add_funds_amount), 2) };
  if (compareDecimals(value, parseDecimal(method.max_add_funds_amount)) > 0) return { kind: 'max', limit: formatDecimal(parseDecimal(method.max_add_funds_amount), 2) };
  return null;
}
