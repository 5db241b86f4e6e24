/**
 * The network's traffic provider subscription plans (its config's `providerPlans`, checked by the meta-schema) and
 * how they answer: prices in the network's currency, the name and description in the reader's language.
 */
import { formatDecimal, parseDecimal } from '../../../engine/format/decimal';
import { pickTranslation } from '../../../engine/i18n/pickTranslation';
import type { SubscriptionPlan } from '../../../generated/types';
import type { NetworkConfig } from '../../config/networkConfig';

export type ProviderPlan = NonNullable<NetworkConfig['settings']['providerPlans']>[number];

export const plansOf = (network: NetworkConfig): readonly ProviderPlan[] => network.settings.providerPlans ?? [];

export const planOf = (network: NetworkConfig, id: number): ProviderPlan | undefined => plansOf(network).find((p) => p.id === id);

export const currencyOf = (network: NetworkConfig) => network.settings.payments?.currency ?? 'USD';

/** The plan's name in a language (its own, else English, else the first translation's). */
export const planName = (plan: ProviderPlan, locale: string) => pickTranslation(plan.translations, locale)?.name ?? `#${plan.id}`;

/** A plan as every call answers it (schemas/providers/subscription-plan.answer.schema.json). */
export function planJson(plan: ProviderPlan, network: NetworkConfig, locale: string): SubscriptionPlan {
  const text = pickTranslation(plan.translations, locale);
  return {
    id: plan.id,
    name: text?.name ?? `#${plan.id}`,
    description: text?.description ?? '',
    price: formatDecimal(parseDecimal(plan.price), 2),
    currency: currencyOf(network),
    billing_period_days: plan.billingPeriodDays,
    max_providers: plan.maxProviders,
    max_requests_per_second: plan.maxRequestsPerSecond,
    allow_disabling_main_provider: plan.allowDisablingMainProvider,
    allow_private_ssp_formats: plan.allowPrivateSspFormats,
    text_color: plan.textColor,
    status: plan.status,
    translations: plan.translations.map((t) => ({ locale: t.locale, name: t.name, description: t.description })),
  };
}
