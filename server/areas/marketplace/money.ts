/**
 * A flat deal's money: approving an application holds its price from the user's free balance (what the balance
 * has beyond the reserves of active campaigns and other approved deals, `reserved_balances`), and the charge job
 * moves the price into the ledger day by day as the period runs: after each whole day, the share of the price of the
 * days gone by (the last day takes whatever rounding left), as one `flat_deal` entry keyed by the application and the
 * day, added to `charged` in the same transaction. A repeat of the job (another process, a retried run) finds the
 * row locked or the key taken, and charges nothing twice.
 */
import { and, eq, sql } from 'drizzle-orm';
import { formatDecimal, parseDecimal, roundDecimal } from '../../../engine/format/decimal';
import type { Db } from '../../db/connect';
import { postEntries } from '../finances/public';
import { addDays, daysBetween } from './checkApplication';
import type { ApplicationRecord } from './repository';
import { flatDealApplications } from './tables';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const cents = (amount: string) => roundDecimal(parseDecimal(amount), 2).units;
const money = (units: bigint) => formatDecimal({ units, scale: 2 }, 2);

/** The part of `price` charged after `elapsed` of `total` days: its share to the cent (half up), all of it at the end. */
export function chargedAfter(price: string, elapsed: number, total: number): string {
  if (elapsed >= total) return money(cents(price));
  if (elapsed <= 0) return '0.00';
  const n = cents(price) * BigInt(elapsed);
  const d = BigInt(total);
  return money((2n * n + d) / (2n * d));
}

/** What a decision did: the application as it is now, or why it could not be made. */
export type Decision = { application: ApplicationRecord } | { refused: 'not_pending' } | { refused: 'funds'; free: string };

/**
 * Approves a pending application if the user's free balance covers its price (the user's row is locked while it is
 * checked, as campaigns lock it to reserve). The reserve is the approved application itself.
 */
export async function approve(db: Db, applicationId: number, staffId: number, note: string | null): Promise<Decision> {
  return db.transaction(async (tx) => {
    const [pending] = rowsOf<{ user_id: number; price: string }>(
      await tx.execute(sql`select user_id, price::text from flat_deal_applications where id = ${applicationId} and status = 'pending' for update`),
    );
    if (!pending) return { refused: 'not_pending' as const };
    await tx.execute(sql`select 1 from users where id = ${pending.user_id} for update`);
    // A statement of its own after the lock: it sees every reserve committed before the lock was granted.
    const [funds] = rowsOf<{ free: string; enough: boolean }>(
      await tx.execute(sql`
        select (u.balance - coalesce(r.reserved, 0))::numeric(18,2)::text as free, u.balance - coalesce(r.reserved, 0) >= ${pending.price}::numeric as enough
        from users u left join reserved_balances r on r.user_id = u.id where u.id = ${pending.user_id}`),
    );
    if (!funds?.enough) return { refused: 'funds' as const, free: funds?.free ?? '0.00' };
    const [approved] = await tx
      .update(flatDealApplications)
      .set({ status: 'approved', decisionNote: note, decidedAt: sql`now()`, decidedBy: staffId, updatedAt: sql`now()` })
      .where(and(eq(flatDealApplications.id, applicationId), eq(flatDealApplications.status, 'pending')))
      .returning();
    return approved ? { application: approved } : { refused: 'not_pending' as const };
  });
}

/** Rejects a pending application with the reason the user reads. */
export async function reject(db: Db, applicationId: number, staffId: number, note: string): Promise<Decision> {
  const [rejected] = await db
    .update(flatDealApplications)
    .set({ status: 'rejected', decisionNote: note, decidedAt: sql`now()`, decidedBy: staffId, updatedAt: sql`now()` })
    .where(and(eq(flatDealApplications.id, applicationId), eq(flatDealApplications.status, 'pending')))
    .returning();
  return rejected ? { application: rejected } : { refused: 'not_pending' };
}

const dateText = (value: unknown) => (value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10));

/** One application charged by a pass of the job. */
export interface DealCharge {
  applicationId: number;
  userId: number;
  networkId: string;
  /** What this pass charged (a positive decimal). */
  amount: string;
}

/**
 * One pass of the charge job: every approved application with whole days gone by and price left to charge is
 * charged up to its share of the price for those days.
 * @param now the job's clock; a day counts once it has ended (UTC)
 */
export async function chargeFlatDeals(db: Db, now: Date): Promise<DealCharge[]> {
  const today = now.toISOString().slice(0, 10);
  const due = rowsOf<{ id: number }>(
    await db.execute(sql`select id from flat_deal_applications where status = 'approved' and starts_on < ${today}::date and charged < price order by id`),
  );
  const charges: DealCharge[] = [];
  for (const { id } of due) {
    const charge = await chargeApplication(db, id, today);
    if (charge) charges.push(charge);
  }
  return charges;
}

async function chargeApplication(db: Db, id: number, today: string): Promise<DealCharge | null> {
  return db.transaction(async (tx) => {
    const [a] = rowsOf<{ user_id: number; network_id: string; price: string; charged: string; starts_on: unknown; ends_on: unknown }>(
      await tx.execute(sql`
        select a.user_id, u.network_id, a.price::text, a.charged::text, a.starts_on, a.ends_on
        from flat_deal_applications a join users u on u.id = a.user_id
        where a.id = ${id} and a.status = 'approved' for update of a`),
    );
    if (!a) return null;
    const total = daysBetween(dateText(a.starts_on), dateText(a.ends_on));
    const elapsed = Math.min(total, Math.max(0, daysBetween(dateText(a.starts_on), addDays(today, -1))));
    const target = chargedAfter(a.price, elapsed, total);
    const delta = cents(target) - cents(a.charged);
    if (delta <= 0n) return null;
    const appended = await postEntries(tx, [
      { userId: a.user_id, kind: 'flat_deal', amount: money(-delta), key: `flat-deal:${id}:${elapsed}`, note: `FD-${id}: ${elapsed} of ${total} days` },
    ]);
    if (!appended) return null;
    await tx.execute(sql`update flat_deal_applications set charged = ${target}::numeric, updated_at = now() where id = ${id}`);
    return { applicationId: id, userId: a.user_id, networkId: a.network_id, amount: money(delta) };
  });
}
