import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fieldError } from '../../httpError';
import { phrase } from '../../i18n/phrase';
import { planOf } from '../providers/public';
import type { CampaignInput } from './checkCampaign';

/**
 * A campaign may turn the main provider (the network's own inventory) off only under a provider plan that allows it.
 * @throws {HttpError} 422 under `targets.traffic-provider.enable_main_provider`
 */
export async function checkProviderTarget(app: FastifyInstance, request: FastifyRequest, input: CampaignInput): Promise<void> {
  const target = (input.model.targets as Record<string, { enable_main_provider?: boolean; selected?: number[] }> | undefined)?.['traffic-provider'];
  if (!target || target.enable_main_provider !== false) return;
  const subscription = await app.providerSubscriptions.live(request.auth!.userId);
  const plan = subscription && planOf(request.network, subscription.planId);
  if (!plan?.allowDisablingMainProvider) {
    throw fieldError('targets.traffic-provider.enable_main_provider', phrase('Buying only from your own providers needs a provider plan that allows it. Keep the main provider on, or change your plan.'));
  }
}
