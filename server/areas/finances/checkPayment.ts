/**
 * What a top-up request must satisfy beyond its schema: a method of the user's network that a gateway takes, an
 * amount between the method's bounds, a verified card where the network asks for one, and a kept card only where
 * the method can keep one. Answers the method and the quote, or a 422 under the field at fault.
 */
import type { FastifyInstance } from 'fastify';
import { compareDecimals, parseDecimal } from '../../../engine/format/decimal';
import { quote, type Quote } from '../../../engine/money/quote';
import type { NetworkConfig } from '../../config/networkConfig';
import { fieldError } from '../../httpError';
import { phrase } from '../../i18n/phrase';
import { DEFAULT_MAX_AMOUNT, methodOf, type PaymentMethodConfig } from '../../settings/paymentMethods';
import type { PaymentInput } from './payments';

export interface CheckedPayment {
  method: PaymentMethodConfig;
  quote: Quote;
  saveCard: boolean;
}

/** The amount with its currency for messages: `50.00 USD`. */
const money = (amount: string, network: NetworkConfig) => `${amount} ${network.settings.payments?.currency ?? 'USD'}`;

/**
 * Refuses an amount outside the method's bounds with a 422 under `field` naming the bound; a bank transfer's
 * message says so (invoices), a gateway method's says "this method".
 */
export function checkBounds(network: NetworkConfig, method: PaymentMethodConfig, amount: string, field: string): void {
  const value = parseDecimal(amount);
  const max = method.maxAmount ?? DEFAULT_MAX_AMOUNT;
  const transfer = method.gateway === 'invoice';
  if (compareDecimals(value, parseDecimal(method.minAmount)) < 0) {
    const values = { amount: money(method.minAmount, network) };
    throw fieldError(field, transfer ? phrase('The smallest amount for a bank transfer is {amount}.', values) : phrase('The smallest amount for this method is {amount}.', values));
  }
  if (compareDecimals(value, parseDecimal(max)) > 0) {
    const values = { amount: money(max, network) };
    throw fieldError(field, transfer ? phrase('The largest amount for a bank transfer is {amount}.', values) : phrase('The largest amount for this method is {amount}.', values));
  }
}

export async function checkPayment(app: FastifyInstance, network: NetworkConfig, userId: number, input: PaymentInput): Promise<CheckedPayment> {
  const method = methodOf(network, input.payment_method_id);
  if (!method) throw fieldError('payment_method_id', phrase('Choose one of the payment methods offered.'));
  if (method.gateway === 'invoice') throw fieldError('payment_method_id', phrase('Bank transfers are paid by invoice: create an invoice on the Finances page.'));
  if (!app.finances.gateways.has(method.gateway)) throw fieldError('payment_method_id', phrase('This payment method is not available at the moment. Choose another one.'));
  checkBounds(network, method, input.amount, 'amount');
  if (method.type === 'card' && network.settings.payments?.cardVerificationRequired && !(await app.verification.isCardVerified(userId))) {
    throw fieldError('payment_method_id', phrase('Verify your card before paying by card: send a photo of the card and an identity document.'));
  }
  if (input.save_card && !method.recurring) throw fieldError('save_card', phrase('This payment method cannot keep a card for automatic top-ups.'));
  return { method, quote: quote(input.amount, { feePercent: method.feePercent, bonuses: method.bonuses ?? [] }), saveCard: input.save_card ?? false };
}
