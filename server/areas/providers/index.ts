import type { FastifyInstance } from 'fastify';
import { afterBalanceChange } from '../finances/public';
import trafficProvidersRoutes from './providers';
import { createTrafficProvidersRepository } from './repository';
import subscriptionRoutes from './subscriptionRoutes';
import { createProviderSubscriptions, type RenewalEvent } from './subscriptions';
import { mailContext } from '../../services/accountMails';
import { planName } from './plans';
import './public';

/** How often subscriptions are looked at for renewals, ends and lapsed grace periods. */
const RENEW_EVERY_MS = 15 * 60_000;

const NOTICE: Record<RenewalEvent['kind'], string> = {
  paid: 'traffic_provider_subscription_paid',
  failed: 'traffic_provider_subscription_failed',
  lapsed: 'traffic_provider_subscription_ended',
  ended: 'traffic_provider_subscription_ended',
};

/**
 * Traffic providers: the user's own supply partners (XML or RTB), listed, added, started, paused and deleted, and the
 * SSP formats they may sell; the subscription plans they run under, and the job that renews subscriptions.
 */
export default async function providersArea(app: FastifyInstance) {
  app.platform.jobs.every('providers.renew-subscriptions', RENEW_EVERY_MS, async (now) => void (await renewSubscriptions(app, now)));
  await app.register(trafficProvidersRoutes);
  await app.register(subscriptionRoutes);
}

/** One pass of the renewal job at `now` (subscriptions.ts has the rules), each owner told what happened. */
export async function renewSubscriptions(app: FastifyInstance, now: Date): Promise<RenewalEvent[]> {
  const { platform } = app;
  const networkOf = (id: string) => platform.networks.configs.find((n) => n.id === id);
  const events = await app.providerSubscriptions.renew(now, networkOf);
  for (const event of events) {
    const { subscription, plan, network } = event;
    if (event.kind === 'paid') await afterBalanceChange(app, subscription.userId, network.id, now);
    const owner = await platform.users.findById(network.id, subscription.userId);
    if (!owner) continue;
    await platform.notifications.create(owner, NOTICE[event.kind], {
      entityId: subscription.id,
      params: { plan: plan ? planName(plan, owner.locale) : `#${subscription.planId}`, price: plan?.price ?? '', paid_until: subscription.paidUntil.toISOString().slice(0, 10), providers: event.pausedProviders },
      mail: mailContext(platform.networks, network),
    });
  }
  return events;
}

/** `app.trafficProviders` (the lookups area lists the user's active providers from it) and `app.providerSubscriptions`. */
export function provide(app: FastifyInstance) {
  app.decorate('trafficProviders', createTrafficProvidersRepository(app.platform.db));
  app.decorate('providerSubscriptions', createProviderSubscriptions(app.platform.db));
}
