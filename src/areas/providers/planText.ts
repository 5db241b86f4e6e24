import { pickTranslation } from '../../../engine/i18n/pickTranslation';
import type { SubscriptionPlan } from '../../../generated/types';

/** A plan's name and description in one language. */
export interface PlanText {
  name: string;
  description: string;
}

/**
 * A plan's name and description in the reader's language (engine/i18n/pickTranslation: theirs, else English, else
 * the first translation); a plan with no translations keeps the name and description the server picked. Picked here
 * rather than by the server so that switching the language needs no reload.
 */
export function planText(plan: Pick<SubscriptionPlan, 'name' | 'description' | 'translations'>, locale: string): PlanText {
  const found = pickTranslation(plan.translations ?? [], locale);
  return found ? { name: found.name, description: found.description } : { name: plan.name, description: plan.description };
}
