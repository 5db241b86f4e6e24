import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../httpError';

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

/**
 * Sign-up limits (each new account mails an address of the caller's choosing): `check` answers 429 with Retry-After
 * once either budget is spent, `count` spends from both when an account was created. Off with `false`.
 */
export function createSignupLimits(app: FastifyInstance, limits: SignupRateLimit | false) {
  const budgets = limits
    ? [
        app.createRateLimit({ ...limits.perAddress, keyGenerator: (request: FastifyRequest) => `signup|${request.network.id}|${request.ip}` }),
        app.createRateLimit({ ...limits.perNetwork, keyGenerator: (request: FastifyRequest) => `signup|${request.network.id}` }),
      ]
    : [];
  return {
    async check(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      for (const budget of budgets) {
        const state = await budget(request, { increment: false });
        if (!state.isAllowed && state.remaining === 0) {
          reply.header('Retry-After', String(Math.max(1, state.ttlInSeconds)));
          throw new HttpError(429, TOO_MANY_SIGNUPS);
        }
      }
    },
    async count(request: FastifyRequest): Promise<void> {
      for (const budget of budgets) await budget(request);
    },
  };
}
