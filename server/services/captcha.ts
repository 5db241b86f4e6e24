import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { NetworkConfig } from '../config/networkConfig';
import type { Db } from '../db/connect';
import { captchaChallenges } from '../db/schema';
import { HttpError } from '../httpError';

/** How long a built-in challenge may be answered. */
export const CAPTCHA_TTL_MS = 10 * 60 * 1000;

const QUESTIONS: Record<string, (a: number, b: number, op: string) => string> = {
  en: (a, b, op) => `What is ${a} ${op} ${b}?`,
  ru: (a, b, op) => `Сколько будет ${a} ${op} ${b}?`,
  de: (a, b, op) => `Was ist ${a} ${op} ${b}?`,
  es: (a, b, op) => `¿Cuánto es ${a} ${op} ${b}?`,
  jp: (a, b, op) => `${a} ${op} ${b} は？`,
};

export interface CaptchaOptions {
  db: Db;
  pepper: string;
  log: FastifyBaseLogger;
  /** The reCAPTCHA secret of a network (RECAPTCHA_SECRET_<ID>), when its config has a site key. */
  recaptchaSecret: (networkId: string) => string | undefined;
  /** Google's verify call (replaced in tests; this machine has no internet). */
  fetch?: typeof fetch;
}

/**
 * The `g-recaptcha-response` check of sign-up and forgot-password. A network whose config sets
 * `settings.recaptcha.siteKey` is checked with Google reCAPTCHA; every other network gets the built-in challenge:
 * a small sum whose answer lives only in the database (hashed), single use, for 10 minutes. The built-in one
 * stops naive form bots, not a determined attacker: production networks should configure reCAPTCHA.
 */
export function createCaptcha({ db, pepper, log, recaptchaSecret, fetch: fetchFn = fetch }: CaptchaOptions) {
  const digest = (id: string, answer: string) => createHmac('sha256', pepper).update(`captcha:${id}:${answer.trim()}`).digest();

  async function verifyBuiltIn(networkId: string, response: string): Promise<boolean> {
    const match = /^([0-9a-f-]{36}):(.{1,20})$/i.exec(response.trim());
    if (!match) return false;
    const [, id, answer] = match;
    // Used up by the first attempt, right or wrong: a challenge is never answered twice.
    const [row] = await db
      .update(captchaChallenges)
      .set({ usedAt: sql`now()` })
      .where(and(eq(captchaChallenges.id, id.toLowerCase()), eq(captchaChallenges.networkId, networkId), isNull(captchaChallenges.usedAt), gt(captchaChallenges.expiresAt, sql`now()`)))
      .returning({ answerHash: captchaChallenges.answerHash });
    if (!row) return false;
    const expected = Buffer.from(row.answerHash, 'base64url');
    const given = digest(id.toLowerCase(), answer);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  async function verifyGoogle(network: NetworkConfig, response: string, ip: string): Promise<boolean> {
    const secret = recaptchaSecret(network.id);
    if (!secret) {
      log.error(`network ${network.id} has settings.recaptcha.siteKey but no ${recaptchaEnvName(network.id)}: captcha checks fail`);
      throw new HttpError(503, 'The captcha is not configured on this server.');
    }
    const res = await fetchFn('https://www.google.com/recaptcha/api/siteverify', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ secret, response, remoteip: ip }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`reCAPTCHA siteverify answered ${res.status}`);
    const body = (await res.json()) as { success?: boolean; 'error-codes'?: string[] };
    if (!body.success) log.info({ errors: body['error-codes'] }, 'reCAPTCHA rejected a response');
    return body.success === true;
  }

  return {
    /** Whether this network uses Google reCAPTCHA instead of the built-in challenge. */
    usesGoogle: (network: NetworkConfig) => !!network.settings.recaptcha?.siteKey,

    /** A new built-in challenge in the given language. */
    async create(networkId: string, locale: string): Promise<{ id: string; question: string; expires_at: string }> {
      const id = randomUUID();
      const plus = randomInt(0, 2) === 0;
      let a = randomInt(2, 50);
      let b = randomInt(2, 50);
      if (!plus && b > a) [a, b] = [b, a];
      const answer = String(plus ? a + b : a - b);
      const expiresAt = new Date(Date.now() + CAPTCHA_TTL_MS);
      await db.insert(captchaChallenges).values({ id, networkId, answerHash: digest(id, answer).toString('base64url'), expiresAt });
      // Challenges nobody answered are cleared here rather than by a timer: one statement, indexed by the key.
      await db.delete(captchaChallenges).where(sql`${captchaChallenges.expiresAt} < now() - interval '1 day'`);
      const question = (QUESTIONS[locale] ?? QUESTIONS.en)(a, b, plus ? '+' : '−');
      return { id, question, expires_at: expiresAt.toISOString() };
    },

    /** Checks a `g-recaptcha-response` for this network (built-in `<id>:<answer>`, or a Google token). */
    async verify(network: NetworkConfig, response: string, ip: string): Promise<boolean> {
      if (!response) return false;
      return network.settings.recaptcha?.siteKey ? verifyGoogle(network, response, ip) : verifyBuiltIn(network.id, response);
    },
  };
}

/** The environment variable holding a network's reCAPTCHA secret: RECAPTCHA_SECRET_ACME_MEDIA for acme-media. */
export function recaptchaEnvName(networkId: string): string {
  return `RECAPTCHA_SECRET_${networkId.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;
}

export type Captcha = ReturnType<typeof createCaptcha>;
