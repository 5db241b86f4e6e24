/**
 * Invoices: a company asks for one to pay by bank transfer; it may be changed or deleted while unpaid; support
 * staff mark it paid when the money arrives, which records a payment (gateway `invoice`) and its deposit in one
 * transaction, once.
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FinancesInvoiceAnswer, InvoicesQuery } from '../../../generated/types';
import type { Quote } from '../../../engine/money/quote';
import type { Db } from '../../db/connect';
import { pageOrder, searchCondition, selectPage, type PageRequest } from '../../db/listing';
import type { UserRow } from '../../repositories/usersRepository';
import { createPaymentsRepository, type PaymentRecord } from './payments';
import { invoices } from './tables';

export type InvoiceRecord = typeof invoices.$inferSelect;
export type InvoicesPageQuery = InvoicesQuery & PageRequest<NonNullable<InvoicesQuery['sort']>>;
export type Buyer = FinancesInvoiceAnswer['buyer'];

const SORT: Record<InvoicesPageQuery['sort'], SQL | PgColumn> = {
  id: invoices.id,
  number: invoices.id,
  amount: invoices.amount,
  status: invoices.status,
  created_at: invoices.createdAt,
  paid_at: sql`coalesce(${invoices.paidAt}, ${invoices.createdAt})`,
};

/** The invoice's number as the document prints it: INV-<year of issue>-<id, 6 digits>. */
export const invoiceNumber = (invoice: Pick<InvoiceRecord, 'id' | 'createdAt'>) => `INV-${invoice.createdAt.getUTCFullYear()}-${String(invoice.id).padStart(6, '0')}`;

/** The buyer block of an invoice, copied from the user's profile when it is saved. */
export function buyerOf(user: UserRow): Buyer {
  return { company_name: user.companyName ?? user.name, company_address: user.companyAddress, company_site: user.companySite, vat: user.vat, email: user.email };
}

export function invoiceJson(i: InvoiceRecord): FinancesInvoiceAnswer {
  const buyer = i.buyer as Buyer;
  return {
    id: i.id,
    number: invoiceNumber(i),
    amount: i.amount,
    currency: i.currency,
    status: i.status,
    note: i.note,
    buyer: { company_name: buyer.company_name ?? null, company_address: buyer.company_address ?? null, company_site: buyer.company_site ?? null, vat: buyer.vat ?? null, email: buyer.email ?? null },
    payment_id: i.paymentId,
    created_at: i.createdAt.toISOString(),
    updated_at: i.updatedAt.toISOString(),
    paid_at: i.paidAt?.toISOString() ?? null,
  };
}

export function createInvoicesRepository(db: Db) {
  const payments = createPaymentsRepository(db);
  return {
    async page(userId: number, q: InvoicesPageQuery): Promise<{ rows: InvoiceRecord[]; filtered: number }> {
      const search = q.search?.trim().replace(/^INV-\d{4}-0*/i, '');
      const where = and(eq(invoices.userId, userId), q.status?.length ? inArray(invoices.status, q.status) : undefined, searchCondition(search, invoices.id, []));
      return selectPage(db, invoices, where, pageOrder(q.order, SORT[q.sort], invoices.id), q);
    },

    async find(userId: number, id: number): Promise<InvoiceRecord | undefined> {
      const [row] = await db.select().from(invoices).where(and(eq(invoices.id, id), eq(invoices.userId, userId)));
      return row;
    },

    /** Any user's invoice of the network (staff). */
    async findInNetwork(networkId: string, id: number): Promise<InvoiceRecord | undefined> {
      const [row] = await db.select().from(invoices).where(and(eq(invoices.id, id), sql`${invoices.userId} in (select id from users where network_id = ${networkId})`));
      return row;
    },

    async create(values: { userId: number; paymentMethodId: number; amount: string; currency: string; buyer: Buyer; note: string | null }): Promise<InvoiceRecord> {
      const [row] = await db.insert(invoices).values(values).returning();
      return row!;
    },

    /** Changes an unpaid invoice; undefined when it is no longer unpaid (staff marked it paid meanwhile). */
    async update(id: number, values: { amount: string; buyer: Buyer; note: string | null }): Promise<InvoiceRecord | undefined> {
      const [row] = await db
        .update(invoices)
        .set({ ...values, updatedAt: sql`now()` })
        .where(and(eq(invoices.id, id), eq(invoices.status, 'unpaid')))
        .returning();
      return row;
    },

    /** Deletes an unpaid invoice; false when it is no longer unpaid. */
    async delete(id: number): Promise<boolean> {
      const deleted = await db.delete(invoices).where(and(eq(invoices.id, id), eq(invoices.status, 'unpaid'))).returning({ id: invoices.id });
      return deleted.length > 0;
    },

    /** What the user's unpaid invoices add up to (2 decimals) and how many there are. */
    async unpaidTotal(userId: number): Promise<{ total: string; count: number }> {
      const [row] = (
        (await db.execute(sql`
          select to_char(coalesce(sum(amount), 0), 'FM999999999999990.00') as total, count(*)::int as count
          from invoices where user_id = ${userId} and status = 'unpaid'`)) as unknown as { rows: { total: string; count: number }[] }
      ).rows;
      return row!;
    },

    /**
     * Records the transfer: a succeeded payment of the invoice's amount (priced by the bank-transfer method's
     * quote), its deposit, and the invoice paid, in one transaction. Undefined when the invoice is not unpaid (paid
     * already, or deleted): a second click records nothing.
     */
    async markPaid(invoice: InvoiceRecord, priced: Quote, methodType: string, reference: string | null, now = new Date()): Promise<{ invoice: InvoiceRecord; payment: PaymentRecord } | undefined> {
      return db.transaction(async (tx) => {
        const [locked] = await tx.select().from(invoices).where(and(eq(invoices.id, invoice.id), eq(invoices.status, 'unpaid'))).for('update');
        if (!locked) return undefined;
        const created = await payments.create(
          {
            userId: locked.userId,
            paymentMethodId: locked.paymentMethodId,
            methodType,
            gateway: 'invoice',
            amount: priced.amount,
            fee: priced.fee,
            bonus: priced.bonus,
            currency: locked.currency,
            idempotencyKey: `invoice:${locked.id}`,
            status: 'pending',
          },
          tx,
        );
        if (reference) await tx.execute(sql`update payments set metadata = metadata || ${JSON.stringify({ bank_reference: reference })}::jsonb where id = ${created!.id}`);
        const payment = await payments.succeed(tx, created!, now);
        const [paid] = await tx.update(invoices).set({ status: 'paid', paidAt: now, paymentId: payment.id, updatedAt: now }).where(eq(invoices.id, locked.id)).returning();
        return { invoice: paid!, payment };
      });
    },
  };
}

export type InvoicesRepository = ReturnType<typeof createInvoicesRepository>;
