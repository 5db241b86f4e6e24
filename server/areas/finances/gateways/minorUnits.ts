/**
 * Amounts as processors take them: an integer count of the currency's smallest unit, computed from the decimal
 * string exactly (no float ever holds money). The exponents are Stripe's (docs.stripe.com/currencies).
 */

/** Currencies charged in whole units. */
const ZERO_DECIMAL = new Set(['BIF', 'CLP', 'DJF', 'GNF', 'JPY', 'KMF', 'KRW', 'MGA', 'PYG', 'RWF', 'UGX', 'VND', 'VUV', 'XAF', 'XOF', 'XPF']);
/** Currencies with three decimals. */
const THREE_DECIMAL = new Set(['BHD', 'JOD', 'KWD', 'OMR', 'TND']);
/** Two-decimal on the wire but charged in whole units only (Stripe: ISK amounts must be divisible by 100). */
const WHOLE_ONLY = new Set(['ISK']);

/** How many decimals a currency's smallest unit has (0, 2 or 3). */
export function minorUnitExponent(currency: string): 0 | 2 | 3 {
  const code = currency.toUpperCase();
  if (ZERO_DECIMAL.has(code)) return 0;
  return THREE_DECIMAL.has(code) ? 3 : 2;
}

/**
 * The amount in the currency's smallest unit: "1250.50" USD → 125050, "1000" JPY → 1000, "1.5" KWD → 1500.
 * @throws when the amount is not a positive plain decimal, or has a fraction the currency cannot charge
 *   ("1000.50" JPY), or is too large to be an exact integer.
 */
export function toMinorUnits(amount: string, currency: string): number {
  const match = /^(\d{1,15})(?:\.(\d{1,6}))?$/.exec(amount);
  if (!match) throw new Error(`Not a plain positive decimal amount: "${amount}"`);
  const exponent = minorUnitExponent(currency);
  const fraction = match[2] ?? '';
  const whole = WHOLE_ONLY.has(currency.toUpperCase());
  const kept = whole ? 0 : exponent;
  if (/[1-9]/.test(fraction.slice(kept))) throw new Error(`${amount} ${currency} cannot be charged exactly: ${currency} has ${kept === 0 ? 'no minor unit' : `${kept} decimals`}`);
  const units = BigInt(match[1]) * 10n ** BigInt(exponent) + BigInt(fraction.slice(0, exponent).padEnd(exponent, '0') || '0');
  if (units <= 0n) throw new Error(`The amount must be positive: "${amount}"`);
  if (units > BigInt(Number.MAX_SAFE_INTEGER)) throw new Error(`The amount is too large: "${amount}"`);
  return Number(units);
}
