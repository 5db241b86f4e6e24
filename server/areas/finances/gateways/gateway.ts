/**
 * The payment gateway interface: what the finances area asks of a processor that takes card (or wallet) money.
 * Two implementations: the built-in sandbox (the default, for demos and tests) and Stripe. Bank transfer by
 * invoice is not a gateway: staff record the money when it arrives.
 */

/** Which implementation a payment method uses (network config `payments.methods[].gateway`). */
export type GatewayId = 'sandbox' | 'stripe';

/** A payment the user is about to make. Amounts are decimal strings with 2 places, in `currency`. */
export interface CheckoutRequest {
  paymentId: number;
  /** The payment's number as the user sees it (e.g. "P-10042"). */
  number: string;
  /** What the user pays (the fee is kept from it; the bonus is ours, not the gateway's). */
  amount: string;
  /** ISO 4217, upper case. */
  currency: string;
  /** Shown on the gateway's page, e.g. "AdNet: add funds". */
  description: string;
  email: string;
  /** Interface language of the gateway page where it has one ('en', 'ru', 'es', 'de', 'jp'). */
  locale: string;
  /** Where the user's browser goes afterwards (absolute URLs of the panel: /add-funds/success?payment=…, /add-funds/error?payment=…). */
  successUrl: string;
  errorUrl: string;
  /** Keep the card for recurring top-ups: the success event then carries `customerRef`. */
  saveForRecurring: boolean;
}

/**
 * How the browser reaches the gateway's page: the panel builds a form with these `fields` and submits it to `action`
 * with `method` (a GET form is a plain redirect). This is the payment's "form params" of the spec.
 */
export interface CheckoutForm {
  action: string;
  method: 'GET' | 'POST';
  fields: Record<string, string>;
}

/** A checkout the gateway opened for a payment. */
export interface Checkout {
  /** The gateway's id of it (Stripe's checkout session id, the sandbox's token id), saved as `payments.gateway_ref`. */
  ref: string;
  form: CheckoutForm;
}

/** What a verified webhook says happened. `eventId` is the gateway's own id: applying is once per event id. */
export interface GatewayEvent {
  eventId: string;
  type: 'payment.succeeded' | 'payment.failed' | 'payment.pending' | 'payment.refunded';
  /** Our payment id, as the checkout passed it to the gateway. */
  paymentId: number;
  /** The gateway's id of the checkout or charge (matches `Checkout.ref` for checkouts). */
  ref: string;
  /** A saved card or customer for recurring top-ups (succeeded checkouts with `saveForRecurring`). */
  customerRef?: string;
  /** The last four digits of the card paid with, when the gateway tells them (shown on receipts and the kept card). */
  cardLast4?: string;
  /** Why it failed, for the user (the gateway's decline text, e.g. "Your card was declined."). */
  failureReason?: string;
}

/** The result of charging a saved card without the user (a recurring top-up). */
export interface SavedCharge {
  ref: string;
  status: 'succeeded' | 'failed' | 'pending';
  failureReason?: string;
}

/** Thrown by `verifyWebhook` for a delivery that is not the gateway's (bad or missing signature, stale timestamp, bad body). */
export class WebhookRejected extends Error {
  override name = 'WebhookRejected';
}

export interface Gateway {
  id: GatewayId;
  /** Opens a checkout for the payment. */
  createCheckout(request: CheckoutRequest): Promise<Checkout>;
  /**
   * Checks a webhook delivery's signature over the raw body and reads it.
   * @returns the event, or null for an event type this panel does not act on (answered 200 and ignored).
   * @throws {WebhookRejected} when the delivery is not authentic.
   */
  verifyWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): GatewayEvent | null;
  /** Charges a saved card (from a success event's `customerRef`) off-session; the final outcome may also arrive as a webhook. */
  chargeSaved(request: { customerRef: string; paymentId: number; amount: string; currency: string; description: string }): Promise<SavedCharge>;
}
