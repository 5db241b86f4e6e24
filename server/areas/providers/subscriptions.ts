/**
 * Traffic provider subscriptions and their money. Every charge and credit is one ledger entry of kind `subscription`
 * keyed by the subscription and its charge count, written in the transaction that moves the subscription, so a repeat
 * (a retried request, a second process running the renewal job) changes nothing twice.
 *
 * The rules, in whole UTC days (a period runs from 00:00 of its first day to `paid_until`, 00:00 after its last):
 * - Subscribe: the plan's price now; paid until today + the billing period. Refused when the free balance (the balance
 *   less campaign and flat deal reserves) does not cover it.
 * - Change: (also a past-due subscription paying its own plan now) the unused days of the current plan are credited, `price × days from today (included) to paid_until ÷
 *   billing period`, half up to the cent; the new plan starts today and its price less that credit is charged (a
 *   credit larger than the price goes back to the balance). Refused while the user's active providers use more than
 *   the new plan allows. A past-due subscription has no unused days.
 * - Cancel: no refund; it runs to `paid_until` and ends then (a past-due one ends at once).
 * - Renewal at `paid_until`: the price again, for the next period. Not covered: past due; retried on every run, and
 *   after GRACE_DAYS the subscription ends. Ending pauses the user's active providers.
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import { formatDecimal, parseDecimal, roundDecimal } from '../../../engine/format/decimal';
import type { ProvidersSubscriptionAnswer, SubscriptionQuote } from '../../../generated/types';
import type { NetworkConfig } from '../../config/networkConfig';
import type { Db } from '../../db/connect';
import { phrase, type Phrase } from '../../i18n/phrase';
import { sspFormatById } from '../../reference/sspFormats';
import { postEntries } from '../finances/public';
import { currencyOf, planJson, planName, planOf, type ProviderPlan } from './plans';
import { providerSubscriptions, trafficProviders, type SubscriptionStatus } from './tables';

export type SubscriptionRecord = typeof providerSubscriptions.$inferSelect;

/** Days a past-due subscription waits for the renewal to be paid before it ends and the providers pause. */
export const GRACE_DAYS = 3;

const DAY_MS = 86_400_000;
/** 00:00 UTC of the day `at` falls in. */
export const dayStart = (at: Date) => new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS);
const addDays = (at: Date, days: number) => new Date(at.getTime() + days * DAY_MS);
const cents = (amount: string) => roundDecimal(parseDecimal(amount), 2).units;
const money = (units: bigint) => formatDecimal({ units, scale: 2 }, 2);
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The days of a paid period from today (included) to `paidUntil`. */
export function unusedDays(paidUntil: Date, now: Date): number {
  return Math.max(0, Math.round((paidUntil.getTime() - dayStart(now).getTime()) / DAY_MS));
}

/** The credit for `days` unused of a period of `periodDays` at `price`: exact, half up to the cent, never above the price. */
export function creditFor(price: string, days: number, periodDays: number): string {
  const used = Math.min(days, periodDays);
  if (used <= 0) return '0.00';
  const n = cents(price) * BigInt(used);
  const d = BigInt(periodDays);
  return money((2n * n + d) / (2n * d));
}

/** What the user's providers use of a plan: active providers and the sum of their QPS limits. */
export interface ProviderUsage {
  providers: number;
  requestsPerSecond: number;
  /** Names of the private SSP formats active providers carry. */
  privateFormats: string[];
}

/**
 * Why the providers would not fit a plan: on a change of plan (`usage` is what the active providers use now), or on
 * adding or starting a provider (`usage` includes it). None when they fit.
 */
export function usageProblems(plan: ProviderPlan, usage: ProviderUsage, on: 'change' | 'add', name: string): Phrase[] {
  const problems: Phrase[] = [];
  const values = { plan: name, max: plan.maxProviders, count: usage.providers };
  if (usage.providers > plan.maxProviders) {
    problems.push(
      on === 'change'
        ? phrase('The {plan} plan allows {max} active providers and you have {count}: pause some first.', values)
        : phrase('Your {plan} plan allows {max} active providers and you have {count} already. Pause one, or change to a bigger plan.', { ...values, count: usage.providers - 1 }),
    );
  }
  if (usage.requestsPerSecond > plan.maxRequestsPerSecond) {
    const rps = { plan: name, max: plan.maxRequestsPerSecond, count: usage.requestsPerSecond };
    problems.push(
      on === 'change'
        ? phrase('The {plan} plan allows fewer than {max} requests per second and your active providers take up to {count}: pause some or lower their QPS limits first.', rps)
        : phrase('Your {plan} plan allows fewer than {max} requests per second; with this provider your active providers would take up to {count}. Lower its QPS limit, pause another provider, or change to a bigger plan.', rps),
    );
  }
  if (usage.privateFormats.length && !plan.allowPrivateSspFormats) {
    const formats = { plan: name, formats: usage.privateFormats.join(', ') };
    problems.push(
      on === 'change'
        ? phrase('The {plan} plan does not carry private SSP formats ({formats}): pause the providers that sell them first.', formats)
        : phrase('Your {plan} plan does not carry private SSP formats ({formats}). Remove them, or change to a plan that allows them.', formats),
    );
  }
  return problems;
}

/** What a call on a subscription could not do, and the message the user reads. */
export interface Refusal {
  refused: 'plan' | 'subscribed' | 'none' | 'same' | 'cancelled' | 'funds' | 'limits';
  message: Phrase;
}

export type Outcome = { subscription: SubscriptionRecord; charged: string } | Refusal;

/** A quote, or why the plan cannot be taken. */
export function quoteOf(current: SubscriptionRecord | undefined, currentPlan: ProviderPlan | undefined, plan: ProviderPlan, network: NetworkConfig, now: Date): SubscriptionQuote | Refusal {
  const currency = currencyOf(network);
  const base = { plan_id: plan.id, currency };
  if (!current) {
    if (plan.status !== 'active') return { refused: 'plan', message: phrase('This plan is no longer sold. Choose another one.') };
    const price = money(cents(plan.price));
    return { ...base, kind: 'subscribe', price, unused_days: 0, credit: '0.00', amount_due: price, paid_until: addDays(dayStart(now), plan.billingPeriodDays).toISOString() };
  }
  const same = plan.id === current.planId;
  if (same && current.status === 'cancelled') return { ...base, kind: 'resume', price: money(cents(plan.price)), unused_days: 0, credit: '0.00', amount_due: '0.00', paid_until: current.paidUntil.toISOString() };
  if (same && current.status === 'active') return { refused: 'same', message: phrase('You are on this plan already.') };
  // Past due on its own plan (archived or not): paying it now renews it from today, as a change to it would.
  if (!same && plan.status !== 'active') return { refused: 'plan', message: phrase('This plan is no longer sold. Choose another one.') };
  const days = current.status === 'past_due' || !currentPlan ? 0 : unusedDays(current.paidUntil, now);
  const credit = currentPlan ? creditFor(currentPlan.price, days, currentPlan.billingPeriodDays) : '0.00';
  const price = money(cents(plan.price));
  return { ...base, kind: 'change', price, unused_days: days, credit, amount_due: money(cents(price) - cents(credit)), paid_until: addDays(dayStart(now), plan.billingPeriodDays).toISOString() };
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Users' subscriptions: reads, the calls that change them, the renewal, and the plan's hold on providers. */
export function createProviderSubscriptions(db: Db) {
  /** The user's subscription that is not ended, locked when `lock` (inside a transaction). */
  async function live(executor: Db | Tx, userId: number, lock = false): Promise<SubscriptionRecord | undefined> {
    const query = executor
      .select()
      .from(providerSubscriptions)
      .where(and(eq(providerSubscriptions.userId, userId), ne(providerSubscriptions.status, 'ended')));
    const [row] = lock ? await query.for('update') : await query;
    return row;
  }

  async function usage(executor: Db | Tx, userId: number): Promise<ProviderUsage> {
    const rows = await executor
      .select({ qps: trafficProviders.qpsLimit, formats: trafficProviders.sspFormats })
      .from(trafficProviders)
      .where(and(eq(trafficProviders.userId, userId), eq(trafficProviders.status, 'active')));
    const privateFormats = [...new Set(rows.flatMap((r) => r.formats).filter((id) => sspFormatById.get(id)?.private))].map((id) => sspFormatById.get(id)!.name);
    return { providers: rows.length, requestsPerSecond: rows.reduce((sum, r) => sum + r.qps, 0), privateFormats };
  }

  /** Locks the user's row and answers their free balance (as the marketplace's approval reads it). */
  async function freeBalance(tx: Tx, userId: number): Promise<string> {
    await tx.execute(sql`select 1 from users where id = ${userId} for update`);
    const [row] = rowsOf<{ free: string }>(
      await tx.execute(sql`select (u.balance - coalesce(r.reserved, 0))::numeric(18,2)::text as free from users u left join reserved_balances r on r.user_id = u.id where u.id = ${userId}`),
    );
    return row?.free ?? '0.00';
  }

  /** Posts one charge (negative) or credit (positive) of the subscription, keyed by its charge count; nothing for zero. */
  async function post(tx: Tx, subscription: SubscriptionRecord, amount: bigint, note: string): Promise<number> {
    if (amount === 0n) return subscription.charges;
    const n = subscription.charges + 1;
    await postEntries(tx, [{ userId: subscription.userId, kind: 'subscription', amount: money(amount), key: `provider-plan:${subscription.id}:${n}`, note }]);
    return n;
  }

  const noFunds = (free: string, due: string, currency: string) =>
    ({ refused: 'funds', message: phrase('Your free balance ({free} {currency}) does not cover the {due} {currency} due. Add funds first.', { free, due, currency }) }) as const;

  const periodNote = (plan: ProviderPlan, from: Date, to: Date) => `${planName(plan, 'en')} plan, ${from.toISOString().slice(0, 10)} to ${addDays(to, -1).toISOString().slice(0, 10)}`;

  /** Pauses every active provider of the user (the subscription that allowed them ended); returns how many. */
  async function pauseProviders(tx: Tx, userId: number): Promise<number> {
    const paused = await tx
      .update(trafficProviders)
      .set({ status: 'paused', updatedAt: sql`now()` })
      .where(and(eq(trafficProviders.userId, userId), eq(trafficProviders.status, 'active')))
      .returning({ id: trafficProviders.id });
    return paused.length;
  }

  return {
    live: (userId: number) => live(db, userId),
    usage: (userId: number) => usage(db, userId),

    /** The user's subscription as the calls and the profile answer it, or null (none, or its plan left the config). */
    async answerOf(userId: number, network: NetworkConfig, locale: string): Promise<ProvidersSubscriptionAnswer | null> {
      const s = await live(db, userId);
      const plan = s && planOf(network, s.planId);
      if (!s || !plan) return null;
      const used = await usage(db, userId);
      return {
        id: s.id,
        paid_until: s.paidUntil.toISOString(),
        plan: planJson(plan, network, locale),
        status: s.status as ProvidersSubscriptionAnswer['status'],
        grace_until: graceUntil(s)?.toISOString() ?? null,
        usage: { providers: used.providers, requests_per_second: used.requestsPerSecond },
        created_at: s.createdAt.toISOString(),
      };
    },

    /** What taking `plan` would charge the user now, or why they cannot. */
    async quote(userId: number, network: NetworkConfig, plan: ProviderPlan, now: Date): Promise<SubscriptionQuote | Refusal> {
      const current = await live(db, userId);
      return quoteOf(current, current && planOf(network, current.planId), plan, network, now);
    },

    /** Subscribes a user without a subscription, charging the plan's price. */
    async subscribe(userId: number, network: NetworkConfig, plan: ProviderPlan, now: Date): Promise<Outcome> {
      return db.transaction(async (tx) => {
        const free = await freeBalance(tx, userId);
        if (await live(tx, userId, true)) return { refused: 'subscribed', message: phrase('You have a subscription already: change its plan instead.') } as const;
        const quote = quoteOf(undefined, undefined, plan, network, now);
        if ('refused' in quote) return quote;
        if (cents(free) < cents(quote.amount_due)) return noFunds(free, quote.amount_due, quote.currency);
        const paidUntil = new Date(quote.paid_until);
        const [created] = await tx.insert(providerSubscriptions).values({ userId, planId: plan.id, status: 'active', paidUntil }).returning();
        const charges = await post(tx, created, -cents(quote.amount_due), periodNote(plan, dayStart(now), paidUntil));
        const [subscription] = await tx.update(providerSubscriptions).set({ charges }).where(eq(providerSubscriptions.id, created.id)).returning();
        return { subscription, charged: quote.amount_due };
      });
    },

    /** Moves the user's subscription to another plan (prorated), or resumes a cancelled one on its own plan. */
    async change(userId: number, network: NetworkConfig, plan: ProviderPlan, now: Date, locale: string): Promise<Outcome> {
      return db.transaction(async (tx) => {
        const free = await freeBalance(tx, userId);
        const current = await live(tx, userId, true);
        if (!current) return { refused: 'none', message: phrase('You have no subscription to change: subscribe to a plan.') } as const;
        const quote = quoteOf(current, planOf(network, current.planId), plan, network, now);
        if ('refused' in quote) return quote;
        const problems = usageProblems(plan, await usage(tx, userId), 'change', planName(plan, locale));
        if (problems.length) return { refused: 'limits', message: problems[0] } as const;
        if (cents(quote.amount_due) > 0n && cents(free) < cents(quote.amount_due)) return noFunds(free, quote.amount_due, quote.currency);
        const paidUntil = new Date(quote.paid_until);
        const note = quote.kind === 'resume' ? '' : `${periodNote(plan, dayStart(now), paidUntil)} (${quote.credit} credited for ${quote.unused_days} unused days)`;
        const charges = await post(tx, current, -cents(quote.amount_due), note);
        const [subscription] = await tx
          .update(providerSubscriptions)
          .set({ planId: plan.id, status: 'active', paidUntil, charges, pastDueSince: null, updatedAt: sql`now()` })
          .where(eq(providerSubscriptions.id, current.id))
          .returning();
        return { subscription, charged: quote.amount_due };
      });
    },

    /** Cancels: no renewal, it runs to paid_until (a past-due one ends now, and the providers pause). */
    async cancel(userId: number, now: Date): Promise<Outcome & { pausedProviders?: number }> {
      return db.transaction(async (tx) => {
        const current = await live(tx, userId, true);
        if (!current) return { refused: 'none', message: phrase('You have no subscription to cancel.') } as const;
        if (current.status === 'cancelled') return { refused: 'cancelled', message: phrase('Your subscription is cancelled already: it ends at the end of its paid period.') } as const;
        const ends = current.status === 'past_due';
        const [subscription] = await tx
          .update(providerSubscriptions)
          .set(ends ? { status: 'ended', endedAt: now, updatedAt: sql`now()` } : { status: 'cancelled', updatedAt: sql`now()` })
          .where(eq(providerSubscriptions.id, current.id))
          .returning();
        const pausedProviders = ends ? await pauseProviders(tx, userId) : 0;
        return { subscription, charged: '0.00', pausedProviders };
      });
    },

    /**
     * Runs `write` in a transaction only if the user's plan still fits once `adding` joins their active providers
     * (the subscription row is locked meanwhile, so two additions cannot both take the last place).
     */
    async withinPlan<T>(userId: number, network: NetworkConfig, locale: string, adding: { qpsLimit: number; sspFormats: readonly string[] }, write: (tx: Tx) => Promise<T>): Promise<{ done: T } | Refusal> {
      return db.transaction(async (tx) => {
        const current = await live(tx, userId, true);
        const plan = current && planOf(network, current.planId);
        if (!current || !plan) return { refused: 'none', message: phrase('Traffic providers need a subscription plan: subscribe to one first.') } as const;
        const now = await usage(tx, userId);
        const privateNames = adding.sspFormats.filter((id) => sspFormatById.get(id)?.private).map((id) => sspFormatById.get(id)!.name);
        const after = { providers: now.providers + 1, requestsPerSecond: now.requestsPerSecond + adding.qpsLimit, privateFormats: [...new Set([...now.privateFormats, ...privateNames])] };
        const problems = usageProblems(plan, after, 'add', planName(plan, locale));
        if (problems.length) return { refused: 'limits', message: problems[0] } as const;
        return { done: await write(tx) };
      });
    },

    /**
     * One pass of the renewal job: renews what is due, marks unpaid renewals past due, and ends cancelled
     * subscriptions at paid_until and past-due ones after the grace period (pausing their providers).
     */
    async renew(now: Date, networkOf: (networkId: string) => NetworkConfig | undefined): Promise<RenewalEvent[]> {
      const due = rowsOf<{ id: number; user_id: number; network_id: string }>(
        await db.execute(sql`
          select s.id, s.user_id, u.network_id from traffic_provider_subscriptions s join users u on u.id = s.user_id
          where (s.status in ('active', 'cancelled') and s.paid_until <= ${now.toISOString()}::timestamptz) or s.status = 'past_due'
          order by s.id`),
      );
      const events: RenewalEvent[] = [];
      for (const { id, user_id: userId, network_id: networkId } of due) {
        const network = networkOf(networkId);
        if (!network) continue;
        const event = await db.transaction(async (tx): Promise<RenewalEvent | null> => {
          const free = await freeBalance(tx, userId);
          const [s] = await tx.select().from(providerSubscriptions).where(eq(providerSubscriptions.id, id)).for('update');
          if (!s || s.status === 'ended' || (s.status !== 'past_due' && s.paidUntil > now)) return null;
          const plan = planOf(network, s.planId);
          const end = async (why: RenewalEvent['kind']) => {
            await tx.update(providerSubscriptions).set({ status: 'ended', endedAt: now, updatedAt: sql`now()` }).where(eq(providerSubscriptions.id, s.id));
            return { kind: why, subscription: s, plan, pausedProviders: await pauseProviders(tx, userId), network } satisfies RenewalEvent;
          };
          if (s.status === 'cancelled' || !plan) return end('ended');
          if (cents(free) >= cents(plan.price)) {
            // On time, the next period follows the last; paid late, it starts the day it is paid.
            const from = s.status === 'active' ? s.paidUntil : dayStart(now);
            const paidUntil = addDays(from, plan.billingPeriodDays);
            const charges = await post(tx, s, -cents(plan.price), periodNote(plan, from, paidUntil));
            const [renewed] = await tx
              .update(providerSubscriptions)
              .set({ status: 'active', paidUntil, charges, pastDueSince: null, updatedAt: sql`now()` })
              .where(eq(providerSubscriptions.id, s.id))
              .returning();
            return { kind: 'paid', subscription: renewed, plan, pausedProviders: 0, network };
          }
          if (s.status === 'active') {
            const [late] = await tx.update(providerSubscriptions).set({ status: 'past_due', pastDueSince: now, updatedAt: sql`now()` }).where(eq(providerSubscriptions.id, s.id)).returning();
            return { kind: 'failed', subscription: late, plan, pausedProviders: 0, network };
          }
          return s.pastDueSince && now.getTime() - s.pastDueSince.getTime() >= GRACE_DAYS * DAY_MS ? end('lapsed') : null;
        });
        if (event) events.push(event);
      }
      return events;
    },
  };
}

/** What a renewal pass did to one subscription, for the notifications and the billing rules. */
export interface RenewalEvent {
  /** paid: renewed; failed: the renewal is unpaid (past due); lapsed: unpaid past the grace period; ended: cancelled and run out. */
  kind: 'paid' | 'failed' | 'lapsed' | 'ended';
  subscription: SubscriptionRecord;
  plan: ProviderPlan | undefined;
  pausedProviders: number;
  network: NetworkConfig;
}

export type ProviderSubscriptions = ReturnType<typeof createProviderSubscriptions>;

/** When a past-due subscription ends unless paid. */
export const graceUntil = (s: Pick<SubscriptionRecord, 'status' | 'pastDueSince'>) => (s.status === 'past_due' && s.pastDueSince ? new Date(s.pastDueSince.getTime() + GRACE_DAYS * DAY_MS) : null);

export type { SubscriptionStatus };
