/**
 * The ledger's one way in: `post` appends entries and moves `users.balance` by their sum in one statement, so the
 * balance row is always the sum of the entries, and an entry whose key its user already has changes nothing.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import type { LedgerKind } from './tables';

/** Anything that runs SQL: the database or a transaction. */
export type Executor = Pick<Db, 'execute'>;

/** One entry to append. `amount` is a signed decimal string: credits positive, debits negative. */
export interface LedgerEntryInput {
  userId: number;
  kind: LedgerKind;
  amount: string;
  /** Makes the entry happen once per user: a repeat with the same key is skipped. */
  key?: string | null;
  /** The hour of spend charged (campaign_spend). */
  hour?: Date | null;
  paymentId?: number | null;
  invoiceId?: number | null;
  note?: string | null;
  /** When it happened, if not now (the demo's history; a gateway's reported time). */
  at?: Date;
}

const DECIMAL = /^-?\d{1,14}(\.\d{1,6})?$/;

/**
 * Appends the entries and adds what was appended to each user's balance, in one statement (a repeat key appends
 * nothing and adds nothing). Pass a transaction to make the entries part of a larger change.
 * @returns how many entries were appended.
 * @throws when an amount is not a decimal with at most 6 places (a float's 0.1 + 0.2 would be).
 */
export async function postEntries(db: Executor, entries: readonly LedgerEntryInput[]): Promise<number> {
  if (entries.length === 0) return 0;
  for (const e of entries) if (!DECIMAL.test(e.amount)) throw new Error(`Ledger amount is not an exact decimal: ${e.amount}`);
  const values = sql.join(
    entries.map(
      (e) =>
        sql`(${e.userId}::int, ${e.kind}, ${e.amount}::numeric, ${e.hour ? e.hour.toISOString() : null}::timestamptz, ${e.paymentId ?? null}::int, ${e.invoiceId ?? null}::int, ${e.key ?? null}, ${e.note ?? null}, ${(e.at ?? null)?.toISOString() ?? null}::timestamptz)`,
    ),
    sql`, `,
  );
  const result = (await db.execute(sql`
    with appended as (
      insert into ledger_entries (user_id, kind, amount, hour, payment_id, invoice_id, key, note, created_at)
      select user_id, kind, amount, hour, payment_id, invoice_id, key, note, coalesce(at, now())
      from (values ${values}) as v(user_id, kind, amount, hour, payment_id, invoice_id, key, note, at)
      on conflict (user_id, key) do nothing
      returning user_id, amount),
    moved as (
      update users u set balance = u.balance + s.total
      from (select user_id, sum(amount) as total from appended group by user_id) s
      where u.id = s.user_id
      returning u.id)
    select (select count(*) from appended)::int as appended`)) as unknown as { rows: { appended: number }[] };
  return result.rows[0]?.appended ?? 0;
}

/** A user's balance as the sum of their entries (6 decimals), for checks against `users.balance`. */
export async function ledgerSum(db: Executor, userId: number): Promise<string> {
  const result = (await db.execute(sql`select coalesce(sum(amount), 0)::numeric(20,6)::text as sum from ledger_entries where user_id = ${userId}`)) as unknown as { rows: { sum: string }[] };
  return result.rows[0]!.sum;
}
