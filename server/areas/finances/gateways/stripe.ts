/**
 * Stripe, through its official package: a payment is a hosted Checkout Session (the browser goes to `session.url`),
 * its outcome arrives as signed webhook events, and a card kept for recurring top-ups is charged off-session by a
 * PaymentIntent on the customer the session created.
 */
import Stripe from 'stripe';
import { WebhookRejected, type Checkout, type CheckoutRequest, type Gateway, type GatewayEvent, type SavedCharge } from './gateway';
import { toMinorUnits } from './minorUnits';

export interface StripeGatewayOptions {
  /** The account's secret key (`sk_live_…`, `sk_test_…`). */
  secretKey: string;
  /** The signing secret of the webhook endpoint that points at the panel (`whsec_…`). */
  webhookSecret: string;
  /** A client of one's own (tests point one at a local server); by default one for `secretKey`. */
  client?: Stripe;
  /** The clock webhook timestamps are checked against (tests move it). */
  now?: () => Date;
}

/** The texts a failed payment shows the user when Stripe gives none of its own. */
export const STRIPE_FAILURES = {
  asyncFailed: 'The bank did not complete the payment.',
  expired: 'The payment page expired before the payment was made.',
  noSavedCard: 'No card is kept for this account any more.',
  needsAction: 'Your bank asks you to confirm this payment: add funds yourself once to confirm the card.',
  declined: 'Your card was declined.',
} as const;

/** The panel's locales as Stripe Checkout's. */
const LOCALES: Record<string, Stripe.Checkout.SessionCreateParams.Locale> = { en: 'en', ru: 'ru', es: 'es', de: 'de', jp: 'ja' };

/** Our payment id from an object's metadata (or a session's client_reference_id); null when the object is not ours. */
function paymentIdOf(metadata: Stripe.Metadata | null | undefined, reference?: string | null): number | null {
  const raw = metadata?.payment_id ?? reference ?? '';
  if (!/^[1-9]\d{0,14}$/.test(raw)) return null;
  return Number(raw);
}

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null));

/** The customer a session saved the card on, when the payment asked to keep it. */
function customerRefOf(session: Stripe.Checkout.Session): { customerRef?: string } {
  const customer = idOf(session.customer);
  return session.metadata?.save_card === 'true' && customer ? { customerRef: customer } : {};
}

/** What a Stripe event means for a payment of ours; null when it means nothing to the panel. */
export function stripeEventToGatewayEvent(event: Stripe.Event): GatewayEvent | null {
  const base = (paymentId: number, ref: string) => ({ eventId: event.id, paymentId, ref });
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
    case 'checkout.session.async_payment_failed':
    case 'checkout.session.expired': {
      const session = event.data.object;
      const paymentId = paymentIdOf(session.metadata, session.client_reference_id);
      if (paymentId === null) return null;
      if (event.type === 'checkout.session.async_payment_failed') return { ...base(paymentId, session.id), type: 'payment.failed', failureReason: STRIPE_FAILURES.asyncFailed };
      if (event.type === 'checkout.session.expired') return { ...base(paymentId, session.id), type: 'payment.failed', failureReason: STRIPE_FAILURES.expired };
      if (event.type === 'checkout.session.async_payment_succeeded' || session.payment_status === 'paid') return { ...base(paymentId, session.id), type: 'payment.succeeded', ...customerRefOf(session) };
      // Completed but unpaid: a delayed method (a bank debit) is still deciding; async_payment_* follows.
      return session.payment_status === 'unpaid' ? { ...base(paymentId, session.id), type: 'payment.pending' } : null;
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      const paymentId = paymentIdOf(charge.metadata);
      // A partial refund is not the payment's refund: staff settle it with an adjustment.
      if (paymentId === null || !charge.refunded) return null;
      return { ...base(paymentId, idOf(charge.payment_intent) ?? charge.id), type: 'payment.refunded' };
    }
    default:
      return null;
  }
}

/** The Stripe gateway. */
export function createStripeGateway(options: StripeGatewayOptions): Gateway {
  if (!options.secretKey && !options.client) throw new Error('The Stripe gateway needs a secret key (STRIPE_SECRET_KEY)');
  if (!options.webhookSecret) throw new Error('The Stripe gateway needs its webhook signing secret (STRIPE_WEBHOOK_SECRET)');
  const stripe = options.client ?? new Stripe(options.secretKey, { maxNetworkRetries: 2, timeout: 20_000, appInfo: { name: 'adpanel' } });
  const now = options.now ?? (() => new Date());

  return {
    id: 'stripe',

    async createCheckout(request: CheckoutRequest): Promise<Checkout> {
      const metadata = { payment_id: String(request.paymentId), payment_number: request.number };
      const session = await stripe.checkout.sessions.create({
        mode: 'payment',
        line_items: [
          {
            quantity: 1,
            price_data: { currency: request.currency.toLowerCase(), unit_amount: toMinorUnits(request.amount, request.currency), product_data: { name: request.description } },
          },
        ],
        client_reference_id: String(request.paymentId),
        metadata: { ...metadata, save_card: String(request.saveForRecurring) },
        // The charge carries the payment id too: a refund event names the charge, not the session.
        payment_intent_data: { description: request.description, metadata, ...(request.saveForRecurring ? { setup_future_usage: 'off_session' as const } : {}) },
        ...(request.saveForRecurring ? { customer_creation: 'always' as const } : {}),
        ...(request.email ? { customer_email: request.email } : {}),
        locale: LOCALES[request.locale] ?? 'auto',
        success_url: request.successUrl,
        cancel_url: request.errorUrl,
      });
      if (!session.url) throw new Error(`Stripe opened checkout session ${session.id} without a URL`);
      return { ref: session.id, form: { action: session.url, method: 'GET', fields: {} } };
    },

    verifyWebhook(rawBody, headers) {
      const signature = headers['stripe-signature'];
      if (typeof signature !== 'string' || !signature) throw new WebhookRejected('No Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret, undefined, undefined, now().getTime());
      } catch (e) {
        throw new WebhookRejected(e instanceof Error ? e.message.split('\n')[0] : 'The Stripe signature does not verify');
      }
      if (typeof event !== 'object' || event === null || typeof event.id !== 'string' || typeof event.type !== 'string' || typeof event.data?.object !== 'object') {
        throw new WebhookRejected('The body is not a Stripe event');
      }
      return stripeEventToGatewayEvent(event);
    },

    async chargeSaved(request): Promise<SavedCharge> {
      const cards = await stripe.customers.listPaymentMethods(request.customerRef, { limit: 1 });
      const card = cards.data[0];
      if (!card) return { ref: `stripe_no_card:${request.paymentId}`, status: 'failed', failureReason: STRIPE_FAILURES.noSavedCard };
      try {
        const intent = await stripe.paymentIntents.create({
          amount: toMinorUnits(request.amount, request.currency),
          currency: request.currency.toLowerCase(),
          customer: request.customerRef,
          payment_method: card.id,
          off_session: true,
          confirm: true,
          description: request.description,
          metadata: { payment_id: String(request.paymentId) },
        });
        if (intent.status === 'succeeded') return { ref: intent.id, status: 'succeeded' };
        if (intent.status === 'processing') return { ref: intent.id, status: 'pending' };
        const reason = intent.last_payment_error?.message ?? (intent.status === 'requires_action' ? STRIPE_FAILURES.needsAction : STRIPE_FAILURES.declined);
        return { ref: intent.id, status: 'failed', failureReason: reason };
      } catch (e) {
        if (!(e instanceof Stripe.errors.StripeCardError)) throw e;
        const ref = e.payment_intent?.id ?? e.charge ?? `stripe_declined:${request.paymentId}`;
        return { ref, status: 'failed', failureReason: e.code === 'authentication_required' ? STRIPE_FAILURES.needsAction : e.message || STRIPE_FAILURES.declined };
      }
    },
  };
}
