/**
 * Campaign spend into the ledger: for every closed hour, what the statistics rollup says a user's campaigns cost
 * minus what the ledger already charged for that hour, as one `campaign_spend` entry. Late events (an ad server
 * that reports an hour after it closed) make a second, keyed entry for the difference, so the ledger's spend of
 * an hour always ends equal to the statistics' cost of that hour, to 6 decimals.
 *
 * Exactly once: the user's row is locked while their hours are compared and charged, and each entry's key names
 * the hour and how many entries it already had, so two processes that raced past the lock would write the same key
 * and the second would append nothing.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { formatDecimal, parseDecimal, sumDecimals } from '../../../engine/format/decimal';
import { postEntries } from './ledger';

const HOUR = 3_600_000;
/** An hour is charged this long after it ended, so the ad server's last reports of it are in. */
export const SPEND_GRACE_MS = 5 * 60_000;
/** Hours already charged are compared again this far back, for late events. */
const LATE_WINDOW_MS = 48 * HOUR;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** The user's last charged hour, read backwards along ledger_entries_user_hour_idx (stops at the first spend entry). */
const lastCharged = (user: ReturnType<typeof sql>) =>
  sql`(select l.hour from ledger_entries l where l.user_id = ${user} and l.hour is not null and l.kind = 'campaign_spend' order by l.hour desc limit 1)`;

/** The first hour not yet closed at `now` (hours before it are charged). */
export function closedBefore(now: Date): Date {
  return new Date(Math.floor((now.getTime() - SPEND_GRACE_MS) / HOUR) * HOUR);
}

/** What one charge pass did. */
export interface SpendCharge {
  userId: number;
  networkId: string;
  /** Entries appended. */
  entries: number;
  /** Their sum, negative (a decimal string). */
  charged: string;
}

/**
 * Every advertiser has a billing account; one that had none starts charging from the hour their account was made.
 */
export async function openBillingAccounts(db: Pick<Db, 'execute'>): Promise<void> {
  await db.execute(sql`
    insert into billing_accounts (user_id, spend_from)
    select id, date_trunc('hour', created_at) from users u
    where role = 'advertiser' and not exists (select 1 from billing_accounts b where b.user_id = u.id)
    on conflict (user_id) do nothing`);
}

/**
 * Users with statistics in hours that may still need charging (after their last charge, or within the late window).
 * Each account's first such hour is worked out once (a materialized CTE), then one index probe of `stat_hourly`
 * per account: inlined, the planner ran the "last charge" once per statistics row (20 s on the demo's 11 000 hours,
 * holding PGlite's one connection).
 */
async function usersToCharge(db: Pick<Db, 'execute'>, before: Date, userIds?: readonly number[]): Promise<{ userId: number; networkId: string }[]> {
  const only = userIds ? sql`where b.user_id in (${sql.join(userIds.map((id) => sql`${id}`), sql`, `)})` : sql``;
  const rows = rowsOf<{ user_id: number; network_id: string }>(
    await db.execute(sql`
      with accounts as materialized (
        select b.user_id, u.network_id,
               greatest(b.spend_from, least(
                 ${at(new Date(before.getTime() - LATE_WINDOW_MS))},
                 coalesce(${lastCharged(sql`b.user_id`)}, b.spend_from))) as from_hour
        from billing_accounts b join users u on u.id = b.user_id
        ${only})
      select a.user_id, a.network_id from accounts a
      where exists (select 1 from stat_hourly h where h.user_id = a.user_id and h.hour >= a.from_hour and h.hour < ${at(before)})
      order by a.user_id`),
  );
  return rows.map((r) => ({ userId: r.user_id, networkId: r.network_id }));
}

/**
 * Charges one user's closed hours: locks their row, compares each hour's rollup cost with the ledger's spend of
 * that hour since the last charge (or within the late window), and appends the differences.
 */
export async function chargeUser(db: Db, { userId, networkId }: { userId: number; networkId: string }, now: Date): Promise<SpendCharge> {
  const before = closedBefore(now);
  return db.transaction(async (tx) => {
    const [account] = rowsOf<{ spend_from: string | Date; last: string | Date | null }>(
      await tx.execute(sql`
        select b.spend_from, ${lastCharged(sql`b.user_id`)} as last
        from users u join billing_accounts b on b.user_id = u.id where u.id = ${userId} for update of u`),
    );
    if (!account) return { userId, networkId, entries: 0, charged: '0' };
    const spendFrom = new Date(account.spend_from);
    const lateFrom = new Date(before.getTime() - LATE_WINDOW_MS);
    const last = account.last ? new Date(account.last) : spendFrom;
    const from = new Date(Math.max(spendFrom.getTime(), Math.min(lateFrom.getTime(), last.getTime())));
    const owed = rowsOf<{ hour: string | Date; delta: string; charges: number }>(
      await tx.execute(sql`
        with cost as (
          select hour, sum(cost) as cost from stat_hourly
          where user_id = ${userId} and hour >= ${at(from)} and hour < ${at(before)}
          group by hour),
        charged as (
          select hour, -sum(amount) as charged, count(*)::int as charges from ledger_entries
          where user_id = ${userId} and kind = 'campaign_spend' and hour >= ${at(from)} and hour < ${at(before)}
          group by hour)
        select coalesce(cost.hour, charged.hour) as hour,
               (coalesce(charged.charged, 0) - coalesce(cost.cost, 0))::numeric(20,6)::text as delta,
               coalesce(charged.charges, 0) as charges
        from cost full join charged on charged.hour = cost.hour
        where coalesce(cost.cost, 0) <> coalesce(charged.charged, 0)
        order by 1`),
    );
    const entries = owed.map((o) => {
      const hour = new Date(o.hour);
      return { userId, kind: 'campaign_spend' as const, amount: o.delta, hour, key: o.charges === 0 ? `spend:${hour.toISOString()}` : `spend:${hour.toISOString()}:${o.charges}` };
    });
    const appended = await postEntries(tx, entries);
    const charged = sumDecimals(owed.map((o) => parseDecimal(o.delta)));
    return { userId, networkId, entries: appended, charged: formatDecimal(charged, 6) };
  });
}

/**
 * One pass of the spend job: opens missing billing accounts, then charges every user with closed hours to charge.
 * @returns what was charged, per user that had anything.
 */
export async function chargeSpend(db: Db, now: Date, userIds?: readonly number[]): Promise<SpendCharge[]> {
  await openBillingAccounts(db);
  const charged: SpendCharge[] = [];
  for (const user of await usersToCharge(db, closedBefore(now), userIds)) {
    const result = await chargeUser(db, user, now);
    if (result.entries > 0) charged.push(result);
  }
  return charged;
}
