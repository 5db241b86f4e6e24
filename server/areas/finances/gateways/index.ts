/**
 * The payment gateways of this server: the sandbox always, Stripe when its keys are configured. What the finances
 * area uses of this folder is exported here.
 */
import type { Gateway, GatewayId } from './gateway';
import { createSandboxGateway } from './sandbox';
import { createStripeGateway } from './stripe';

export interface GatewaysOptions {
  /** Where the sandbox's hosted pages are ('' for the site the panel is on). */
  publicOrigin: string;
  /** Signs the sandbox's tokens, saved cards and webhooks. */
  sandboxSecret: string;
  /** Stripe's keys (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET); without them there is no Stripe gateway. */
  stripe?: { secretKey: string; webhookSecret: string };
  /** The clock (tests move it). */
  now?: () => Date;
}

/** The configured gateways by id. */
export function createGateways(options: GatewaysOptions): Map<GatewayId, Gateway> {
  const clock = options.now ? { now: options.now } : {};
  const gateways = new Map<GatewayId, Gateway>([['sandbox', createSandboxGateway({ publicOrigin: options.publicOrigin, secret: options.sandboxSecret, ...clock })]]);
  if (options.stripe) gateways.set('stripe', createStripeGateway({ ...options.stripe, ...clock }));
  return gateways;
}

export { WebhookRejected, type Checkout, type CheckoutForm, type CheckoutRequest, type Gateway, type GatewayEvent, type GatewayId, type SavedCharge } from './gateway';
export { createSandboxGateway, isSandboxGateway, sandboxDelivery, signSandboxWebhook, SANDBOX_SIGNATURE_HEADER, type SandboxGateway, type SandboxGatewayOptions } from './sandbox';
export { sandboxGatewayRoutes, type SandboxRoutesOptions } from './sandboxRoutes';
export { createStripeGateway, stripeEventToGatewayEvent, type StripeGatewayOptions } from './stripe';
export { minorUnitExponent, toMinorUnits } from './minorUnits';
