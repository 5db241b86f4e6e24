/**
 * Payments: a top-up is created (its quote fixed, the gateway's checkout opened), and only a verified gateway event
 * moves money. `applyGatewayEvent` applies each event once by its id (`gateway_events`), under a lock on the
 * payment, and the ledger entries of a payment are keyed by its id: a success delivered two hundred times, or by two
 * different events, deposits once.
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FinancesPayment, FinancesPaymentAnswer, PaymentsQuery } from '../../../generated/types';
import { compareDecimals, formatDecimal, parseDecimal, sumDecimals, ZERO } from '../../../engine/format/decimal';
import type { Db } from '../../db/connect';
import { pageOrder, searchCondition, selectPage, type PageRequest } from '../../db/listing';
import type { CheckoutForm, GatewayEvent } from './gateways/gateway';
import { postEntries, type Executor } from './ledger';
import { gatewayEvents, payments, type PaymentStatus } from './tables';

export type PaymentRecord = typeof payments.$inferSelect;
export type PaymentsPageQuery = PaymentsQuery & PageRequest<NonNullable<PaymentsQuery['sort']>>;
export type PaymentInput = FinancesPayment;

/** What a new payment is, once its method and quote are known. */
export interface NewPayment {
  userId: number;
  paymentMethodId: number;
  methodType: string;
  gateway: string;
  amount: string;
  fee: string;
  bonus: string;
  currency: string;
  idempotencyKey: string | null;
  isSubscription?: boolean;
  /** The user asked to keep the card for recurring top-ups. */
  saveCard?: boolean;
  status?: PaymentStatus;
}

/** What applying an event did. */
export interface EventOutcome {
  /** False when this event id was applied before (nothing changed). */
  applied: boolean;
  payment?: PaymentRecord;
  /** The status the payment moved to, when it moved. */
  movedTo?: PaymentStatus;
}

const SORT: Record<PaymentsPageQuery['sort'], SQL | PgColumn> = {
  id: payments.id,
  number: payments.id,
  amount: payments.amount,
  status: payments.status,
  created_at: payments.createdAt,
  paid_at: sql`coalesce(${payments.paidAt}, ${payments.createdAt})`,
};

const isPositive = (money: string) => compareDecimals(parseDecimal(money), ZERO) > 0;

/** What a payment brings to the balance: amount − fee + bonus, exactly (2 decimals). */
export function creditedOf(p: Pick<PaymentRecord, 'amount' | 'fee' | 'bonus'>): string {
  const fee = parseDecimal(p.fee);
  return formatDecimal(sumDecimals([parseDecimal(p.amount), { units: -fee.units, scale: fee.scale }, parseDecimal(p.bonus)]), 2);
}

/** A payment's number as documents print it. */
export const paymentNumber = (id: number) => `P-${id}`;

/** Where each status may go when the gateway says so; anything else is a late or repeated event and is ignored. */
const MOVES: Record<GatewayEvent['type'], { to: PaymentStatus; from: readonly PaymentStatus[] }> = {
  'payment.pending': { to: 'pending', from: ['created'] },
  'payment.succeeded': { to: 'succeeded', from: ['created', 'pending', 'failed', 'cancelled'] },
  'payment.failed': { to: 'failed', from: ['created', 'pending'] },
  'payment.refunded': { to: 'refunded', from: ['succeeded'] },
};

/** The payment as the API answers it. */
export function paymentJson(p: PaymentRecord): FinancesPaymentAnswer {
  const meta = p.metadata as { method_type?: string; checkout?: CheckoutForm };
  return {
    id: p.id,
    number: paymentNumber(p.id),
    payment_method: { id: p.paymentMethodId, type: meta.method_type ?? 'card' },
    amount: p.amount,
    fee: p.fee,
    bonus: p.bonus,
    credited: creditedOf(p),
    currency: p.currency,
    status: p.status,
    failure_reason: p.failureReason,
    form_params: p.status === 'created' && meta.checkout ? meta.checkout : null,
    metadata: { is_subscription: p.isSubscription },
    is_downloadable: p.status === 'succeeded' || p.status === 'refunded',
    created_at: p.createdAt.toISOString(),
    paid_at: p.paidAt?.toISOString() ?? null,
  };
}

/**
 * The ledger entries of a succeeded payment: the deposit, the fee kept, the bonus; keyed by the payment, so
 * they are written once whatever calls this.
 */
export function depositEntries(p: PaymentRecord, at: Date) {
  const base = { userId: p.userId, paymentId: p.id, at };
  return [
    { ...base, kind: 'deposit' as const, amount: p.amount, key: `payment:${p.id}:deposit`, note: paymentNumber(p.id) },
    ...(isPositive(p.fee) ? [{ ...base, kind: 'gateway_fee' as const, amount: `-${p.fee}`, key: `payment:${p.id}:fee`, note: paymentNumber(p.id) }] : []),
    ...(isPositive(p.bonus) ? [{ ...base, kind: 'bonus' as const, amount: p.bonus, key: `payment:${p.id}:bonus`, note: paymentNumber(p.id) }] : []),
  ];
}

/** The payments of every user, scoped by the caller to the owner. */
export function createPaymentsRepository(db: Db) {
  return {
    /** A page of the user's payments and how many match. */
    async page(userId: number, q: PaymentsPageQuery): Promise<{ rows: PaymentRecord[]; filtered: number }> {
      const search = q.search?.trim().replace(/^P-/i, '');
      const where = and(eq(payments.userId, userId), q.status?.length ? inArray(payments.status, q.status) : undefined, searchCondition(search, payments.id, []));
      return selectPage(db, payments, where, pageOrder(q.order, SORT[q.sort], payments.id), q);
    },

    /** The user's payment (undefined for another user's or a missing one). */
    async find(userId: number, id: number): Promise<PaymentRecord | undefined> {
      const [row] = await db.select().from(payments).where(and(eq(payments.id, id), eq(payments.userId, userId)));
      return row;
    },

    /** The user's payment made with this Idempotency-Key, if any. */
    async byIdempotencyKey(userId: number, key: string): Promise<PaymentRecord | undefined> {
      const [row] = await db.select().from(payments).where(and(eq(payments.userId, userId), eq(payments.idempotencyKey, key)));
      return row;
    },

    /** Inserts the payment; undefined when the user's Idempotency-Key was taken meanwhile (the caller reads that one). */
    async create(input: NewPayment, tx: Pick<Db, 'insert'> = db): Promise<PaymentRecord | undefined> {
      const [row] = await tx
        .insert(payments)
        .values({
          userId: input.userId,
          paymentMethodId: input.paymentMethodId,
          gateway: input.gateway,
          amount: input.amount,
          fee: input.fee,
          bonus: input.bonus,
          currency: input.currency,
          idempotencyKey: input.idempotencyKey,
          isSubscription: input.isSubscription ?? false,
          status: input.status ?? 'created',
          metadata: { method_type: input.methodType, ...(input.saveCard ? { save_card: true } : {}) },
        })
        .onConflictDoNothing()
        .returning();
      return row;
    },

    /** Saves the checkout the gateway opened (its ref, and the form the browser posts while the payment is created). */
    async setCheckout(id: number, ref: string, form: CheckoutForm): Promise<PaymentRecord> {
      const [row] = await db
        .update(payments)
        .set({ gatewayRef: ref, metadata: sql`${payments.metadata} || ${JSON.stringify({ checkout: form })}::jsonb`, updatedAt: sql`now()` })
        .where(eq(payments.id, id))
        .returning();
      return row;
    },

    /** The gateway could not open a checkout: the payment fails with the reason. */
    async fail(id: number, reason: string): Promise<PaymentRecord> {
      const [row] = await db.update(payments).set({ status: 'failed', failureReason: reason.slice(0, 300), updatedAt: sql`now()` }).where(eq(payments.id, id)).returning();
      return row;
    },

    /**
     * Applies a verified gateway event once: the event id is recorded in the same transaction as its effect, the
     * payment row is locked, and only the moves of `MOVES` happen. A success writes the deposit entries (keyed by
     * the payment) and keeps a saved card's reference for recurring top-ups.
     */
    async applyEvent(gateway: string, event: GatewayEvent, now = new Date()): Promise<EventOutcome> {
      return db.transaction(async (tx) => {
        const [recorded] = await tx
          .insert(gatewayEvents)
          .values({ gateway, eventId: event.eventId, type: event.type, paymentId: event.paymentId })
          .onConflictDoNothing()
          .returning({ eventId: gatewayEvents.eventId });
        if (!recorded) return { applied: false };
        const [payment] = await tx.select().from(payments).where(and(eq(payments.id, event.paymentId), eq(payments.gateway, gateway))).for('update');
        // An event must name the checkout the payment opened: a signed event for another checkout changes nothing.
        if (!payment || (payment.gatewayRef && payment.gatewayRef !== event.ref)) return { applied: true };
        const move = MOVES[event.type];
        if (!move.from.includes(payment.status)) return { applied: true, payment };
        const [moved] = await tx
          .update(payments)
          .set({
            status: move.to,
            updatedAt: now,
            ...(move.to === 'succeeded' ? { paidAt: now, failureReason: null } : {}),
            ...(move.to === 'failed' ? { failureReason: (event.failureReason ?? 'The payment was declined.').slice(0, 300) } : {}),
            ...(event.customerRef || event.cardLast4 ? { metadata: sql`${payments.metadata} || ${JSON.stringify(cardOf(event))}::jsonb` } : {}),
            ...(payment.gatewayRef ? {} : { gatewayRef: event.ref }),
          })
          .where(eq(payments.id, payment.id))
          .returning();
        if (move.to === 'succeeded') await postEntries(tx, depositEntries(moved, now));
        if (move.to === 'refunded') await postEntries(tx, refundEntries(moved, now));
        return { applied: true, payment: moved, movedTo: move.to };
      });
    },

    /** Marks a payment succeeded without a gateway (staff recording a bank transfer), with its deposit; once. */
    async succeed(tx: Executor & Pick<Db, 'update'>, payment: PaymentRecord, now: Date): Promise<PaymentRecord> {
      const [moved] = await tx.update(payments).set({ status: 'succeeded', paidAt: now, updatedAt: now }).where(eq(payments.id, payment.id)).returning();
      await postEntries(tx, depositEntries(moved, now));
      return moved;
    },
  };
}

/** What a succeeded event tells of the card: the saved customer for top-ups and its last digits. */
function cardOf(event: GatewayEvent): { customer_ref?: string; card_last4?: string } {
  return { ...(event.customerRef ? { customer_ref: event.customerRef } : {}), ...(event.cardLast4 ? { card_last4: event.cardLast4 } : {}) };
}

/** A refund takes back what the payment credited (the fee stays the gateway's). */
function refundEntries(p: PaymentRecord, at: Date) {
  return [{ userId: p.userId, paymentId: p.id, at, kind: 'refund' as const, amount: `-${creditedOf(p)}`, key: `payment:${p.id}:refund`, note: paymentNumber(p.id) }];
}

export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
