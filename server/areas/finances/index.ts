import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '../../paths';
import { getOrCreateSecret } from '../../repositories/secretsRepository';
import financeAdminRoutes from './adminRoutes';
import { afterBalanceChange } from './billing';
import financeRoutes from './financeRoutes';
import { createGateways, sandboxDelivery, sandboxGatewayRoutes } from './gateways';
import type { GatewayEvent } from './gateways/gateway';
import { createInvoicesRepository } from './invoices';
import paymentRoutes from './paymentRoutes';
import { createPaymentsRepository } from './payments';
import { chargeSpend } from './spend';
import { createSubscriptionsRepository, runTopUps } from './subscriptions';
import './public';

/** How often the spend job looks for closed hours to charge, and the top-up job for balances under their line. */
const SPEND_EVERY_MS = 5 * 60_000;
const TOP_UPS_EVERY_MS = 5 * 60_000;
/** The queue kind of a sandbox webhook delivery. */
const SANDBOX_DELIVERY = 'finances.sandbox-webhook';

/**
 * Money: the ledger, campaign spend charged into it hour by hour, payments through the gateways (their webhooks
 * applied once), finance statistics, invoices, automatic top-ups, and what a balance change means for the account.
 */
export default async function financesArea(app: FastifyInstance) {
  const { jobs, db } = app.platform;
  jobs.every('finances.charge-spend', SPEND_EVERY_MS, async (now) => {
    for (const charge of await chargeSpend(db, now)) await afterBalanceChange(app, charge.userId, charge.networkId, now);
  });
  jobs.every('finances.top-ups', TOP_UPS_EVERY_MS, async (now) => void (await runTopUps(app, now)));
  await app.register(paymentRoutes);
  await app.register(financeRoutes);
  await app.register(financeAdminRoutes);
}

/**
 * `app.finances`: the gateways (the sandbox always; Stripe when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set)
 * and the repositories. The sandbox reports to the panel by a signed webhook queued on the job runner, delivered
 * (and retried) to this server's own webhook route.
 */
export async function provide(app: FastifyInstance) {
  const { platform } = app;
  const sandboxSecret = await getOrCreateSecret(platform.db, 'sandbox_gateway_secret');
  const gateways = createGateways({ publicOrigin: '', sandboxSecret, ...(platform.stripe ? { stripe: platform.stripe } : {}) });
  app.decorate('finances', {
    gateways,
    sandboxSecret,
    payments: createPaymentsRepository(platform.db),
    invoices: createInvoicesRepository(platform.db),
    subscriptions: createSubscriptionsRepository(platform.db),
    deliverSandboxEvent: async (event: GatewayEvent) => {
      await platform.jobs.enqueue(SANDBOX_DELIVERY, { event: event as unknown as Record<string, unknown> });
      // The user is on their way to the success page: deliver now; the queue keeps retrying if it fails.
      platform.jobs.nudge();
    },
  });
  platform.jobs.handle<{ event: GatewayEvent }>(SANDBOX_DELIVERY, async ({ payload }) => {
    // Signed at the wall clock the webhook route checks, not the runner's (tests move that one).
    const { body, headers } = sandboxDelivery(payload.event, sandboxSecret, new Date());
    const answer = await app.inject({ method: 'POST', url: `${API_PREFIX}/payments/webhooks/sandbox`, headers: { ...headers, 'content-type': 'application/json' }, payload: body });
    if (answer.statusCode >= 300) throw new Error(`The panel answered the sandbox webhook ${answer.statusCode}: ${answer.body.slice(0, 200)}`);
  });
}

/** The sandbox gateway's hosted payment pages, at the site's root. */
export async function root(app: FastifyInstance) {
  await app.register(sandboxGatewayRoutes, { gateway: app.finances.gateways.get('sandbox')!, deliver: app.finances.deliverSandboxEvent });
}
