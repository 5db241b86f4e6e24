import { sql, type SQL } from 'drizzle-orm';
import type { Transaction, TransactionsQuery } from '../../../generated/types';
import type { Db } from '../../db/connect';
import type { PageRequest } from '../../db/listing';
import { textArray } from '../../db/sqlArrays';

export type TransactionPageQuery = TransactionsQuery & PageRequest<NonNullable<TransactionsQuery['sort']>>;

/**
 * A page of the user's ledger as the finances screen lists it: every entry as it was written, except campaign spend,
 * which is charged hour by hour and shows as one row per UTC day (its amount the day's sum, its time the day's last
 * hour charged, its id the newest entry's). Amounts to the cent: what the balance shows.
 */
export async function transactionsPage(db: Db, userId: number, q: TransactionPageQuery): Promise<{ rows: Transaction[]; filtered: number }> {
  const kinds = q.kind?.length ? sql`and kind = any(${textArray(q.kind)})` : sql``;
  const column = q.sort === 'amount' ? sql`rows.amount` : sql`rows.created_at`;
  const direction = q.order === 'asc' ? sql`asc` : sql`desc`;
  const limit = q.per_page === -1 ? sql`` : sql`limit ${q.per_page} offset ${(q.page - 1) * q.per_page}`;
  const result = (await db.execute(sql`
    with rows as (
      select id, created_at, kind, amount, note from ledger_entries where user_id = ${userId} and kind <> 'campaign_spend' ${kinds}
      union all
      select max(id), max(hour), 'campaign_spend', sum(amount), null from ledger_entries
      where user_id = ${userId} and kind = 'campaign_spend' ${kinds}
      group by (hour at time zone 'UTC')::date
    )
    select id::int, created_at, kind, round(amount, 2)::numeric(18,2)::text as money, note, (count(*) over ())::int as filtered
    from rows order by ${column} ${direction}, rows.id ${direction} ${limit}`)) as unknown as {
    rows: { id: number; created_at: Date | string; kind: Transaction['kind']; money: string; note: string | null; filtered: number }[];
  };
  const filtered = result.rows[0]?.filtered ?? (q.page > 1 ? await count(db, userId, kinds) : 0);
  return { rows: result.rows.map((r) => ({ id: r.id, created_at: new Date(r.created_at).toISOString(), kind: r.kind, amount: r.money, note: r.note })), filtered };
}

/** How many rows the list has (a page past the end has none to carry the count). */
async function count(db: Db, userId: number, kinds: SQL): Promise<number> {
  const result = (await db.execute(sql`
    select (select count(*) from ledger_entries where user_id = ${userId} and kind <> 'campaign_spend' ${kinds})
      + (select count(distinct (hour at time zone 'UTC')::date) from ledger_entries where user_id = ${userId} and kind = 'campaign_spend' ${kinds}) as n`)) as unknown as { rows: { n: string | number }[] };
  return Number(result.rows[0]?.n ?? 0);
}
