/**
 * The ways a network takes money (network config `settings.payments.methods`), as GET settings hands them to the
 * panel and as the finances area charges them.
 */
import type { NetworkConfig } from '../config/networkConfig';
import type { GlobalSettings } from '../../generated/types';

/** One method as the network config writes it. */
export type PaymentMethodConfig = NonNullable<NonNullable<NetworkConfig['settings']['payments']>['methods']>[number];
export type PaymentMethodAnswer = GlobalSettings['payment_methods'][number];

/** The largest single payment when a method names none. */
export const DEFAULT_MAX_AMOUNT = '100000.00';

/** The network's methods; none when its payments are off. */
export function methodsOf(network: NetworkConfig): PaymentMethodConfig[] {
  const payments = network.settings.payments;
  return payments?.enabled ? (payments.methods ?? []) : [];
}

/** The method with this id, if the network takes money that way. */
export function methodOf(network: NetworkConfig, id: number): PaymentMethodConfig | undefined {
  return methodsOf(network).find((m) => m.id === id);
}

/**
 * How the browser pays with a method: a bank transfer against an invoice; a card inside the panel unless the
 * network sends card payments to the processor's page (`cardPaymentRedirect`); anything else on the gateway's page.
 */
export function strategyOf(network: NetworkConfig, method: PaymentMethodConfig): PaymentMethodAnswer['strategy'] {
  if (method.gateway === 'invoice') return 'invoice';
  return method.type === 'card' && !network.settings.payments?.cardPaymentRedirect ? 'embedded' : 'redirect';
}

/** The methods as GET settings answers them (the spec's Payment method). */
export function paymentMethods(network: NetworkConfig): PaymentMethodAnswer[] {
  return methodsOf(network).map((m) => ({
    id: m.id,
    type: m.type,
    logo: m.logo ?? null,
    strategy: strategyOf(network, m),
    fee_percent: m.feePercent,
    min_add_funds_amount: m.minAmount,
    max_add_funds_amount: m.maxAmount ?? DEFAULT_MAX_AMOUNT,
    recurring: m.recurring ?? false,
    bonuses: (m.bonuses ?? []).map((b) => ({ bonus_percent: b.bonusPercent, from_amount: b.fromAmount })),
    translations: m.translations.map((t) => ({ locale: t.locale, name: t.name, description: t.description ?? '' })),
  }));
}
