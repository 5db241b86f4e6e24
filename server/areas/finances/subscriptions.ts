/**
 * Automatic top-ups (the spec's recurring payments customer): a card kept from a payment the user made with "keep
 * the card", charged `change_amount` when the free balance falls below `threshold`. The job charges at most one
 * top-up per user at a time (none while one is pending), through the same exactly-once event path as webhooks; a
 * refused charge stops the top-ups until the user saves them again (paymentEvents.ts), so a card is never
 * charged in a loop.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { FinancesPaymentSubscriptionAnswer } from '../../../generated/types';
import { quote } from '../../../engine/money/quote';
import type { Db } from '../../db/connect';
import { methodOf } from '../../settings/paymentMethods';
import { afterPaymentEvent } from './paymentEvents';
import { createPaymentsRepository, paymentNumber } from './payments';
import { paymentSubscriptions, payments } from './tables';

export type SubscriptionRecord = typeof paymentSubscriptions.$inferSelect & { cardLast4: string | null };

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export function subscriptionJson(s: SubscriptionRecord | undefined): FinancesPaymentSubscriptionAnswer {
  if (!s) return null;
  return {
    id: s.userId,
    change_amount: s.changeAmount,
    threshold: s.threshold,
    customer_id: s.customerRef.length > 16 ? `${s.customerRef.slice(0, 12)}…` : s.customerRef,
    payment_method_id: s.paymentMethodId,
    card_last4: s.cardLast4,
    failed_at: s.failedAt?.toISOString() ?? null,
  };
}

export function createSubscriptionsRepository(db: Db) {
  /** The last 4 digits of the card a customer reference keeps, from the payment that kept it. */
  const last4Of = async (userId: number, customerRef: string) => {
    const [row] = rowsOf<{ last4: string | null }>(
      await db.execute(sql`select metadata ->> 'card_last4' as last4 from payments where user_id = ${userId} and metadata ->> 'customer_ref' = ${customerRef} order by id desc limit 1`),
    );
    return row?.last4 ?? null;
  };

  return {
    async find(userId: number): Promise<SubscriptionRecord | undefined> {
      const [row] = await db.select().from(paymentSubscriptions).where(eq(paymentSubscriptions.userId, userId));
      return row && { ...row, cardLast4: await last4Of(userId, row.customerRef) };
    },

    /** The card kept by the user's latest succeeded payment with the method that asked to keep one. */
    async keptCard(userId: number, paymentMethodId: number): Promise<{ customerRef: string; cardLast4: string | null } | undefined> {
      const [row] = await db
        .select({ metadata: payments.metadata })
        .from(payments)
        .where(and(eq(payments.userId, userId), eq(payments.paymentMethodId, paymentMethodId), eq(payments.status, 'succeeded'), sql`${payments.metadata} ? 'customer_ref'`))
        .orderBy(desc(payments.paidAt))
        .limit(1);
      const meta = row?.metadata as { customer_ref?: string; card_last4?: string } | undefined;
      return meta?.customer_ref ? { customerRef: meta.customer_ref, cardLast4: meta.card_last4 ?? null } : undefined;
    },

    /** Sets the top-up (a save clears a failed state). */
    async save(userId: number, s: { paymentMethodId: number; changeAmount: string; threshold: string; customerRef: string; cardLast4: string | null }): Promise<SubscriptionRecord> {
      const values = { paymentMethodId: s.paymentMethodId, changeAmount: s.changeAmount, threshold: s.threshold, customerRef: s.customerRef, failedAt: null, updatedAt: new Date() };
      const [row] = await db
        .insert(paymentSubscriptions)
        .values({ userId, ...values })
        .onConflictDoUpdate({ target: paymentSubscriptions.userId, set: values })
        .returning();
      return { ...row!, cardLast4: s.cardLast4 };
    },

    async remove(userId: number): Promise<void> {
      await db.delete(paymentSubscriptions).where(eq(paymentSubscriptions.userId, userId));
    },
  };
}

export type SubscriptionsRepository = ReturnType<typeof createSubscriptionsRepository>;

/** At most one automatic top-up an hour: an amount smaller than the spend never turns into a charge every pass. */
const TOP_UP_PAUSE = '1 hour';

/**
 * Users whose free balance is below their top-up's threshold, with no failed or unfinished top-up and none made in
 * the last hour (counted from the user's last save of the top-up, which re-arms it at once).
 */
async function dueTopUps(db: Db, now: Date) {
  return rowsOf<{ user_id: number; network_id: string; payment_method_id: number; change_amount: string; customer_ref: string }>(
    await db.execute(sql`
      select s.user_id, u.network_id, s.payment_method_id, s.change_amount::text, s.customer_ref
      from payment_subscriptions s join users u on u.id = s.user_id
      where s.failed_at is null
        and u.balance - coalesce((select r.reserved from reserved_balances r where r.user_id = u.id), 0) < s.threshold
        and not exists (select 1 from payments p where p.user_id = s.user_id and p.is_subscription and p.status in ('created', 'pending'))
        and not exists (select 1 from payments p where p.user_id = s.user_id and p.is_subscription
                          and p.created_at > greatest(s.updated_at, ${now.toISOString()}::timestamptz - ${TOP_UP_PAUSE}::interval))
      order by s.user_id`),
  );
}

/**
 * One pass of the top-up job: for each due user, a pending payment (keyed by the user and the minute, so two
 * processes in the same pass make one), the kept card charged, and the outcome applied as a gateway event.
 */
export async function runTopUps(app: FastifyInstance, now: Date): Promise<number> {
  const { db } = app.platform;
  const repo = createPaymentsRepository(db);
  let charged = 0;
  for (const due of await dueTopUps(db, now)) {
    const network = app.platform.networks.get(due.network_id);
    const method = methodOf(network, due.payment_method_id);
    const gateway = method && app.finances.gateways.get(method.gateway);
    if (!method || !gateway) continue;
    const priced = quote(due.change_amount, { feePercent: method.feePercent, bonuses: method.bonuses ?? [] });
    const payment = await repo.create({
      userId: due.user_id,
      paymentMethodId: method.id,
      methodType: method.type,
      gateway: method.gateway,
      amount: priced.amount,
      fee: priced.fee,
      bonus: priced.bonus,
      currency: network.settings.payments?.currency ?? 'USD',
      idempotencyKey: `top-up:${Math.floor(now.getTime() / 60_000)}`,
      isSubscription: true,
      status: 'pending',
    });
    if (!payment) continue;
    let result: Awaited<ReturnType<typeof gateway.chargeSaved>>;
    try {
      result = await gateway.chargeSaved({ customerRef: due.customer_ref, paymentId: payment.id, amount: payment.amount, currency: payment.currency, description: `${network.name}: ${paymentNumber(payment.id)}` });
    } catch (e) {
      app.log.error(e, 'an automatic top-up could not reach the gateway');
      result = { ref: `unreached:${payment.id}`, status: 'failed', failureReason: 'The payment service did not answer.' };
    }
    if (result.status === 'pending') continue; // the gateway's webhook finishes it
    const outcome = await repo.applyEvent(gateway.id, {
      eventId: `charge:${result.ref}`,
      type: result.status === 'succeeded' ? 'payment.succeeded' : 'payment.failed',
      paymentId: payment.id,
      ref: result.ref,
      ...(result.failureReason ? { failureReason: result.failureReason } : {}),
    }, now);
    await afterPaymentEvent(app, outcome);
    charged += 1;
  }
  return charged;
}
