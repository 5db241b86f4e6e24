/**
 * What the finances screen reads from the ledger: money in and out per day, and the balance with its forecast.
 * Spend counts on the day of the hour it paid for; every other entry on the day it was written.
 */
import { sql } from 'drizzle-orm';
import type { FinanceStatistics, FinanceSummary } from '../../../generated/types';
import { compareDecimals, parseDecimal } from '../../../engine/format/decimal';
import type { Db } from '../../db/connect';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const DAY = 86_400_000;

/** Days from `start` to `end` (YYYY-MM-DD, both included). */
export function daysBetween(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY) + 1;
}

/** Each day of the range with its debit (money out, positive) and credit (money in), and the totals; 2 decimals. */
export async function financeStatistics(db: Db, userId: number, start: string, end: string): Promise<FinanceStatistics> {
  const rows = rowsOf<{ date: string; debit: string; credit: string }>(
    await db.execute(sql`
      with days as (select generate_series(${start}::date, ${end}::date, interval '1 day')::date as day),
      moved as (
        select (coalesce(hour, created_at) at time zone 'UTC')::date as day, amount from ledger_entries
        where user_id = ${userId}
          and coalesce(hour, created_at) >= ${start}::date::timestamp at time zone 'UTC'
          and coalesce(hour, created_at) < (${end}::date + 1)::timestamp at time zone 'UTC')
      select to_char(d.day, 'YYYY-MM-DD') as date,
             to_char(coalesce(-sum(m.amount) filter (where m.amount < 0), 0), 'FM999999999999990.00') as debit,
             to_char(coalesce(sum(m.amount) filter (where m.amount > 0), 0), 'FM999999999999990.00') as credit
      from days d left join moved m on m.day = d.day
      group by d.day order by d.day`),
  );
  const [totals] = rowsOf<{ debit: string; credit: string }>(
    await db.execute(sql`
      select to_char(coalesce(-sum(amount) filter (where amount < 0), 0), 'FM999999999999990.00') as debit,
             to_char(coalesce(sum(amount) filter (where amount > 0), 0), 'FM999999999999990.00') as credit
      from ledger_entries
      where user_id = ${userId}
        and coalesce(hour, created_at) >= ${start}::date::timestamp at time zone 'UTC'
        and coalesce(hour, created_at) < (${end}::date + 1)::timestamp at time zone 'UTC'`),
  );
  return { rows, totals: totals! };
}

/**
 * The balance, what active campaigns hold of it, and how many whole days it lasts at the last 7 whole days'
 * average campaign spend (null when they spent nothing).
 */
export async function financeSummary(db: Db, userId: number, currency: string, now = new Date()): Promise<FinanceSummary> {
  const today = new Date(Math.floor(now.getTime() / DAY) * DAY);
  const weekAgo = new Date(today.getTime() - 7 * DAY);
  const [row] = rowsOf<{ balance: string; reserved: string; free: string; spent: string; average: string; days_left: number | null; unpaid: string }>(
    await db.execute(sql`
      with figures as (
        select u.balance,
               coalesce((select reserved from reserved_balances where user_id = u.id), 0) as reserved,
               coalesce((select -sum(amount) from ledger_entries where user_id = u.id and kind = 'campaign_spend'
                           and hour >= ${weekAgo.toISOString()}::timestamptz and hour < ${today.toISOString()}::timestamptz), 0) as spent,
               coalesce((select sum(amount) from invoices where user_id = u.id and status = 'unpaid'), 0) as unpaid
        from users u where u.id = ${userId})
      select to_char(balance, 'FM999999999999990.00') as balance,
             to_char(reserved, 'FM999999999999990.00') as reserved,
             to_char(balance - reserved, 'FM999999999999990.00') as free,
             to_char(spent, 'FM999999999999990.00') as spent,
             to_char(spent / 7, 'FM999999999999990.00') as average,
             case when spent > 0 then greatest(floor(balance / (spent / 7)), 0)::int end as days_left,
             to_char(unpaid, 'FM999999999999990.00') as unpaid
      from figures`),
  );
  return {
    balance: row!.balance,
    reserved_balance: row!.reserved,
    free_balance: row!.free,
    currency,
    spent_last_7_days: row!.spent,
    average_daily_spend: row!.average,
    days_left: compareDecimals(parseDecimal(row!.spent), parseDecimal('0')) > 0 ? row!.days_left : null,
    unpaid_invoices: row!.unpaid,
  };
}
