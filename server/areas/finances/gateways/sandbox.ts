/**
 * The built-in sandbox gateway: a stand-in processor for demos and tests that behaves like a real one. Its checkout is
 * a hosted page on this server (sandboxRoutes.ts) reached by a signed, expiring token; what the user does there
 * reaches the panel only as a signed webhook, delivered later (the app queues it), never through the browser's
 * redirect. It keeps no state: tokens and saved-card references are signed claims (sealed.ts).
 */
import { createHmac } from 'node:crypto';
import { WebhookRejected, type Checkout, type CheckoutRequest, type Gateway, type GatewayEvent, type SavedCharge } from './gateway';
import { randomId, sameSecret, seal, unseal } from './sealed';
import { behaviourOf, CHALLENGE_CODE, type CheckedCard } from './testCards';

/** The header the sandbox signs its webhooks in (`t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`, as Stripe's). */
export const SANDBOX_SIGNATURE_HEADER = 'sandbox-signature';
/** How long a checkout token opens the hosted page. */
export const CHECKOUT_LIFETIME_MS = 3_600_000;
/** How long the confirmation page waits for the bank's code. */
const CHALLENGE_LIFETIME_MS = 15 * 60_000;
/** How old (or early) a webhook's timestamp may be. */
export const WEBHOOK_TOLERANCE_S = 300;

const EVENT_TYPES: ReadonlySet<string> = new Set<GatewayEvent['type']>(['payment.succeeded', 'payment.failed', 'payment.pending', 'payment.refunded']);
const DECIMAL_AMOUNT = /^(?:0|[1-9]\d{0,15})(?:\.\d{1,2})?$/;
const SAVED_CARD_PREFIX = 'sbx_cus_';

/** The decline texts the sandbox gives, as a processor words them for the cardholder. */
export const SANDBOX_DECLINES = {
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  challengeFailed: 'Your bank did not confirm the payment: the confirmation code was wrong.',
  unknownCard: 'The saved card is not known to the payment service.',
} as const;

export interface SandboxGatewayOptions {
  /** The origin the hosted pages are served from, no trailing slash; '' for the site the panel is on. */
  publicOrigin: string;
  /** Signs the tokens, saved-card references and webhooks. */
  secret: string;
  /** The clock (tests move it). */
  now?: () => Date;
}

/** A checkout as its token carries it. */
export interface SandboxCheckout extends CheckoutRequest {
  /** The checkout's id (`sbx_cs_…`), its `Checkout.ref`. */
  id: string;
  /** Unix seconds after which the token no longer opens the page. */
  expiresAt: number;
}

/** Why a token does not open the page. An expired one is still the sandbox's: its checkout (and way back) is known. */
export class SandboxTokenError extends Error {
  override name = 'SandboxTokenError';
  constructor(
    readonly reason: 'invalid' | 'expired',
    readonly checkout?: SandboxCheckout,
  ) {
    super(reason === 'invalid' ? 'The sandbox token is not valid' : 'The sandbox token has expired');
  }
}

/** Where a finished payment sends the browser, and the event that tells the panel. */
export interface SandboxOutcome {
  event: GatewayEvent;
  redirect: string;
}

/** A confirmation the bank asks for before it decides (the 3-D Secure of the sandbox). */
export interface SandboxChallenge {
  checkout: SandboxCheckout;
  /** The challenge token the confirmation page posts back. */
  token: string;
  last4: string;
}

/** The hosted page's side of the sandbox, which only its routes use. */
export interface SandboxHosted {
  now(): Date;
  /** @throws {SandboxTokenError} */
  readCheckout(token: string): SandboxCheckout;
  /** Pays with a card that passed the form's checks: the outcome, or the bank's challenge. */
  pay(checkout: SandboxCheckout, checkoutToken: string, card: CheckedCard): SandboxOutcome | SandboxChallenge;
  /** @throws {SandboxTokenError} */
  readChallenge(token: string): SandboxChallenge;
  /** The outcome of the code the user typed on the confirmation page. */
  confirm(challenge: SandboxChallenge, code: string): SandboxOutcome;
}

export interface SandboxGateway extends Gateway {
  id: 'sandbox';
  hosted: SandboxHosted;
}

/** Whether a gateway is the sandbox (so its hosted pages can be served). */
export const isSandboxGateway = (gateway: Gateway): gateway is SandboxGateway => gateway.id === 'sandbox' && 'hosted' in gateway;

const webhookMac = (body: string | Buffer, secret: string, t: number) => createHmac('sha256', secret).update(`${t}.`).update(body).digest('hex');

/** The signature header of a sandbox webhook body sent at `timestamp`: `t=<unix seconds>,v1=<hex HMAC>`. */
export function signSandboxWebhook(body: string, secret: string, timestamp: Date): string {
  const t = Math.floor(timestamp.getTime() / 1000);
  return `t=${t},v1=${webhookMac(body, secret, t)}`;
}

/** What the app's queue handler POSTs to the panel's webhook route for an event (body and headers, signed at `now`). */
export function sandboxDelivery(event: GatewayEvent, secret: string, now: Date): { body: string; headers: Record<string, string> } {
  const body = JSON.stringify(event);
  return { body, headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signSandboxWebhook(body, secret, now) } };
}

const isString = (v: unknown, max: number): v is string => typeof v === 'string' && v.length > 0 && v.length <= max;

/** The event a verified body holds; null for a type the sandbox may add later; 'bad' for anything not an event. */
function readEvent(value: unknown): GatewayEvent | null | 'bad' {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'bad';
  const v = value as Record<string, unknown>;
  if (!isString(v.eventId, 200) || !isString(v.type, 80)) return 'bad';
  if (!EVENT_TYPES.has(v.type)) return null;
  if (typeof v.paymentId !== 'number' || !Number.isSafeInteger(v.paymentId) || v.paymentId <= 0 || !isString(v.ref, 200)) return 'bad';
  if (v.customerRef !== undefined && !isString(v.customerRef, 2000)) return 'bad';
  if (v.failureReason !== undefined && !isString(v.failureReason, 300)) return 'bad';
  if (v.cardLast4 !== undefined && !(typeof v.cardLast4 === 'string' && /^\d{4}$/.test(v.cardLast4))) return 'bad';
  return {
    eventId: v.eventId,
    type: v.type as GatewayEvent['type'],
    paymentId: v.paymentId,
    ref: v.ref,
    ...(v.customerRef !== undefined ? { customerRef: v.customerRef as string } : {}),
    ...(v.failureReason !== undefined ? { failureReason: v.failureReason as string } : {}),
    ...(v.cardLast4 !== undefined ? { cardLast4: v.cardLast4 as string } : {}),
  };
}

/** An absolute http(s) URL, or a developer's mistake. */
function checkUrl(name: string, url: string): void {
  let parsed: URL | null = null;
  try {
    parsed = new URL(url);
  } catch {
    // reported below
  }
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) throw new Error(`Sandbox checkout: ${name} must be an absolute http(s) URL, got "${url}"`);
}

function readCheckoutClaims(v: unknown): SandboxCheckout | null {
  if (typeof v !== 'object' || v === null) return null;
  const c = v as Record<string, unknown>;
  const strings = ['id', 'number', 'amount', 'currency', 'description', 'email', 'locale', 'successUrl', 'errorUrl'] as const;
  if (!strings.every((k) => typeof c[k] === 'string')) return null;
  if (typeof c.paymentId !== 'number' || typeof c.expiresAt !== 'number' || typeof c.saveForRecurring !== 'boolean') return null;
  return c as unknown as SandboxCheckout;
}

/** The sandbox gateway. */
export function createSandboxGateway(options: SandboxGatewayOptions): SandboxGateway {
  const { secret } = options;
  if (!secret) throw new Error('The sandbox gateway needs a secret (options.secret) to sign its tokens and webhooks');
  const origin = options.publicOrigin.replace(/\/+$/, '');
  const now = options.now ?? (() => new Date());
  const nowSeconds = () => Math.floor(now().getTime() / 1000);

  const savedCard = (behaviour: 'succeeds' | 'declined', last4: string) => `${SAVED_CARD_PREFIX}${seal(secret, 'card', { id: randomId(''), behaviour, last4 })}`;

  function outcome(checkout: SandboxCheckout, result: { saved: 'succeeds' | 'declined'; last4: string } | { failureReason: string }): SandboxOutcome {
    const base = { eventId: randomId('sbx_evt_'), paymentId: checkout.paymentId, ref: checkout.id };
    if ('failureReason' in result) return { event: { ...base, type: 'payment.failed', failureReason: result.failureReason }, redirect: checkout.errorUrl };
    const customerRef = checkout.saveForRecurring ? savedCard(result.saved, result.last4) : undefined;
    return { event: { ...base, type: 'payment.succeeded', cardLast4: result.last4, ...(customerRef ? { customerRef } : {}) }, redirect: checkout.successUrl };
  }

  const hosted: SandboxHosted = {
    now,
    readCheckout(token) {
      const checkout = readCheckoutClaims(unseal(secret, 'checkout', token));
      if (!checkout) throw new SandboxTokenError('invalid');
      if (checkout.expiresAt <= nowSeconds()) throw new SandboxTokenError('expired', checkout);
      return checkout;
    },
    pay(checkout, checkoutToken, card) {
      switch (behaviourOf(card.digits)) {
        case 'declined':
          return outcome(checkout, { failureReason: SANDBOX_DECLINES.declined });
        case 'insufficient_funds':
          return outcome(checkout, { failureReason: SANDBOX_DECLINES.insufficientFunds });
        case 'challenge': {
          const expiresAt = Math.min(checkout.expiresAt, nowSeconds() + CHALLENGE_LIFETIME_MS / 1000);
          return { checkout, last4: card.last4, token: seal(secret, 'challenge', { checkout: checkoutToken, last4: card.last4, expiresAt }) };
        }
        case 'declines_later':
          return outcome(checkout, { saved: 'declined', last4: card.last4 });
        default:
          return outcome(checkout, { saved: 'succeeds', last4: card.last4 });
      }
    },
    readChallenge(token) {
      const claims = unseal(secret, 'challenge', token) as { checkout?: unknown; last4?: unknown; expiresAt?: unknown } | null;
      if (!claims || typeof claims.checkout !== 'string' || typeof claims.last4 !== 'string' || typeof claims.expiresAt !== 'number') throw new SandboxTokenError('invalid');
      const checkout = hosted.readCheckout(claims.checkout);
      if (claims.expiresAt <= nowSeconds()) throw new SandboxTokenError('expired', checkout);
      return { checkout, token, last4: claims.last4 };
    },
    confirm(challenge, code) {
      return sameSecret(code.replace(/\s/g, ''), CHALLENGE_CODE)
        ? outcome(challenge.checkout, { saved: 'succeeds', last4: challenge.last4 })
        : outcome(challenge.checkout, { failureReason: SANDBOX_DECLINES.challengeFailed });
    },
  };

  return {
    id: 'sandbox',
    hosted,

    async createCheckout(request: CheckoutRequest): Promise<Checkout> {
      if (!DECIMAL_AMOUNT.test(request.amount) || !/[1-9]/.test(request.amount)) throw new Error(`Sandbox checkout: amount must be a positive decimal string, got "${request.amount}"`);
      if (!/^[A-Z]{3}$/.test(request.currency)) throw new Error(`Sandbox checkout: currency must be an ISO 4217 code in upper case, got "${request.currency}"`);
      checkUrl('successUrl', request.successUrl);
      checkUrl('errorUrl', request.errorUrl);
      const checkout: SandboxCheckout = {
        id: randomId('sbx_cs_'),
        paymentId: request.paymentId,
        number: request.number,
        amount: request.amount,
        currency: request.currency,
        description: request.description,
        email: request.email,
        locale: request.locale,
        successUrl: request.successUrl,
        errorUrl: request.errorUrl,
        saveForRecurring: request.saveForRecurring,
        expiresAt: nowSeconds() + CHECKOUT_LIFETIME_MS / 1000,
      };
      return { ref: checkout.id, form: { action: `${origin}/sandbox-gateway/checkout`, method: 'POST', fields: { token: seal(secret, 'checkout', checkout) } } };
    },

    verifyWebhook(rawBody, headers) {
      const header = headers[SANDBOX_SIGNATURE_HEADER];
      if (typeof header !== 'string' || !header) throw new WebhookRejected(`No ${SANDBOX_SIGNATURE_HEADER} header`);
      const parts = header.split(',').map((p) => p.trim().split('='));
      const t = parts.find(([k]) => k === 't')?.[1];
      const signatures = parts.filter(([k, v]) => k === 'v1' && v).map(([, v]) => v);
      if (!t || !/^\d{1,12}$/.test(t) || signatures.length === 0) throw new WebhookRejected(`The ${SANDBOX_SIGNATURE_HEADER} header is malformed`);
      const expected = webhookMac(rawBody, secret, Number(t));
      if (!signatures.some((s) => sameSecret(s, expected))) throw new WebhookRejected('The signature does not match the body');
      if (Math.abs(nowSeconds() - Number(t)) > WEBHOOK_TOLERANCE_S) throw new WebhookRejected('The signature is too old (or from the future)');
      let parsed: unknown;
      try {
        parsed = JSON.parse(rawBody.toString('utf8'));
      } catch {
        throw new WebhookRejected('The body is not JSON');
      }
      const event = readEvent(parsed);
      if (event === 'bad') throw new WebhookRejected('The body is not a sandbox event');
      return event;
    },

    async chargeSaved(request): Promise<SavedCharge> {
      if (!DECIMAL_AMOUNT.test(request.amount) || !/[1-9]/.test(request.amount)) throw new Error(`Sandbox charge: amount must be a positive decimal string, got "${request.amount}"`);
      const ref = randomId('sbx_ch_');
      const claims = request.customerRef.startsWith(SAVED_CARD_PREFIX) ? (unseal(secret, 'card', request.customerRef.slice(SAVED_CARD_PREFIX.length)) as { behaviour?: unknown } | null) : null;
      if (!claims || (claims.behaviour !== 'succeeds' && claims.behaviour !== 'declined')) return { ref, status: 'failed', failureReason: SANDBOX_DECLINES.unknownCard };
      return claims.behaviour === 'succeeds' ? { ref, status: 'succeeded' } : { ref, status: 'failed', failureReason: SANDBOX_DECLINES.declined };
    },
  };
}
