/**
 * Money (the finances area): the ledger every balance change is written to, the payments that put money in, the
 * gateways' webhook events, invoices, recurring top-ups and each user's billing state.
 * Tables are the database contract areas share: another area may import this file (foreign keys, joins).
 */
import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, jsonb, numeric, pgTable, pgView, primaryKey, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from '../../db/schema';

/** What a ledger entry records. Credits are positive, debits negative. */
export const LEDGER_KINDS = ['deposit', 'gateway_fee', 'bonus', 'campaign_spend', 'refund', 'adjustment', 'subscription', 'flat_deal', 'referral_commission'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** A payment's life: created (the user may still leave the gateway), pending (the gateway is deciding), and its end. */
export const PAYMENT_STATUSES = ['created', 'pending', 'succeeded', 'failed', 'cancelled', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * The ledger: append-only, one row per change of a user's money, in NUMERIC to 6 decimals (a CPM impression
 * costs a thousandth of a price, and the statistics keep 6). A balance is the sum of its user's entries;
 * `users.balance` is that sum kept beside it for speed, changed in the same transaction as each entry (a test holds
 * them equal). `key` makes an entry happen once: a payment's deposit, an hour's spend correction, a staff
 * adjustment by its request key. Rows are never updated or deleted: a correction is another entry.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 24 }).$type<LedgerKind>().notNull(),
    amount: numeric('amount', { precision: 20, scale: 6 }).notNull(),
    /** The hour of campaign spend this entry charges (campaign_spend only). */
    hour: timestamp('hour', { withTimezone: true }),
    paymentId: integer('payment_id'),
    invoiceId: integer('invoice_id'),
    /** Makes the entry happen once per user (see above); null for entries that cannot repeat by construction. */
    key: varchar('key', { length: 120 }),
    note: varchar('note', { length: 500 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_entries_user_key_unique').on(t.userId, t.key),
    index('ledger_entries_user_time_idx').on(t.userId, t.createdAt),
    index('ledger_entries_user_hour_idx').on(t.userId, t.hour).where(sql`${t.hour} is not null`),
    check('ledger_entries_kind_check', sql`${t.kind} in (${inList(LEDGER_KINDS)})`),
    check('ledger_entries_spend_hour_check', sql`(${t.kind} = 'campaign_spend') = (${t.hour} is not null)`),
  ],
);

/**
 * A user's billing state: from which hour their campaigns' spend is charged (hours before were charged by the
 * system before this ledger, or precede the account), and which balance notices were sent, so each is sent once
 * per crossing rather than every hour.
 */
export const billingAccounts = pgTable('billing_accounts', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  spendFrom: timestamp('spend_from', { withTimezone: true }).notNull(),
  lowBalanceNotifiedAt: timestamp('low_balance_notified_at', { withTimezone: true }),
  frozenAt: timestamp('frozen_at', { withTimezone: true }),
  /** When the user was told the balance runs out within days at the current spend (cleared once it lasts longer). */
  expiringNotifiedAt: timestamp('expiring_notified_at', { withTimezone: true }),
});

/**
 * Money a user puts in: through a gateway (card, PayPal, crypto: `gateway` sandbox or stripe) or by bank transfer
 * against an invoice (`gateway` invoice). Amounts in the network's currency to 2 decimals: what the user pays, the
 * gateway fee kept from it, the bonus added, so the balance gains `amount − fee + bonus` once it succeeds.
 */
export const payments = pgTable(
  'payments',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity({ startWith: 10001 }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    paymentMethodId: integer('payment_method_id').notNull(),
    gateway: varchar('gateway', { length: 16 }).notNull(),
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
    fee: numeric('fee', { precision: 18, scale: 2 }).notNull(),
    bonus: numeric('bonus', { precision: 18, scale: 2 }).notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    status: varchar('status', { length: 16 }).$type<PaymentStatus>().notNull().default('created'),
    /** The gateway's id of the checkout or charge. */
    gatewayRef: varchar('gateway_ref', { length: 200 }),
    /** The client's Idempotency-Key of the create call: the same key answers the same payment. */
    idempotencyKey: varchar('idempotency_key', { length: 100 }),
    /** A recurring top-up's charge rather than one the user started. */
    isSubscription: boolean('is_subscription').notNull().default(false),
    failureReason: varchar('failure_reason', { length: 300 }),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payments_user_idempotency_unique').on(t.userId, t.idempotencyKey),
    uniqueIndex('payments_gateway_ref_unique').on(t.gateway, t.gatewayRef),
    index('payments_user_time_idx').on(t.userId, t.createdAt),
    check('payments_status_check', sql`${t.status} in (${inList(PAYMENT_STATUSES)})`),
    check('payments_amounts_check', sql`${t.amount} > 0 and ${t.fee} >= 0 and ${t.bonus} >= 0 and ${t.fee} <= ${t.amount}`),
  ],
);

/**
 * Every webhook event a gateway delivered, by its own event id: the first delivery inserts the row and applies
 * it in the same transaction; a repeat (the gateway retries, or two deliveries race) finds the row and changes
 * nothing.
 */
export const gatewayEvents = pgTable(
  'gateway_events',
  {
    gateway: varchar('gateway', { length: 16 }).notNull(),
    eventId: varchar('event_id', { length: 200 }).notNull(),
    type: varchar('type', { length: 80 }).notNull(),
    paymentId: integer('payment_id'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.gateway, t.eventId] })],
);

/** Invoice states: unpaid ones may be edited and deleted; staff mark them paid when the transfer arrives. */
export const INVOICE_STATUSES = ['unpaid', 'paid', 'cancelled'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/**
 * Invoices a company asks for to pay by bank transfer. The buyer's details are copied from the profile when the
 * invoice is made or edited, so a later profile edit does not change an issued document. Paying one enters a
 * deposit (a payment with gateway `invoice`).
 */
export const invoices = pgTable(
  'invoices',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity({ startWith: 501 }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    paymentMethodId: integer('payment_method_id').notNull(),
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    status: varchar('status', { length: 16 }).$type<InvoiceStatus>().notNull().default('unpaid'),
    buyer: jsonb('buyer').$type<Record<string, string | null>>().notNull(),
    note: varchar('note', { length: 500 }),
    paymentId: integer('payment_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    index('invoices_user_time_idx').on(t.userId, t.createdAt),
    check('invoices_status_check', sql`${t.status} in (${inList(INVOICE_STATUSES)})`),
    check('invoices_amount_check', sql`${t.amount} > 0`),
  ],
);

/**
 * A user's recurring top-up: when their free balance falls below `threshold`, the saved method (`customerRef`, the
 * gateway's saved card or customer) is charged `changeAmount`. One charge at a time; a failed one notifies and
 * waits for the user (`failedAt`) instead of retrying in a loop.
 */
export const paymentSubscriptions = pgTable('payment_subscriptions', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  paymentMethodId: integer('payment_method_id').notNull(),
  changeAmount: numeric('change_amount', { precision: 18, scale: 2 }).notNull(),
  threshold: numeric('threshold', { precision: 18, scale: 2 }).notNull(),
  customerRef: varchar('customer_ref', { length: 200 }).notNull(),
  failedAt: timestamp('failed_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What each user's balance holds for the work it has paid for in advance: the reserves of active campaigns and the
 * price not yet charged of approved flat deals. Free balance is `users.balance` less this; every reader of a free
 * balance (finance summary, dashboard, top-ups, a campaign's reserve, a deal's approval) reads it here, so a new kind
 * of reserve is one more branch of this view.
 */
export const reservedBalances = pgView('reserved_balances', {
  userId: integer('user_id').notNull(),
  reserved: numeric('reserved', { precision: 18, scale: 2 }).notNull(),
}).as(sql`
  select user_id, sum(amount)::numeric(18,2) as reserved from (
    select user_id, reserved_balance as amount from campaigns where status = 'active'
    union all
    select user_id, price - charged from flat_deal_applications where status = 'approved'
  ) held group by user_id`);
