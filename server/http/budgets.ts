/**
 * Rate limits of the HTTP layer: budgets counted per address, account or network, and the mail calls' limits.
 * Routes use these; services never see the request they count.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { retryLater } from '../httpError';

/** How often something may happen in a window, per key (an address, an account, a network). */
export interface Budget {
  max: number;
  /** Milliseconds. */
  timeWindow: number;
  key: (request: FastifyRequest) => string;
}

/**
 * Budgets a call spends only when the thing they count happened (an account opened, a password guessed wrong), unlike
 * a route's rate limit, which counts every call. `check` answers 429 with Retry-After once any budget is spent;
 * `spend` takes one from each. Kept by @fastify/rate-limit's store, per process.
 */
export function createBudgets(app: FastifyInstance, budgets: Budget[], message: string) {
  const limiters = budgets.map(({ max, timeWindow, key }) => app.createRateLimit({ max, timeWindow, keyGenerator: key }));
  return {
    async check(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      for (const limiter of limiters) {
        const state = await limiter(request, { increment: false });
        if (!state.isAllowed && state.remaining === 0) throw retryLater(reply, state.ttlInSeconds, message);
      }
    },
    async spend(request: FastifyRequest): Promise<void> {
      for (const limiter of limiters) await limiter(request);
    },
  };
}

/**
 * Conversions one tracking key may report a minute: 20 a second, far above what a tracker's postbacks of one
 * advertiser reach (they follow sales), low enough that a leaked key cannot flood the conversions log.
 */
export const DEFAULT_POSTBACK_RATE_LIMIT = { max: 1_200, timeWindow: 60_000 };

/** The sign-in limits (see areas/accounts/login.ts). */
export interface LoginRateLimit {
  /** Attempts per address and e-mail in timeWindow. */
  max: number;
  /** Milliseconds. */
  timeWindow: number;
  /** Failed attempts per e-mail from any address; default 20 in 15 minutes. */
  perAccount?: { max: number; timeWindow: number };
}

/** How many accounts may be opened in a window: from one address, and on one network from everywhere. */
export interface SignupRateLimit {
  perAddress: { max: number; timeWindow: number };
  perNetwork: { max: number; timeWindow: number };
}

/** The defaults: 5 sign-ups an hour from one address, 100 an hour on one network. */
export const DEFAULT_SIGNUP_RATE_LIMIT: SignupRateLimit = {
  perAddress: { max: 5, timeWindow: 60 * 60_000 },
  perNetwork: { max: 100, timeWindow: 60 * 60_000 },
};

export const TOO_MANY_SIGNUPS = 'Too many accounts were opened from here recently. Try again later.';

/** Sign-up budgets (each new account mails an address of the caller's choosing); none with `false`. */
export function createSignupLimits(app: FastifyInstance, limits: SignupRateLimit | false) {
  if (!limits) return createBudgets(app, [], TOO_MANY_SIGNUPS);
  return createBudgets(
    app,
    [
      { ...limits.perAddress, key: (request) => `signup|${request.network.id}|${request.ip}` },
      { ...limits.perNetwork, key: (request) => `signup|${request.network.id}` },
    ],
    TOO_MANY_SIGNUPS,
  );
}

/** Route config of a mail-sending call: only on a network's own hosts, and the per-IP (and e-mail) limit unless turned off. */
export function mailLimit(app: FastifyInstance, keyOf: (request: FastifyRequest) => string) {
  const limit = app.platform.mailRateLimit;
  return { sendsMail: true, ...(limit ? { rateLimit: { ...limit, keyGenerator: keyOf } } : {}) };
}

/** The rate-limit key of an unauthenticated mail call: address plus the e-mail in the body. */
export const ipAndEmail = (request: FastifyRequest) => {
  const body = request.body as { email?: unknown } | undefined;
  return `${request.ip}|${typeof body?.email === 'string' ? body.email.trim().toLowerCase() : ''}`;
};
